"""The whole book, as manuscript.yaml's chapters: list it, in one .docx and one Markdown file.

Each chapter is a take of a scene told as its own export would tell it (the same pace, budget and
memory of phrasings, so the book's chapter and the chapter's export read alike), numbered by its
place in the book. Every missing scene or take is found before anything is written, and each is
reported where manuscript.yaml names it. Nothing is overwritten: the same bytes already there
mean nothing is written, and a different book goes to the next free name (or, with force, the
old one is kept as a backup).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from versus import __version__
from versus.export.blocks import read_blocks, word_count
from versus.export.config import Chapter, Manuscript, ManuscriptError
from versus.export.memory import Memory, key_of
from versus.export.place import Exported
from versus.files import clean_text, write_export
from versus.scenes.problems import Problem
from versus.takes.playthrough import Playthrough

BOOK_KEYS = ("title", "author", "versus", "pagetitle", "chapter")  # said once for the book, or its own


@dataclass
class Told:
    """One chapter, ready to tell: its playthrough and the take it replays."""

    chapter: Chapter
    play: Playthrough
    take_name: str
    changed: bool = False  # the scene has changed since the take was played


@dataclass(frozen=True)
class Book:
    markdown: Exported
    docx: Exported
    words: int
    chapters: int


def file_stem(title: str) -> str:
    """'Pride & Prejudice' → 'pride-prejudice': a file name for the book, never a path."""
    return re.sub(r"[^\w]+", "-", title.lower()).strip("-_")[:60] or "book"


def gather(manuscript: Manuscript) -> list[Told]:
    """Every chapter's playthrough, or ManuscriptError with every scene or take that is missing."""
    from versus.scenes.load import load_scene
    from versus.scenes.problems import SceneError
    from versus.takes.store import TakesError, TakeStore

    if not manuscript.chapters:
        raise ManuscriptError(_name(manuscript), [Problem(1, 1, "no chapters: list the book's scene files under "
                                                                "chapters:, in order")])
    folder = manuscript.path.parent if manuscript.path else Path()
    problems: list[Problem] = []
    told: list[Told] = []
    for chapter in manuscript.chapters:
        where = (chapter.line, chapter.column)
        path = folder / chapter.scene
        if not path.is_file():
            problems.append(Problem(*where, f"no scene file {chapter.scene}{_near(path)}"))
            continue
        try:
            scene = load_scene(path)
        except SceneError as error:
            problems.append(Problem(*where, f"the scene {chapter.scene} has problems; `versus check {path}` "
                                            f"lists them (first: {error.lines()[0]})"))
            continue
        store = TakeStore(scene.path)
        try:
            take = store.get(chapter.take) if chapter.take else store.latest()
        except TakesError as error:
            problems.append(Problem(*where, f"{chapter.scene}: {error}"))
            continue
        if take is None:
            told.append(Told(chapter, Playthrough(scene), "as written"))
            continue
        play = Playthrough(scene, take_spins=list(take.spins), seed=take.seed)
        if not all(1 <= s <= play.faces for s in take.spins):
            problems.append(Problem(*where, f"{chapter.scene}: {take.name} holds a spin the teetotum cannot give"))
            continue
        told.append(Told(chapter, play, take.name, take.scene_digest != scene.digest))
    if problems:
        raise ManuscriptError(_name(manuscript), problems)
    return told


def _near(path: Path) -> str:
    """' (did you mean …?)' for a scene file of a near name in the same folder."""
    from versus.scenes.problems import suggest

    try:
        names = sorted(p.name for p in path.parent.glob("*.y*ml") if ".takes" not in p.name)
    except OSError:
        return ""
    near = suggest(path.name, names) if names else ""
    return near if "did you mean" in near else ""


def _name(manuscript: Manuscript) -> str:
    return str(manuscript.path) if manuscript.path else "manuscript.yaml"


def compile_book(manuscript: Manuscript, folder: Path, force: bool = False, font: str = "times",
                 progress: Callable[[str], None] | None = None, notes: list[str] | None = None) -> Book:
    """Write the book into folder as <title>.md and <title>.docx; progress hears of each chapter."""
    from versus.export.markdown import front_matter, heading, prose, record

    told = gather(manuscript)
    memory = Memory(folder)
    chapters_md: list[str] = []
    records: list[dict] = []
    for number, chapter in enumerate(told, start=1):
        play, item = chapter.play, chapter.chapter
        if progress:
            progress(f"chapter {number} of {len(told)}: {item.scene} ({chapter.take_name})")
        if chapter.changed and notes is not None:
            notes.append(f"{item.scene} has changed since {chapter.take_name} was played; its spins are replayed "
                         "under the scene as it is now")
        for _ in play.play_out():
            pass
        key = key_of(Path(play.scene.path).name, chapter.take_name, item.pace, item.words)
        used: list[str] = []
        paragraphs = prose(play, item.pace, item.words, notes=notes, avoid=memory.before(key), used=used,
                           dashes=manuscript.dashes)
        chapters_md.append("\n\n".join([heading(play.scene.title, number), *paragraphs]))
        kept = next((e.file for e in memory.entries() if e.key == key), f"{file_stem(manuscript.title)}.md")
        memory.remember(key, kept, tuple(used))  # the chapter's own export, if made first, keeps its name
        facts = record(play, chapter.take_name, item.pace, manuscript, item.words)
        records.append({k: v for k, v in facts.items() if k not in BOOK_KEYS})
    body = "\n\n".join(chapters_md)
    words = word_count(read_blocks(body))
    front = {"title": manuscript.title, "author": manuscript.author, "words": words,
             "chapters": records, "versus": __version__}
    markdown = clean_text(front_matter(front) + "\n\n" + body + "\n")
    data = book_docx(manuscript, markdown, words, font)  # its scene breaks (* * *) read back as "#"
    stem = file_stem(manuscript.title)
    if progress:
        progress(f"writing {stem}.md and {stem}.docx ({words:,} words)")
    md = Exported(*write_export(folder / f"{stem}.md", markdown, force))
    doc = Exported(*write_export(folder / f"{stem}.docx", data, force))
    return Book(md, doc, words, len(told))


def book_docx(manuscript: Manuscript, markdown: str, words: int, font: str = "times") -> bytes:
    from versus.export.docx import Front, docx_bytes

    blocks = read_blocks(markdown)
    facts = {"title": manuscript.title, "author": manuscript.author, "words": words,
             "chapters": sum(1 for b in blocks if b.kind == "heading" and b.level == 1), "versus": __version__}
    front = Front(manuscript.title, f"{manuscript.surname} / {manuscript.short_title}", words,
                  author=manuscript.author, contact=(manuscript.author, *manuscript.contact),
                  comments=f"Compiled by Versus {__version__} from {_name(manuscript)}.", record=facts,
                  font=font, paper=manuscript.paper, book=True)
    return docx_bytes(blocks, front)
