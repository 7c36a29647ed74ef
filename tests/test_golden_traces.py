"""Golden traces kept as data (like perft files): each file's first line is the command, the rest its output."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from versus.cli import main

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.trace"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_trace(path, capsys):
    command, _, expected = path.read_text(encoding="utf-8").partition("\n")
    argv = shlex.split(command.removeprefix("# versus "))
    assert main(argv) == 0
    assert capsys.readouterr().out == expected


def test_there_are_golden_traces_for_both_boards():
    text = " ".join(p.read_text(encoding="utf-8").partition("\n")[0] for p in GOLDEN)
    assert "mansion-of-happiness" in text and "virtue-rewarded" in text and "zh" in text
