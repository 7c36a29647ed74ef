"""`versus trace`: the rules engine's public contract (docs/rules.md §4)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING

from versus.cli import UsageError
from versus.commands.common import MAX_PLAYERS, MAX_TURNS, add_rules_arguments, at_least, board_and_rules

if TYPE_CHECKING:
    from versus.rules import Game, Stream

BATCH = 1024  # lines a write: under PYTHONUNBUFFERED every write to stdout is a system call of its own

# A trace line is what json.dumps writes for {"player": ..., "winner": ...} (default separators):
# every field is an int, None or a tuple of ints, so it is written here directly, four times as
# fast; str(list(ints)) is the JSON array itself ("[3, 0]"), as a list's repr writes each int's.


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
    from versus.rules import RulesError, Stream

    board, rules = board_and_rules(args.board, args.preset, args.set)
    spins = parse_spins(args.spins)
    if len(spins) > MAX_TURNS:
        raise UsageError(f"versus: --spins takes at most {MAX_TURNS:,} spins, not {len(spins):,}")
    bad = [s for s in spins if not 1 <= s <= rules.teetotum]
    if bad:
        raise UsageError(f"versus: spin {bad[0]} is outside 1..{rules.teetotum}")
    try:
        stream = Stream(board, rules, args.players)
    except RulesError as error:
        raise UsageError(f"versus: {error}") from None
    write, lines = sys.stdout.write, trace_lines(stream, spins)
    while batch := list(islice(lines, BATCH)):
        write("\n".join(batch) + "\n")
    return 0


def trace_lines(play: Stream | Game, spins: Iterable[int]) -> Iterator[str]:
    """Play spins in order; one JSON line per action, stopping at a winner or when spins run out.
    A Game is played on one way from where it stands, and is left as it was."""
    from versus.rules import Stream

    stream = play if isinstance(play, Stream) else play.stream()
    # An action leaves the tuples it did not change shared with the state before (the engine's
    # states are immutable), so counters and waiting are written again only when they are new.
    counters = waiting = None
    counters_text = waiting_text = ""
    for action, state in stream.play(spins):
        pos, cash, wait = state.pos, state.counters, state.waiting
        if cash is not counters:
            counters, counters_text = cash, str(list(cash))
        if wait is not waiting:
            waiting, waiting_text = wait, str(list(wait))
        spin = action.spin
        yield (f'{{"player": {action.player}, "spin": {"null" if spin is None else spin}, "pos": {list(pos)}, '
               f'"counters": {counters_text}, "pool": {state.pool}, "waiting": {waiting_text}, '
               f'"winner": {"null" if state.winner is None else state.winner}}}')


def trace_line(state, player: int, spin: int | None) -> str:
    """The trace line of one action that left this state."""
    winner = state.winner
    return (f'{{"player": {player}, "spin": {"null" if spin is None else spin}, "pos": {list(state.pos)}, '
            f'"counters": {list(state.counters)}, "pool": {state.pool}, "waiting": {list(state.waiting)}, '
            f'"winner": {"null" if winner is None else winner}}}')
