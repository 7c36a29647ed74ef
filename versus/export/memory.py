"""A manuscript remembers: the phrasings each export in a folder used, so that no two share a sentence.

The record (`.versus-phrasings.yaml`, beside the exports) lists the exports in the order they were
first made, each with the phrasings it used. An export draws around the phrasings of those made
before it, so exporting the same take again gives the same bytes, and a new one avoids them all.
Delete the file to let exports draw on every phrasing again.
"""

from __future__ import annotations

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
    """The record of one folder of exports."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / NAME

    def entries(self) -> list[Entry]:
        if not self.path.exists():
            return []
        try:
            data = yaml.load(read_bounded(self.path, LIMIT, "the phrasings record").decode("utf-8"), Loader=LOADER)
        except (Unreadable, UnicodeDecodeError, yaml.YAMLError, OSError):
            return []  # a damaged record only loses the memory, never an export; it is rewritten whole
        rows = data.get("exports") if isinstance(data, dict) else None
        return [Entry(str(r["key"]), str(r.get("file", "")), tuple(str(u) for u in r.get("used") or ()))
                for r in rows or () if isinstance(r, dict) and "key" in r]

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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with folder_lock(self.path.parent):  # one writer at a time: two exports at once both keep theirs
            entries = self.entries()
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
