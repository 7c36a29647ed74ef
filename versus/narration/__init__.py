"""The narrator: a take's events told as Regency prose (STYLE.md), with phrasing kept as data."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from versus.narration.narrator import Paragraph
    from versus.takes.playthrough import Playthrough


def narrate(play: "Playthrough", pace: str = "brisk", words: int | None = None) -> list[str]:
    """The prose of the play so far, as Markdown paragraphs (curly quotes, em dashes)."""
    return [p.text for p in told(play, pace, words)]


def told(play: "Playthrough", pace: str = "brisk", words: int | None = None) -> list["Paragraph"]:
    """The prose as paragraphs that know which actions they tell (for --annotate and the checker);
    words is a budget for the body, which the planner meets within 15%."""
    from versus.narration.plan import compose

    return list(compose(play, pace, words).paragraphs)


def annotated(paragraphs: list["Paragraph"]) -> list[str]:
    """Each paragraph after an HTML comment naming its actions, counted from 1 as `versus trace` prints them."""
    out = []
    for para in paragraphs:
        span = "none" if para.first is None else f"{para.first + 1}-{para.last + 1}"
        out.extend([f"<!-- versus: actions {span} -->", para.text])
    return out


def prose_markdown(play: "Playthrough", pace: str = "brisk", words: int | None = None) -> str:
    return "\n\n".join(narrate(play, pace, words)) + "\n"
