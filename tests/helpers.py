"""Test helpers: set up a game at any position, play spins, and the example pages composed once."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

from versus.narration import compose
from versus.narration.pipeline import Composition
from versus.rules import Game
from versus.rules.game import initial_state
from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough


def game_at(board, players: int = 2, preset: str | None = None, switches: dict | None = None, **state) -> Game:
    """A game whose state starts from the initial one with the given fields replaced."""
    rules = board.rules(preset, **(switches or {}))
    start = initial_state(board, rules, players)
    return Game.from_state(board, rules, dataclasses.replace(start, **state))


def play(game: Game, *spins: int | None) -> Game:
    for spin in spins:
        game.play(spin)
    return game


@functools.cache
def brisk_page(path: Path, seed: int) -> Composition:
    """The brisk prose of a scene's seeded take, composed once a test process (it is frozen): several tests
    read the same example pages."""
    play = Playthrough(load_scene(path), seed=seed)
    for _ in play.play_out():
        pass
    return compose(play)


def brisk_text(path: Path, seed: int) -> str:
    """The brisk page's text, paragraphs apart, from the composition made once a test process."""
    return "\n\n".join(p.text for p in brisk_page(path, seed).paragraphs)
