"""Beats (scene event patterns) as the vectorised simulator checks them, game by game.

Event beats (lands, reaches, confined, overshoots, displaces) are flags set as the events happen;
the rest are judged from the finished game: the winner, the number of turns, the counters paid.
This follows versus.scenes.patterns.Tracker exactly; the tests hold the two together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from versus.rules.game import Action
from versus.scenes.model import Pattern
from versus.scenes.patterns import BeatsHeld

EVENT_KINDS = ("lands", "reaches", "confined", "overshoots", "displaces")


@dataclass
class BeatPlan:
    """The beats sorted by how they are checked; j is the beat's index in the scene's list."""

    count: int = 0
    lands: list[tuple[int, int, int]] = field(default_factory=list)  # (j, player, space)
    reaches: list[tuple[int, int, int]] = field(default_factory=list)  # (j, player, space)
    confined: list[tuple[int, int]] = field(default_factory=list)  # (j, player)
    overshoots: list[tuple[int, int]] = field(default_factory=list)  # (j, player)
    displaces: list[tuple[int, int, int]] = field(default_factory=list)  # (j, by, moved)
    wins: list[tuple[int, int]] = field(default_factory=list)  # (j, player)
    pays: list[tuple[int, int, int]] = field(default_factory=list)  # (j, player, at least)
    turns_at_least: list[tuple[int, int]] = field(default_factory=list)  # (j, N): turn N, round N, lasts at least
    turns_at_most: list[tuple[int, int]] = field(default_factory=list)  # (j, N)

    @property
    def needs_money(self) -> bool:
        return bool(self.pays)


def plan(beats: tuple[Pattern, ...] | list[Pattern], players: int) -> BeatPlan:
    p = BeatPlan(count=len(beats))
    for j, b in enumerate(beats):
        kind = b.kind
        if kind == "lands":
            p.lands.append((j, _given(b.player), _given(b.space)))
        elif kind == "reaches":
            p.reaches.append((j, _given(b.player), _given(b.space)))
        elif kind == "confined":
            p.confined.append((j, _given(b.player)))
        elif kind == "overshoots":
            p.overshoots.append((j, _given(b.player)))
        elif kind == "displaces":
            p.displaces.append((j, _given(b.player), _given(b.other)))
        elif kind == "wins":
            p.wins.append((j, _given(b.player)))
        elif kind == "pays":
            p.pays.append((j, _given(b.player), b.number or 1))
        elif kind == "turn" or kind == "lasts-at-least":
            p.turns_at_least.append((j, _given(b.number)))
        elif kind == "round":
            p.turns_at_least.append((j, (_given(b.number) - 1) * players + 1))
        elif kind == "lasts-at-most":
            p.turns_at_most.append((j, _given(b.number)))
        else:  # pragma: no cover - the scene loader admits no other kind
            raise ValueError(f"unknown beat kind {kind!r}")
    return p


def _given(value: int | None) -> int:
    """A pattern's argument that its kind always has (the scene loader sees to it)."""
    if value is None:  # pragma: no cover - the scene loader admits no pattern without it
        raise ValueError("a beat lacks the player, space or number its kind needs")
    return value


def judge(p: BeatPlan, flags: np.ndarray, winner: np.ndarray, turns: np.ndarray,
          paid: np.ndarray | None) -> np.ndarray:
    """(games, beats) bool: whether each beat holds in each finished game."""
    held = flags.copy()
    for j, player in p.wins:
        held[:, j] = winner == player
    for j, player, least in p.pays:
        held[:, j] = paid[:, player] >= least  # type: ignore[index]
    for j, n in p.turns_at_least:
        held[:, j] = turns >= n
    for j, n in p.turns_at_most:
        held[:, j] = turns <= n
    return held


@dataclass(frozen=True)
class Prefix:
    """What a game's actions so far have settled: event beats held and counters paid."""

    flags: tuple[bool, ...]
    paid: tuple[int, ...]


def prefix_of(actions: list[Action] | tuple[Action, ...], beats, players: int) -> Prefix:
    tracker = PrefixTracker(beats, players)
    for action in actions:
        tracker.feed(action)
    return tracker.snapshot()


class PrefixTracker:
    """A Tracker that can say, after each action, which event beats have held so far (for the solver)."""

    def __init__(self, beats, players: int) -> None:
        self.beats = BeatsHeld(list(beats), players)
        self.tracker = self.beats.tracker  # the counters paid so far are read from it
        self.events = [b.kind in EVENT_KINDS for b in beats]

    def feed(self, action: Action) -> None:
        self.beats.feed(action)

    @property
    def held(self) -> list[bool]:
        """Each event beat's event seen so far (False for every other kind of beat)."""
        return [seen and event for seen, event in zip(self.beats.happened, self.events, strict=True)]

    def snapshot(self) -> Prefix:
        return Prefix(tuple(self.held), tuple(self.tracker.paid))
