"""Test helpers: set up a game at any position, play spins."""

from __future__ import annotations

import dataclasses

from versus.rules import Game
from versus.rules.game import initial_state


def game_at(board, players: int = 2, preset: str | None = None, switches: dict | None = None, **state) -> Game:
    """A game whose state starts from the initial one with the given fields replaced."""
    rules = board.rules(preset, **(switches or {}))
    start = initial_state(board, rules, players)
    return Game.from_state(board, rules, dataclasses.replace(start, **state))


def play(game: Game, *spins: int | None) -> Game:
    for spin in spins:
        game.play(spin)
    return game
