"""Fixtures for the TUI tests: a scene copied into tmp_path, so takes and exports never touch scenes/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def own_config(tmp_path_factory, monkeypatch) -> Path:
    """The app's remembered theme and keymap in a folder of the test's own, never the user's."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("VERSUS_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def scene_path(tmp_path: Path, monkeypatch) -> Path:
    """scenes/netherfield.yaml copied to tmp_path/scenes, and tmp_path the working folder, so that takes
    and exports land in tmp_path."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "scenes"
    folder.mkdir()
    target = folder / "netherfield.yaml"
    shutil.copy(ROOT / "scenes" / "netherfield.yaml", target)
    return target


@pytest.fixture
def virtue_scene(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "scenes"
    folder.mkdir(exist_ok=True)
    target = folder / "rosings.yaml"
    shutil.copy(ROOT / "scenes" / "rosings.yaml", target)
    return target
