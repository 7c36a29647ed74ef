"""`versus trace`: the rules engine's public contract (RULES.md section 3)."""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from typing import Iterable, Iterator

from versus.cli import UsageError
from versus.commands.common import MAX_PLAYERS, MAX_TURNS, add_rules_arguments, at_least, board_and_rules

BATCH = 1024  # lines a write: under PYTHONUNBUFFERED every write to stdout is a system call of its own

# A trace line is what json.dumps writes for {"player": ..., "winner": ...} (default separators):
# every field is an int, None or a tuple of ints, so it is written here directly, four times as fast.
LINE = '{"player": %d, "spin": %s, "pos": [%s], "counters": %s, "pool": %d, "waiting": %s, "winner": %s}'


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("board", help="a board id, e.g. mansion-of-happiness")
    parser.add_argument("--players", type=at_least(1, MAX_PLAYERS), required=True, help="number of players")
    parser.add_argument("--spins", default="", help="comma-separated spins, e.g. 3,5,1")
    add_rules_arguments(parser)


def parse_spins(text: str) -> list[int]:
    try:
        parts = [part for part in text.replace(" ", "").split(",") if part]
        if any(len(part) > 12 for part in parts):
            raise ValueError
        return [int(part, 10) for part in parts]
    except ValueError:
        raise UsageError(f"versus: --spins takes whole numbers separated by commas, not {text!r}") from None


def run(args: argparse.Namespace) -> int:
    from versus.rules import Game, RulesError

    board, rules = board_and_rules(args.board, args.preset, args.set)
    spins = parse_spins(args.spins)
    if len(spins) > MAX_TURNS:
        raise UsageError(f"versus: --spins takes at most {MAX_TURNS:,} spins, not {len(spins):,}")
    bad = [s for s in spins if not 1 <= s <= rules.teetotum]
    if bad:
        raise UsageError(f"versus: spin {bad[0]} is outside 1..{rules.teetotum}")
    try:
        game = Game(board, rules, args.players)
    except RulesError as error:
        raise UsageError(f"versus: {error}") from None
    write, lines = sys.stdout.write, trace_lines(game, spins)
    while batch := list(islice(lines, BATCH)):
        write("\n".join(batch) + "\n")
    return 0


def trace_lines(game, spins: Iterable[int]) -> Iterator[str]:
    """Play spins in order; one JSON line per action, stopping at a winner or when spins run out."""
    # An action leaves the tuples it did not change shared with the state before (the engine's
    # states are immutable), so counters and waiting are written again only when they are new.
    counters = waiting = None
    counters_text = waiting_text = ""
    join = ", ".join
    for action, state in game.stream(spins):
        pos, cash, pool, wait, _, _, _, _, _, _, winner = state
        if cash is not counters:
            counters, counters_text = cash, f"[{join(map(str, cash))}]"
        if wait is not waiting:
            waiting, waiting_text = wait, f"[{join(map(str, wait))}]"
        spin = action.spin
        yield LINE % (action.player, "null" if spin is None else spin, join(map(str, pos)), counters_text, pool,
                      waiting_text, "null" if winner is None else winner)


def trace_line(state, player: int, spin: int | None) -> str:
    """The trace line of one action that left this state."""
    join, winner = ", ".join, state.winner
    return LINE % (player, "null" if spin is None else spin, join(map(str, state.pos)),
                   f"[{join(map(str, state.counters))}]", state.pool, f"[{join(map(str, state.waiting))}]",
                   "null" if winner is None else winner)
