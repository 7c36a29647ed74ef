"""Renaming, deleting and writing elsewhere a take's file, on the take store's public API.

Nothing is lost: a deleted take's file, and a renamed take's old file, are moved into a
`.trash/` folder beside the takes (the store passes over dot-folders), from where the author can
move them back by hand.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from versus.takes.store import Take, TakeExists, TakesError, TakeStore, check_name, now, slug

TRASH = ".trash"


class TakeRefused(Exception):
    """The take could not be renamed or deleted; the message says why."""


def trash_folder(store: TakeStore) -> Path:
    return store.folder / TRASH


def trash(store: TakeStore, take: Take) -> Path:
    """Move the take's file into .trash/ (numbered on if one of that name is there); where it went."""
    source = store.file(take.key)
    folder = trash_folder(store)
    folder.mkdir(exist_ok=True)
    target = folder / source.name
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{take.key}-{n}.yaml"
    try:
        os.replace(source, target)
    except OSError as error:
        raise TakeRefused(f"{source} could not be moved to {folder}: {error.strerror or error}") from None
    return target


def rename(store: TakeStore, take: Take, name: str) -> Take:
    """The take under a new name, in a new file; the old file goes to .trash/ once the new one is safe."""
    try:
        name = check_name(name)
        if name == take.name:
            return take
        kept = store.create(dataclasses.replace(take, name=name, key=""), exact=True)
    except TakeExists as error:
        raise TakeRefused(str(error)) from None
    except TakesError as error:
        raise TakeRefused(str(error)) from None
    trash(store, take)
    return kept


def write_elsewhere(take: Take, store: TakeStore, target: Path) -> Path:
    """The take, as a take file, written at target (or target-2, … if that is taken): for spins the take's own
    folder cannot hold. The file is a take like any other: moved into the takes folder, it is listed there."""
    from versus.files import write_next_free

    target = Path(target).expanduser()
    if target.is_dir():
        target = target / f"{take.key or slug(take.name)}.yaml"
    take = dataclasses.replace(take, name=check_name(take.name), played=take.played or now())
    return write_next_free(target, store.render(take.to_data()))
