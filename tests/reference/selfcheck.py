"""Self-check of the reference rules: random games, invariants only.

Run from the repository root:  python3 tests/reference/selfcheck.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.reference.rules import PRESETS, trace

GAMES_PER_SETTING = 3000
KEYS = ["player", "spin", "pos", "counters", "pool", "waiting", "winner"]
BOARD_INFO = {  # board: (goal, counters each, largest wait)
    "mansion-of-happiness": (67, 10, 2),
    "virtue-rewarded": (33, 12, 3),
}


def check_line(board: str, players: int, switches: dict[str, object], obj: dict) -> None:
    goal, each, max_wait = BOARD_INFO[board]
    assert list(obj) == KEYS, obj
    assert 0 <= obj["player"] < players, obj
    assert len(obj["pos"]) == len(obj["counters"]) == len(obj["waiting"]) == players
    assert all(0 <= p <= goal for p in obj["pos"]), obj
    assert all(c >= 0 for c in obj["counters"]) and obj["pool"] >= 0, obj
    assert sum(obj["counters"]) + obj["pool"] == each * players, obj
    assert all(0 <= w <= max_wait for w in obj["waiting"]), obj
    if board == "mansion-of-happiness":
        check_mansion_line(switches, obj)


def check_mansion_line(switches: dict[str, object], obj: dict) -> None:
    if switches["start"] == "justice":
        assert all(p >= 1 for p in obj["pos"]), obj
    prisoners = [p for p, w in zip(obj["pos"], obj["waiting"], strict=False) if w > 0]
    assert all(p in (30, 50) for p in prisoners), obj
    if switches["collisions"] == "on":
        assert len(prisoners) == len(set(prisoners)), obj  # never two prisoners on a place


def check_game(board: str, players: int, spins: list[int], switches: dict[str, object]) -> None:
    lines = trace(board, players, spins, switches)
    goal = BOARD_INFO[board][0]
    used = 0
    for index, line in enumerate(lines):
        obj = json.loads(line)
        assert json.dumps(obj) == line
        check_line(board, players, switches, obj)
        if obj["spin"] is not None:
            assert obj["spin"] == spins[used], (obj, used)
            used += 1
        last = index == len(lines) - 1
        if obj["winner"] is not None:
            assert last, "the trace must stop at the winning action"
            assert obj["pos"][obj["winner"]] == goal, obj
            assert obj["player"] == obj["winner"], obj
            if board == "virtue-rewarded":
                assert obj["pool"] == 0, obj
    won = bool(lines) and json.loads(lines[-1])["winner"] is not None
    if not won:
        assert used == len(spins), "stopped without a winner before the spins ran out"


def check_prefix(board: str, players: int, spins: list[int], switches: dict[str, object]) -> None:
    """Fewer spins never change what was already printed."""
    full = trace(board, players, spins, switches)
    cut = len(spins) // 2
    part = trace(board, players, spins[:cut], switches)
    assert full[: len(part)] == part


def random_mansion_switches(rng: random.Random) -> dict[str, object]:
    return {
        "teetotum": rng.randint(2, 12),
        "start": rng.choice(["off-board", "justice"]),
        "counting": rng.choice(["all", "skip-places"]),
        "collisions": rng.choice(["on", "off"]),
        "relief": rng.choice(["begin-again", "return-and-spin"]),
    }


def settings() -> list[tuple[str, str, dict[str, object] | None]]:
    result: list[tuple[str, str, dict[str, object] | None]] = []
    for board, presets in PRESETS.items():
        for name, switches in presets.items():
            result.append((board, name, switches))
    result.append(("mansion-of-happiness", "random switches", None))
    result.append(("virtue-rewarded", "random teetotum", None))
    return result


def main() -> int:
    rng = random.Random(20240611)
    for board, name, fixed in settings():
        wins = 0
        for game in range(GAMES_PER_SETTING):
            if fixed is not None:
                switches = dict(fixed)
            elif board == "mansion-of-happiness":
                switches = random_mansion_switches(rng)
            else:
                switches = {"teetotum": rng.randint(2, 12)}
            players = rng.randint(2, 6)
            faces = int(switches["teetotum"])
            spins = [rng.randint(1, faces) for _ in range(rng.randint(0, 600))]
            check_game(board, players, spins, switches)
            if game % 10 == 0:
                check_prefix(board, players, spins, switches)
            lines = trace(board, players, spins, switches)
            if lines and json.loads(lines[-1])["winner"] is not None:
                wins += 1
        print(f"ok  {board:22} {name:16} {GAMES_PER_SETTING} games, {wins} won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
