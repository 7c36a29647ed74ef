"""Shared fixtures: the two boards, and a working folder holding copies of the example scenes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from versus.boards import load_board


@pytest.fixture(scope="session")
def mansion():
    return load_board("mansion-of-happiness")


@pytest.fixture(scope="session")
def virtue():
    return load_board("virtue-rewarded")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """An author's working folder: the example scenes copied into scenes/, and the folder made current."""
    (tmp_path / "scenes").mkdir()
    for path in (Path(__file__).parent.parent / "scenes").glob("*.yaml"):
        shutil.copy(path, tmp_path / "scenes" / path.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path
