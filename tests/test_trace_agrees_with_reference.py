"""versus trace against an independent implementation of docs/rules.md (tests/reference), byte for byte.

The reference was written from the rules' reading (docs/rules.md) alone, without reading versus/. Random spin sequences
cover both boards, every preset and every switch value, with 2 to 6 players.
"""

from __future__ import annotations

import functools
import itertools
import random
import subprocess
import sys

import pytest
from reference.rules import trace as reference_trace

from versus.boards import load_board
from versus.commands.trace import trace_lines
from versus.rules import Game

MANSION_SWITCHES = {
    "teetotum": [6, 2, 4, 8, 12],
    "start": ["off-board", "justice"],
    "counting": ["all", "skip-places"],
    "collisions": ["on", "off"],
    "relief": ["begin-again", "return-and-spin"],
}


def mansion_settings():
    keys = list(MANSION_SWITCHES)
    for values in itertools.product(*(MANSION_SWITCHES[k][:2] for k in keys)):
        yield dict(zip(keys, values, strict=False))
    for faces in MANSION_SWITCHES["teetotum"][2:]:
        yield {"teetotum": faces, "start": "off-board", "counting": "all", "collisions": "on", "relief": "begin-again"}


def ours(board_id: str, players: int, spins: list[int], switches: dict) -> list[str]:
    board = load_board(board_id)
    rules = board.rules(None, **switches)
    return list(trace_lines(Game(board, rules, players), spins))


def random_cases(board_id: str, settings: list[dict], count: int, seed: int):
    rng = random.Random(seed)
    for k in range(count):
        switches = settings[k % len(settings)]
        players = rng.randint(2, 6)
        length = rng.choice([5, 40, 200, 600])
        spins = [rng.randint(1, switches["teetotum"]) for _ in range(length)]
        yield board_id, players, spins, switches


@functools.cache
def cases() -> list:
    """The random games, drawn when a test first asks (not while every test process collects)."""
    # Every setting in turn, about twenty games each: these reach every line and branch of versus/rules and of the
    # reference that twice as many do (counted with coverage.py, branch coverage).
    return (list(random_cases("mansion-of-happiness", list(mansion_settings()), 800, 1843))
            + list(random_cases("virtue-rewarded", [{"teetotum": f} for f in (4, 4, 4, 2, 3, 6, 12)], 400, 1818)))


@pytest.mark.parametrize("chunk", range(8))
def test_random_sequences_agree(chunk):
    for board_id, players, spins, switches in cases()[chunk::8]:
        expected = reference_trace(board_id, players, spins, switches)
        assert ours(board_id, players, spins, switches) == expected, (board_id, players, switches, spins)


def test_the_command_prints_the_same_bytes():
    spins = [random.Random(5).randint(1, 6) for _ in range(300)]
    for preset, players in (("ives", 3), ("zh", 4)):
        args = ["trace", "mansion-of-happiness", "--players", str(players), "--preset", preset,
                "--spins", ",".join(map(str, spins))]
        out = subprocess.run([sys.executable, "-m", "versus", *args], capture_output=True, text=True, check=True)
        switches = load_board("mansion-of-happiness").presets[preset].values
        expected = reference_trace("mansion-of-happiness", players, spins, dict(switches))
        assert out.stdout == "".join(line + "\n" for line in expected)
