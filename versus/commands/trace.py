"""`versus trace`: the rules engine's public contract (RULES.md section 3)."""

from __future__ import annotations

import argparse
import json
import sys

from versus.cli import UsageError
from versus.commands.common import MAX_PLAYERS, MAX_TURNS, add_rules_arguments, at_least, board_and_rules


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
    out = sys.stdout
    for line in trace_lines(game, spins):
        out.write(line + "\n")
    return 0


def trace_lines(game, spins: list[int]):
    """Play spins in order; one JSON line per action, stopping at a winner or when spins run out."""
    for action, state in game.stream(spins):
        yield trace_line(state, action.player, action.spin)


def trace_line(state, player: int, spin: int | None) -> str:
    # json writes a tuple as an array: the state's own tuples need no copying into lists
    return json.dumps({
        "player": player, "spin": spin, "pos": state.pos, "counters": state.counters,
        "pool": state.pool, "waiting": state.waiting, "winner": state.winner,
    })
