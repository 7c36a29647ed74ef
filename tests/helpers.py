"""Test helpers: set up a game at any position, play spins, and the example pages composed once a run."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import pickle
from pathlib import Path

from filelock import FileLock

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


SHARED: Path | None = None  # a folder every test process of one run shares (set by conftest under xdist)


@functools.cache
def brisk_play(path: Path, seed: int | None = None) -> Playthrough:
    """A scene's take played out with the seed given, or the scene's own when it is None."""
    play = Playthrough(load_scene(path), seed=seed)
    for _ in play.play_out():
        pass
    return play


@functools.cache
def brisk_page(path: Path, seed: int | None = None) -> Composition:
    """The brisk prose of a scene's seeded take, composed once a test run (it is frozen): many tests read
    the same example pages, and composing is most of their cost. Under xdist the first process to want a
    page composes it and the others read its pickle."""
    if SHARED is None:
        return compose(brisk_play(path, seed))
    name = hashlib.sha256(f"{path.resolve()}:{seed}".encode()).hexdigest()[:16]
    file = SHARED / f"{name}.pickle"
    with FileLock(f"{file}.lock"):
        if file.exists():
            return pickle.loads(file.read_bytes())
        page = compose(brisk_play(path, seed))
        file.write_bytes(pickle.dumps(page))
        return page


def brisk_text(path: Path, seed: int | None = None) -> str:
    """The brisk page's text, paragraphs apart, from the composition made once a test run."""
    return "\n\n".join(p.text for p in brisk_page(path, seed).paragraphs)


def with_phrasebook(folder: Path, scene: Path, rules: str) -> Path:
    """A copy of the scene in folder whose phrasebook (mine.yaml beside it) holds these rules."""
    (folder / "mine.yaml").write_text(rules)
    path = folder / "s.yaml"
    path.write_text(scene.read_text() + "phrasebook: mine.yaml\n")
    return path
