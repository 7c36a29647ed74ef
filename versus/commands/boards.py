"""`versus boards`: the boards with their presets and switches."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from versus.boards import board_ids, load_board

    for board_id in board_ids():
        board = load_board(board_id)
        print(f"{board.id}: {board.title} ({board.edition})")
        print(f"  spaces 1..{board.goal}, {board.min_players} to {board.max_players or 'any number of'} players")
        for preset in board.presets.values():
            values = ", ".join(f"{k}={v}" for k, v in preset.values.items())
            print(f"  preset {preset.name}: {values}")
            print(f"    {preset.about}")
        for switch in board.switches.values():
            allowed = ", ".join(switch.values) if switch.values else f"{switch.low}..{switch.high}"
            print(f"  switch {switch.name}: {allowed} ({switch.about})")
    return 0
