"""manuscript.yaml in the working folder: the novel's title, its author and how to reach her,
the chapters of the book in order, the house style of dashes, and where exports go.

Optional. Problems are reported as scene problems are, FILE:LINE:COLUMN: message, all at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from versus.files import Unreadable, has_control, read_bounded
from versus.scenes.nodes import at, compose, kind_name, mapping_items, scalar
from versus.scenes.problems import Problem, SceneError, suggest

FILENAME = "manuscript.yaml"
KEYS = ("title", "short_title", "author", "surname", "contact", "paper", "dashes", "exports", "chapters")
CONTACT_KEYS = ("address", "email", "phone", "website", "agent")
CHAPTER_KEYS = ("scene", "take", "pace", "words")
PAPERS = ("letter", "a4")
DASHES = ("closed", "spaced", "--")  # "word—word", "word — word", or "word--word" as typed for Courier
PACES = ("summary", "brisk", "full")
EXPORTS = "manuscript_exports"
MAX_BYTES = 100_000  # a few lines of names and addresses


class ManuscriptError(SceneError):
    """A manuscript.yaml that cannot be used; carries every problem found in it."""


@dataclass(frozen=True)
class Manuscript:
    title: str  # the novel's title
    author: str  # the name on the first page, e.g. "Jane Smith"
    surname: str  # for the running head
    short_title: str  # for the running head
    contact: tuple[str, ...] = ()  # lines under the name: address lines, email, phone…
    paper: str = "letter"
    dashes: str = "closed"
    chapters: tuple[Chapter, ...] = ()  # the book, in order (versus manuscript)
    exports: Path | None = None  # where exports go; None: manuscript_exports/ beside the file
    path: Path | None = field(default=None, compare=False)  # the manuscript.yaml read

    def export_folder(self) -> Path:
        """exports: as given (relative to manuscript.yaml), else manuscript_exports/ beside it."""
        folder = self.path.parent if self.path is not None else Path()
        exports = self.exports.expanduser() if self.exports is not None else Path(EXPORTS)
        return Path(os.path.abspath(folder / exports))  # absolute, with no "..", for the messages


@dataclass(frozen=True)
class Chapter:
    """One item of chapters: a scene file, and which take of it to tell, at what pace and length."""

    scene: Path  # relative to manuscript.yaml's folder, as typed
    take: str | None = None  # None: the latest take
    pace: str = "brisk"
    words: int | None = None
    line: int = 1  # where manuscript.yaml names it, for a located problem
    column: int = 1


def find_manuscript(folder: Path | str | None = None) -> Manuscript | None:
    """manuscript.yaml in folder (default: the working folder), or None when there is none."""
    path = Path(folder) / FILENAME if folder else Path(FILENAME)  # named in messages as the author typed it
    if not (path.exists() or path.is_symlink()):
        return None  # a FIFO or a dangling link under that name is reported, not passed over
    return load_manuscript(path)


def load_manuscript(path: Path | str) -> Manuscript:
    path = Path(path)
    try:
        data = read_bounded(path, MAX_BYTES, "manuscript.yaml")  # a FIFO or /dev/zero is refused, not read
    except Unreadable as error:
        raise ManuscriptError(str(path), [Problem(1, 1, str(error))]) from None
    text = compose(data)
    if text.problems:
        raise ManuscriptError(str(path), text.problems)
    reader = _Reader()
    manuscript = reader.manuscript(text.nodes)
    if reader.problems or manuscript is None:
        raise ManuscriptError(str(path), reader.problems or [Problem(1, 1, "not a manuscript.yaml")])
    return replace(manuscript, path=path)


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def manuscript(self, root: yaml.Node | None) -> Manuscript | None:
        if root is None:
            self.problems.append(Problem(1, 1, "the file is empty; manuscript.yaml needs at least title and author"))
            return None
        fields = self.mapping(root, "manuscript.yaml", KEYS)
        if not isinstance(root, yaml.MappingNode):
            return None
        for required in ("title", "author"):
            if required not in fields:
                self.problems.append(at(root, f"missing required key {required!r}"))
        value = {key: self.text(node, key) for key, node in fields.items() if key not in ("contact", "chapters")}
        contact = self.contact(fields["contact"]) if "contact" in fields else ()
        chapters = self.chapters(fields["chapters"]) if "chapters" in fields else ()
        paper = value.get("paper") or "letter"
        if paper.lower() not in PAPERS:
            self.problems.append(at(fields["paper"], f"unknown paper {paper!r}{suggest(paper, PAPERS)}"))
        dashes = value.get("dashes") or "closed"
        if dashes.lower() not in DASHES:
            self.problems.append(at(fields["dashes"], f"unknown dashes {dashes!r}{suggest(dashes, DASHES)}"))
        title, author = value.get("title"), value.get("author")
        if not title or not author:
            return None
        exports = Path(folder) if (folder := value.get("exports")) else None
        return Manuscript(title, author, value.get("surname") or author.split()[-1],
                          value.get("short_title") or title, contact, paper.lower(), dashes.lower(),
                          chapters, exports)

    def chapters(self, node: yaml.Node) -> tuple[Chapter, ...]:
        """A list of scene paths, each plain or {scene: PATH, take: NAME, pace: …, words: N}."""
        if not isinstance(node, yaml.SequenceNode):
            self.problems.append(at(node, f"chapters should be a list of scene files, not {kind_name(node)}"))
            return ()
        out = []
        for item in node.value:
            where = (item.start_mark.line + 1, item.start_mark.column + 1)
            if isinstance(item, yaml.ScalarNode):
                scene = self.text(item, "a chapter's scene")
                if scene:
                    out.append(Chapter(Path(scene), line=where[0], column=where[1]))
                continue
            fields = self.mapping(item, "a chapter", CHAPTER_KEYS)
            if not isinstance(item, yaml.MappingNode):
                continue
            if "scene" not in fields:
                self.problems.append(at(item, "a chapter needs 'scene': the scene file to tell"))
                continue
            scene = self.text(fields["scene"], "scene")
            take = self.text(fields["take"], "take") if "take" in fields else None
            pace = self.text(fields["pace"], "pace") if "pace" in fields else "brisk"
            if pace and pace not in PACES:
                self.problems.append(at(fields["pace"], f"unknown pace {pace!r}{suggest(pace, PACES)}"))
            words = scalar(fields["words"]) if "words" in fields else None
            if words is not None and (isinstance(words, bool) or not isinstance(words, int)
                                      or not 50 <= words <= 100_000):
                self.problems.append(at(fields["words"], "words should be a whole number from 50 to 100000"))
                words = None
            if scene:
                out.append(Chapter(Path(scene), take, pace or "brisk", words, *where))
        return tuple(out)

    def mapping(self, node: yaml.Node, what: str, keys: tuple[str, ...]) -> dict[str, yaml.Node]:
        if not isinstance(node, yaml.MappingNode):
            self.problems.append(at(node, f"{what} should be a mapping of keys to values, not {kind_name(node)}"))
            return {}
        items, problems = mapping_items(node)
        self.problems.extend(problems)
        found = {}
        for key, key_node, value_node in items:
            if key not in keys:
                self.problems.append(at(key_node, f"unknown key {key!r} in {what}{suggest(key, keys)}"))
            else:
                found[key] = value_node
        return found

    def text(self, node: yaml.Node, what: str) -> str | None:
        value = scalar(node)
        if isinstance(value, str) and (control := has_control(value)):
            self.problems.append(at(node, f"{what} holds a control character ({control}); remove it"))
            return None
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(node.value)  # a phone number or a house number, as typed
        self.problems.append(at(node, f"{what} should be text, not {kind_name(node)}"))
        return None

    def contact(self, node: yaml.Node) -> tuple[str, ...]:
        """Lines for the first page: the address (text or a list of lines), then the rest in order."""
        lines: list[str] = []
        for key, value_node in self.mapping(node, "contact", CONTACT_KEYS).items():
            if key == "address" and isinstance(value_node, yaml.SequenceNode):
                lines.extend(line for item in value_node.value if (line := self.text(item, "an address line")))
            elif line := self.text(value_node, key):
                lines.append(line)
        return tuple(lines)
