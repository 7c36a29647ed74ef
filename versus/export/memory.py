"""A manuscript remembers: the phrasings each export in a folder used, so that no two share a sentence.

The record (`.versus-phrasings.yaml`, beside the exports) lists the exports in the order they were
first made, each with the phrasings it used. An export draws around the phrasings of those made
before it, so exporting the same take again gives the same bytes, and a new one avoids them all.
Delete the file to let exports draw on every phrasing again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from versus.files import Unreadable, folder_lock, read_bounded, write_atomic

NAME = ".versus-phrasings.yaml"
LIMIT = 8 * 1024 * 1024  # a record of many hundreds of exports; anything larger is not ours
HEAD = ("# Versus: the phrasings each export in this folder used, so that no two exports share a\n"
        "# sentence. Delete this file to let new exports draw on every phrasing again.\n")
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@dataclass(frozen=True, slots=True)
class Entry:
    key: str  # scene, take, pace and budget: what makes an export the same export
    file: str
    used: tuple[str, ...]


def key_of(scene_file: str, take: str, pace: str, words: int | None) -> str:
    return f"{scene_file} | {take} | {pace}" + (f" | {words} words" if words else "")


class Memory:
    """The record of one folder of exports (folder None: an export that keeps no record).

    A record that cannot be read is never rewritten: it is set aside as `.versus-phrasings.yaml.damaged`
    when the next export is remembered, and a warning saying where (FILE:LINE:COLUMN) goes to notes."""

    def __init__(self, folder: Path | None, notes: list[str] | None = None) -> None:
        self.path = folder / NAME if folder is not None else None
        self.notes = notes if notes is not None else []
        self.damage: str | None = None  # why the record could not be read, located, when it could not

    def entries(self) -> list[Entry]:
        self.damage = None
        if self.path is None or not (self.path.exists() or self.path.is_symlink()):
            return []
        data, self.damage = _read(self.path)
        if self.damage:
            return []
        return [Entry(str(r["key"]), str(r.get("file", "")), tuple(str(u) for u in r.get("used") or ()))
                for r in data["exports"] or () if isinstance(r, dict) and "key" in r]

    def before(self, key: str) -> frozenset[str]:
        """The phrasings used by the exports made before this one (all of them, for a new export)."""
        out: set[str] = set()
        for entry in self.entries():
            if entry.key == key:
                break
            out.update(entry.used)
        return frozenset(out)

    def remember(self, key: str, file: str, used: tuple[str, ...]) -> None:
        """Keep this export's phrasings, in its old place if it was made before, else at the end."""
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with folder_lock(self.path.parent):  # one writer at a time: two exports at once both keep theirs
            entries = self.entries()
            if self.damage:
                aside = set_aside(self.path)
                self.notes.append(f"{self.damage}; the manuscript's memory of earlier exports could not be read, "
                                  f"so it is kept as {aside.name} and a new one begun (this export may share "
                                  "sentences with earlier ones)")
            mine = Entry(key, file, tuple(dict.fromkeys(used)))
            place = next((k for k, e in enumerate(entries) if e.key == key), None)
            if place is None:
                entries.append(mine)
            else:
                entries[place] = mine
            rows = [{"key": e.key, "file": e.file, "used": list(e.used)} for e in entries]
            text = HEAD + yaml.dump({"exports": rows}, Dumper=DUMPER, sort_keys=False, width=100,
                                    default_flow_style=None, allow_unicode=True)
            write_atomic(self.path, text)


def _read(path: Path) -> tuple[dict, str | None]:
    """The record's data, or why it cannot be read, as FILE:LINE:COLUMN: message."""
    try:
        data = yaml.load(read_bounded(path, LIMIT, "record of phrasings").decode("utf-8"), Loader=LOADER)
    except Unreadable as error:
        return {}, f"{path}:1:1: {error}"
    except UnicodeDecodeError as error:
        return {}, f"{path}:1:1: not UTF-8 text (byte {error.start})"
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{mark.line + 1}:{mark.column + 1}" if mark else "1:1"
        return {}, f"{path}:{where}: not YAML ({getattr(error, 'problem', None) or error})"
    if data is None:
        return {"exports": []}, None
    if not isinstance(data, dict) or not isinstance(data.get("exports", []), list):
        return {}, f"{path}:1:1: not a record of phrasings (a mapping with a list of exports)"
    return {"exports": data.get("exports") or []}, None


def set_aside(path: Path) -> Path:
    """Move a record that cannot be read to NAME.damaged (or .damaged-2, …), never over an earlier one."""
    for n in range(1, 10_000):
        target = path.with_name(f"{path.name}.damaged" + (f"-{n}" if n > 1 else ""))
        try:
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            if target.exists() or target.is_symlink():
                continue
            os.replace(path, target)
            return target
        os.unlink(path)
        return target
    raise FileExistsError(f"{path}: no free name to keep it aside")


def memory_for(target: Path, manuscript_folder: Path, notes: list[str] | None = None) -> Memory:
    """The memory an export written to target keeps: its folder's, when that is the manuscript's exports
    folder or already keeps a record; else none, so an export written elsewhere (-o) leaves nothing behind."""
    folder = Path(target).parent
    try:
        ours = folder.resolve() == Path(manuscript_folder).resolve()
    except OSError:
        ours = False
    keeps = (folder / NAME).exists() or (folder / NAME).is_symlink()
    return Memory(folder if ours or keeps else None, notes)
