"""The narrator: a take's events told as Regency prose (STYLE.md), with phrasing kept as data."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from versus.takes.playthrough import Playthrough


def narrate(play: "Playthrough", pace: str = "brisk") -> list[str]:
    """The prose of the play so far, as Markdown paragraphs (curly quotes, em dashes)."""
    from versus.narration.narrator import Narrator

    return Narrator(play, pace).paragraphs()


def prose_markdown(play: "Playthrough", pace: str = "brisk") -> str:
    return "\n\n".join(narrate(play, pace)) + "\n"
