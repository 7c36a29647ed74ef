"""Saves where os.fchmod and fcntl are missing (Windows before Python 3.13): a take and an export are still
kept whole, and the folder is still locked (filelock falls back to its own lock file)."""

from __future__ import annotations

import os
import sys

import pytest

from versus.cli import main
from versus.takes.store import Take, TakeStore


def without_fchmod_and_fcntl(monkeypatch) -> None:
    monkeypatch.delattr(os, "fchmod", raising=False)
    monkeypatch.setitem(sys.modules, "fcntl", None)  # import fcntl now raises ImportError
    for name in [m for m in sys.modules if m == "filelock" or m.startswith("filelock.")]:
        monkeypatch.delitem(sys.modules, name)  # so that filelock is imported afresh, and finds no fcntl


@pytest.mark.filterwarnings("ignore:only soft file lock:UserWarning")
def test_a_take_is_saved_without_fchmod_or_fcntl(project, monkeypatch):
    without_fchmod_and_fcntl(monkeypatch)
    scene = project / "scenes" / "rosings.yaml"
    store = TakeStore(scene)
    kept = store.save(Take("take-1", (1, 2), 1813, "d"))
    kept = store.save(Take(kept.name, (1, 2, 3), 1813, "d", key=kept.key))  # a rewrite, under the folder's lock
    assert TakeStore(scene).get("take-1").spins == (1, 2, 3)
    assert oct((store.folder / "take-1.yaml").stat().st_mode & 0o777) == oct(0o666 & ~_umask())
    assert main(["run", str(scene)]) == 0
    assert main(["export", str(scene)]) == 0
    assert (project / "manuscript_exports" / "rosings.brisk.md").is_file()
    import filelock

    assert filelock.FileLock is filelock.SoftFileLock  # the fallback really was the one used


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
