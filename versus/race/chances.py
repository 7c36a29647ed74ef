"""Each player's chance of winning at every turn of a take, from the simulator, many turns in one batch.

From the state after each turn, GAMES games are played out at random to a win or the scene's
end.max_turns, a batch of turns in one simulator run (rows whose games end are dropped as they end,
so late turns cost little). Each game's spins are a pure function of the seed, the turn it starts
after and its number (KeyedSpins), never of the batch it was played in: a turn's chance is the same
whether it was worked out alone, in a batch, in the app or by `versus takes`, byte for byte, and a
take's turns can be worked out a batch at a time (the app does, so that it never waits). A game
nobody wins counts for nobody, so a turn's chances may sum to less than 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from versus.odds.estimate import scene_rules
from versus.odds.simulate import Simulator, Start
from versus.rules.state import State
from versus.scenes.model import Scene

GAMES = 200  # a turn: a chance to within about 3.5 points, and a 100-turn take in about half a second
SEED = 0
BATCH = 25  # turns played out in one run, by the app's worker and here
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))

Chances = tuple[tuple[float, ...], ...]  # by turn, by seat


class KeyedSpins:
    """Row r's k-th spin from a hash of (seed, the row's key, k): independent of which rows share a batch."""

    def __init__(self, faces: int, keys: np.ndarray, seed: int = SEED) -> None:
        self.faces = np.uint64(faces)
        self.keys = (np.asarray(keys, dtype=np.uint64) + np.uint64(seed) * _MIX[0]) * _MIX[1]

    def take(self, k: np.ndarray) -> np.ndarray:
        with np.errstate(over="ignore"):
            z = self.keys + np.asarray(k, dtype=np.uint64) * _MIX[0]  # splitmix64's finaliser over the pair
            z = (z ^ (z >> np.uint64(30))) * _MIX[1]
            z = (z ^ (z >> np.uint64(27))) * _MIX[2]
            z ^= z >> np.uint64(31)
        return (z % self.faces).astype(np.int64) + 1

    def keep(self, rows: np.ndarray) -> None:
        self.keys = self.keys[rows]


def chances(scene: Scene, states: Sequence[State], games: int = GAMES, seed: int = SEED) -> Chances:
    """By turn (the state after each turn, turn 0 first), each seat's chance of winning from it."""
    out: list[tuple[float, ...]] = []
    for first in range(0, len(states), BATCH):
        out += batch(scene, states, range(first, min(first + BATCH, len(states))), games, seed)
    return tuple(out)


def batch(scene: Scene, states: Sequence[State], turns: Iterable[int], games: int = GAMES,
          seed: int = SEED) -> Chances:
    """The chances after the given turns (indices into states), played out in one run."""
    n = len(scene.players)
    turns = list(turns)
    out = np.zeros((len(turns), n))
    open_ = [i for i, t in enumerate(turns) if states[t].winner is None]
    for i, t in enumerate(turns):
        if states[t].winner is not None:
            out[i, states[t].winner] = 1.0
    if open_:
        board, rules = scene_rules(scene)
        index = np.repeat(np.arange(len(open_)), games)
        keys = np.array([turns[i] for i in open_], dtype=np.uint64)[index] * np.uint64(games) \
            + np.tile(np.arange(games, dtype=np.uint64), len(open_))
        start = Start.from_states([states[turns[i]] for i in open_], index)
        result = Simulator(board, rules, n, scene.max_turns).run(start, KeyedSpins(rules.teetotum, keys, seed))
        won = result.winner >= 0
        counts = np.bincount(index[won] * n + result.winner[won], minlength=len(open_) * n)
        out[open_] = counts.reshape(len(open_), n) / games
    return tuple(tuple(float(c) for c in row) for row in out)
