"""A take exported as Markdown for the manuscript: front matter to reproduce it, a heading, the prose.

Exports are written atomically and never overwrite an earlier export silently: a changed export
goes to the next free name, or with force the old file is kept as a backup.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from versus import __version__
from versus.export.config import Manuscript
from versus.export.memory import key_of, memory_for
from versus.export.place import Exported, export_dir, export_name
from versus.export.typography import house_style
from versus.files import clean_text, write_export
from versus.narration import annotated, compose
from versus.scenes.model import SCENE_BREAK
from versus.takes.log import SOURCE, describe
from versus.takes.outcome import outcome
from versus.takes.playthrough import Playthrough

NUMERALS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman(n: int) -> str:
    out = ""
    for value, letters in NUMERALS:
        while n >= value:
            out += letters
            n -= value
    return out


def record(play: Playthrough, take_name: str, pace: str = "brisk", manuscript: Manuscript | None = None,
           words: int | None = None) -> dict:
    """The front matter: everything needed to reproduce the export (Markdown and .docx alike).

    title is the novel's, from manuscript.yaml, and the chapter's own title is chapter_title, so
    that pandoc -s prints each once and concatenated chapters keep the book's title. Without
    manuscript.yaml there is no title: the heading names the chapter (pagetitle names a web page).
    """
    scene = play.scene
    front = {
        **({"title": manuscript.title, "author": manuscript.author} if manuscript else {"pagetitle": scene.title}),
        "chapter_title": scene.title,
        "chapter": scene.chapter,
        "scene": Path(scene.path).name,
        "take": take_name,
        "board": play.board.id,
        "rules": {"preset": play.rules.preset, **dict(play.rules.values)},
        "seed": play.seed,
        "spins": play.spins(),
        "pace": pace,
        **({"words": words} if words is not None else {}),
        "outcome": outcome(play),
        "versus": __version__,
    }
    if scene.chapter is None:
        del front["chapter"]
    return front


def heading(title: str, chapter: int | None) -> str:
    return f"# Chapter {roman(chapter)} \u2014 {title}" if chapter else f"# {title}"


def front_matter(front: dict) -> str:
    return "---\n" + yaml.safe_dump(front, sort_keys=False, allow_unicode=True, width=100,
                                    default_flow_style=None) + "---"


def render(play: Playthrough, take_name: str, pace: str = "brisk", ledger: bool = False,
           manuscript: Manuscript | None = None, annotate: bool = False, words: int | None = None,
           notes: list[str] | None = None, avoid: frozenset[str] = frozenset(),
           used: list[str] | None = None) -> str:
    """The export's Markdown; with annotate, a comment before each paragraph names the actions it tells;
    words is a budget for the prose; what the author should know of it is added to notes. avoid names
    phrasings the manuscript's other exports used; the phrasings this one uses are added to used."""
    scene = play.scene
    parts = [front_matter(record(play, take_name, pace, manuscript, words)), heading(scene.title, scene.chapter)]
    parts.extend(prose(play, pace, words, annotate, notes, avoid, used, manuscript.dashes if manuscript else "closed"))
    if ledger:
        parts.append(ledger_table(play))
    return "\n\n".join(parts) + "\n"


def prose(play: Playthrough, pace: str = "brisk", words: int | None = None, annotate: bool = False,
          notes: list[str] | None = None, avoid: frozenset[str] = frozenset(), used: list[str] | None = None,
          dashes: str = "closed") -> list[str]:
    """The chapter's paragraphs as Markdown blocks, in the house style, a scene break as a thematic break."""
    composition = compose(play, pace, words, avoid)
    if notes is not None:
        notes.extend(composition.warnings)
    if used is not None:
        used.extend(composition.phrasings)
    paragraphs = list(composition.paragraphs)
    blocks = annotated(paragraphs) if annotate else [p.text for p in paragraphs]
    out: list[str] = []
    note = None
    for block in blocks:
        if block.startswith("<!--"):
            note = block
            out.append(block)
            continue
        told = False
        for piece in _broken(block):
            if piece is None:
                out.append(BREAK)
                continue
            if told and note:  # the paragraph's part after a break: its actions named again
                out.append(note)
            out.append(house_style(piece, dashes))
            told = True
    return _no_stray_breaks(out)


BREAK = "* * *"


def _broken(text: str) -> list[str | None]:
    """A paragraph split where a scene break fell in it: its parts, with None for each break."""
    if SCENE_BREAK not in text:
        return [text]
    out: list[str | None] = []
    for n, piece in enumerate(text.split(SCENE_BREAK)):
        if n:
            out.append(None)
        if piece.strip():
            out.append(piece.strip())
    return out


def _no_stray_breaks(blocks: list[str]) -> list[str]:
    """No break before the first paragraph or after the last, nor two together."""
    out: list[str] = []
    for block in blocks:
        if block == BREAK and (not any(b != BREAK and not b.startswith("<!--") for b in out) or out[-1] == BREAK):
            continue
        out.append(block)
    while out and out[-1] == BREAK:
        out.pop()
    return out


def ledger_table(play: Playthrough) -> str:
    names = [p.called for p in play.scene.players]
    rows = ["*The ledger of the play.*", "",
            "| Turn | Player | Spin | What happened | Counters |", "|---:|---|---|---|---|"]
    states = play.game.states[1:]
    for played, state in zip(play.played, states, strict=True):  # a state after each action
        action = played.action
        spin = "—" if action.spin is None else f"{action.spin} ({SOURCE.get(played.source or '', '')})"
        counters = ", ".join(str(c) for c in state.counters) + f"; {play.board.pool_name} {state.pool}"
        what = describe(action, play.board, names).replace("|", "/") or "—"
        rows.append(f"| {action.turn or ''} | {names[action.player]} | {spin} | {what} | {counters} |")
    return "\n".join(rows)


def export_play(play: Playthrough, take_name: str, out: Path | str | None = None, pace: str = "brisk",
                ledger: bool = False, force: bool = False, default_name: str | None = None,
                manuscript: Manuscript | None = None, annotate: bool = False, words: int | None = None,
                notes: list[str] | None = None) -> Exported:
    """Write the export; never clobber: same bytes → nothing written; else next free name or backup.

    The exports of one folder are a manuscript: this one draws around the phrasings of those made
    before it, and its own are remembered beside them (versus/export/memory.py).
    """
    name = export_name(default_name or play.scene.name, pace, words, ".md")  # never out of manuscript_exports/
    target = Path(out) if out else export_dir(manuscript) / name
    memory = memory_for(target, export_dir(manuscript), notes)
    key = key_of(Path(play.scene.path).name, take_name, pace, words)
    used: list[str] = []
    text = clean_text(render(play, take_name, pace, ledger, manuscript, annotate, words, notes,
                             memory.before(key), used))  # no ESC or BEL in a manuscript
    path, written, backup = write_export(target, text, force)
    memory.remember(key, path.name, tuple(used))
    return Exported(path, written, backup)


__all__ = ["Exported", "export_play", "heading", "prose", "record", "render", "roman"]
