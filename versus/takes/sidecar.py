"""The old takes sidecar, scenes/<scene>.takes.yaml, moved into the store on first use without loss.

Every take is copied into the folder under a name that depends on the sidecar alone (so that two
programs migrating at once write the same files, each claimed once); the author's own keys come
along; then the sidecar is renamed <scene>.takes.yaml.migrated: kept, never deleted. A sidecar
that cannot be read is left where it is, and said so.

The sidecar knows the store only as a Folder (where a take's file goes, how its text is written,
how a take is read back), so that the store may import this module and not the other way round.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from versus import yamlio
from versus.files import Unreadable, read_bounded, write_new
from versus.takes.take import Take, TakesError, slug

MAX_SIDECAR_BYTES = 64_000_000  # an old sidecar of many thousand takes


class Folder(Protocol):
    """What migrating needs of the take store."""

    sidecar: Path  # the old <scene>.takes.yaml

    def file(self, key: str) -> Path: ...
    def render(self, data: dict[str, Any]) -> str: ...
    def read(self, key: str) -> Take: ...


@dataclass
class Migration:
    """What a migration did: where the sidecar went (None if it stayed), and what could not be moved."""

    migrated: Path | None = None
    problems: list[str] = field(default_factory=list)


def migrate(store: Folder) -> Migration:
    """Copy every take of an old sidecar into the folder, then rename the sidecar .migrated."""
    done = Migration()
    if not (store.sidecar.exists() or store.sidecar.is_symlink()):
        return done
    try:
        text = read_bounded(store.sidecar, MAX_SIDECAR_BYTES, "takes sidecar").decode("utf-8")
        data = yamlio.load(text) or {}
        entries = data.get("takes") or [] if isinstance(data, dict) else None
        if not isinstance(entries, list):
            raise ValueError("it holds no list of takes")
    except FileNotFoundError:
        return done  # another process has just migrated it
    except (Unreadable, UnicodeDecodeError, yamlio.YamlProblem, ValueError) as error:
        if not (store.sidecar.exists() or store.sidecar.is_symlink()):
            return done  # another process migrated it while this one looked
        done.problems.append(f"{store.sidecar}: not migrated, left as it is ({error})")
        return done
    _copy_entries(store, entries, done.problems)
    done.migrated = _retire(store.sidecar)
    return done


def _copy_entries(store: Folder, entries: list[Any], problems: list[str]) -> None:
    start = datetime.now(UTC).timestamp() - len(entries)
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        try:
            take = Take.from_data(entry)
        except ValueError as error:
            problems.append(f"{store.sidecar}: take {index + 1} not migrated ({error}); "
                            "it is kept in the .migrated file")
            continue
        seen[take.name] = seen.get(take.name, 0) + 1
        key = slug(take.name) + ("" if seen[take.name] == 1 else f"-dup{seen[take.name]}")
        path = store.file(key)
        data = {**entry, **take.to_data()} if isinstance(entry, dict) else take.to_data()
        if not write_new(path, store.render(data)):
            if _holds(store, key, take):
                continue  # migrated already (another process, or an earlier try)
            path = store.file(f"{key}-migrated")
            if not write_new(path, store.render(data)):
                continue
        stamp = int((start + index) * 1e9)
        os.utime(path, ns=(stamp, stamp))  # the sidecar's order, oldest first


def _holds(store: Folder, key: str, take: Take) -> bool:
    try:
        held = store.read(key)
    except TakesError:
        return False
    return (held.name, held.spins, held.seed) == (take.name, take.spins, take.seed)


def _retire(sidecar: Path) -> Path | None:
    """Rename the sidecar .migrated (or .migrated-N): where it went, or None if another process moved it."""
    for n in range(1, 1000):
        target = sidecar.with_name(sidecar.name + (".migrated" if n == 1 else f".migrated-{n}"))
        if target.exists() or target.is_symlink():
            continue
        try:
            os.rename(sidecar, target)
        except FileNotFoundError:
            return None
        return target
    return None
