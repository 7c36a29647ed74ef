"""Shared fixtures: the two boards, and a working folder holding copies of the example scenes."""

from __future__ import annotations

import shutil
from pathlib import Path

import helpers
import pytest

from versus.boards import load_board


@pytest.fixture(scope="session")
def mansion():
    return load_board("mansion-of-happiness")


@pytest.fixture(scope="session")
def virtue():
    return load_board("virtue-rewarded")


@pytest.fixture(scope="session", autouse=True)
def _pages_shared(tmp_path_factory, worker_id):
    """Under xdist, the example pages composed by one test process are read by the others (tests/helpers.py):
    the folder above each process's own temporary folder is the run's."""
    if worker_id != "master":
        folder = tmp_path_factory.getbasetemp().parent / "pages"
        folder.mkdir(exist_ok=True)
        helpers.SHARED = folder


@pytest.fixture
def project(tmp_path, monkeypatch):
    """An author's working folder: the example scenes copied into scenes/, and the folder made current."""
    (tmp_path / "scenes").mkdir()
    for path in (Path(__file__).parent.parent / "scenes").glob("*.yaml"):
        shutil.copy(path, tmp_path / "scenes" / path.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path
