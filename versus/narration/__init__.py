"""The narrator: a take's events told as Regency prose, a pipeline of small stages (docs/narration.md):
facts → turning points → plan → talk → refer → realise, with phrasing kept as data (response rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from versus.narration.pipeline import Composition
    from versus.narration.realise import Paragraph
    from versus.takes.playthrough import Playthrough


def compose(play: Playthrough, pace: str = "brisk", words: int | None = None,
            avoid: frozenset[str] = frozenset(), going_on: bool = False) -> Composition:
    """The prose planned for a pace or a word budget, with the phrasings it used; avoid names the
    phrasings a manuscript's other exports used."""
    from versus.narration.pipeline import compose as run

    return run(play, pace, words, avoid, going_on)


def narrate(play: Playthrough, pace: str = "brisk", words: int | None = None) -> list[str]:
    """The prose of the play so far, as Markdown paragraphs (curly quotes, em dashes)."""
    return [p.text for p in told(play, pace, words)]


def told(play: Playthrough, pace: str = "brisk", words: int | None = None,
         going_on: bool = False) -> list[Paragraph]:
    """The prose as paragraphs that know which actions they tell (for --annotate and the checker)."""
    return list(compose(play, pace, words, going_on=going_on).paragraphs)


def annotated(paragraphs: list[Paragraph]) -> list[str]:
    """Each paragraph after an HTML comment naming its actions, counted from 1 as `versus trace` prints
    them: `actions a-b` for narration (every action in exactly one), `talk a-b` for a spoken line
    about those actions, `none` for the opening and the close."""
    out = []
    for para in paragraphs:
        span = "none" if para.first is None or para.last is None else f"{para.first + 1}-{para.last + 1}"
        kind = "talk" if para.talk and span != "none" else "actions"
        out.extend([f"<!-- versus: {kind if span != 'none' else 'actions'} {span} -->", para.text])
    return out


def prose_markdown(play: Playthrough, pace: str = "brisk", words: int | None = None) -> str:
    return "\n\n".join(narrate(play, pace, words)) + "\n"
