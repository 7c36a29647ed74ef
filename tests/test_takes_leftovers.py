"""What a take store leaves behind: the temporary files of saves killed half-way are swept away once
old, and a take extended under an edited scene keeps the record of the scene it was first played under."""

from __future__ import annotations

import dataclasses
import os
import shutil
import time
from pathlib import Path

import yaml

from versus.takes.store import Take, TakeStore
from versus.tui.session import Session

ROOT = Path(__file__).resolve().parents[1]


def scene(tmp_path: Path) -> Path:
    target = tmp_path / "netherfield.yaml"
    shutil.copy(ROOT / "scenes" / "netherfield.yaml", target)
    return target


def test_temporary_files_of_killed_saves_are_swept_when_old(tmp_path):
    path = scene(tmp_path)
    store = TakeStore(path)
    kept = store.save(Take(name="take-1", spins=(3,), seed=1811, scene_digest=""))
    old = store.folder / ".take-1.yaml.abc123.tmp"
    fresh = store.folder / ".take-1.yaml.def456.tmp"  # another program's save, under way now
    for leftover in (old, fresh):
        leftover.write_text("half a take")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    Session(path)  # opening the scene in the app sweeps
    assert not old.exists() and fresh.exists()
    assert store.file(kept.key).exists() and store.read(kept.key).spins == (3,)


def test_a_take_extended_under_an_edited_scene_keeps_its_first_scene(tmp_path):
    path = scene(tmp_path)
    session = Session(path)
    session.spin()
    session.save()
    first = session.scene.digest
    path.write_text(path.read_text() + "\n# an edit\n")
    session.reload()
    session.spin()
    session.save()
    data = yaml.safe_load(session.store.file(session.take_key).read_text())
    assert data["scene_sha256"] == first and data["later_scene_sha256"] == session.scene.digest != first
    assert len(data["spins"]) == 2
    take = session.store.read(session.take_key)
    assert take.scene_digest == first
    again = dataclasses.replace(take, spins=(*take.spins, 4), scene_digest=first)  # the first scene once more
    session.store.save(again)
    assert "later_scene_sha256" not in yaml.safe_load(session.store.file(take.key).read_text())
