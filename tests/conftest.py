"""Shared fixtures: the two boards."""

from __future__ import annotations

import pytest

from versus.boards import load_board


@pytest.fixture(scope="session")
def mansion():
    return load_board("mansion-of-happiness")


@pytest.fixture(scope="session")
def virtue():
    return load_board("virtue-rewarded")
