"""Plays random two-player games of each board through the engine; prints games and actions per second.

    python benchmarks/engine.py [--games 10000]
"""

from __future__ import annotations

import argparse
import random
import time

from versus.boards import board_ids, load_board
from versus.rules import Game


def play_random(board, rules, rng: random.Random, players: int = 2, limit: int = 5000) -> int:
    game = Game(board, rules, players)
    actions = 0
    while not game.state.over and actions < limit:
        game.play(rng.randint(1, rules.teetotum) if game.state.needs_spin else None)
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    for board_id in board_ids():
        board = load_board(board_id)
        rules = board.rules()
        rng = random.Random(1818)
        start = time.perf_counter()
        actions = sum(play_random(board, rules, rng) for _ in range(args.games))
        seconds = time.perf_counter() - start
        print(f"{board_id:22} {args.games} games in {seconds:.2f} s: "
              f"{args.games / seconds:,.0f} games/s, {actions / seconds:,.0f} actions/s, "
              f"{actions / args.games:.1f} actions a game")


if __name__ == "__main__":
    main()
