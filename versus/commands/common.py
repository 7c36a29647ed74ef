"""Argument helpers shared by commands that take a board and its rules on the command line."""

from __future__ import annotations

import argparse

from versus.cli import UsageError


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", help="a preset of the board (default: its first)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="set a switch, e.g. --set teetotum=8 (repeatable)")


def board_and_rules(board_id: str, preset: str | None, settings: list[str]):
    """Resolve a board id, preset and KEY=VALUE switches, or raise UsageError with one line."""
    from versus.boards import BoardError, load_board
    from versus.rules import RulesError

    try:
        board = load_board(board_id)
        overrides: dict[str, object] = {}
        for setting in settings:
            key, sep, value = setting.partition("=")
            if not sep or not key:
                raise UsageError(f"versus: --set takes KEY=VALUE, not {setting!r}")
            overrides[key.strip()] = value.strip()
        return board, board.rules(preset, **overrides)
    except (BoardError, RulesError) as error:
        raise UsageError(f"versus: {error}") from None
