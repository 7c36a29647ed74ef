"""Beats (scene event patterns) as the vectorised simulator checks them, game by game.

Event beats (lands, reaches, confined, overshoots, displaces, and a kind of space landed on or reached)
are flags set as the events happen; the rest are judged from the finished game: the winner, the
number of turns, the counters paid, where everyone stands.
This follows versus.scenes.patterns.Tracker exactly; the tests hold the two together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from versus.rules.game import Action
from versus.scenes.drama import TRACKED
from versus.scenes.model import Pattern
from versus.scenes.patterns import BeatsHeld, Tracker

EVENT_KINDS = ("lands", "reaches", "confined", "overshoots", "displaces", "lands-kind", "reaches-kind",
               *TRACKED)  # kept as flags as they happen


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
    within: list[tuple[int, int, int]] = field(default_factory=list)  # (j, player or -1 for anyone, N)
    ends: list[tuple[int, str, int]] = field(default_factory=list)  # (j, kind, player): loses, last, leads-at-end
    kinds: set[int] = field(default_factory=set)  # the j of a kind of space, listed once a space under lands or reaches
    lead_changes: list[tuple[int, int]] = field(default_factory=list)  # (j, at least N)
    leads_after: list[tuple[int, int, int]] = field(default_factory=list)  # (j, player, turn N)
    trails: list[tuple[int, int, int]] = field(default_factory=list)  # (j, player, by at least N)
    unsimulated: list[int] = field(default_factory=list)  # j: beats the simulator cannot judge (never held here)

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
        elif kind in ("lands-kind", "reaches-kind"):  # a kind of space: a flag any of its spaces sets
            listed = p.lands if kind == "lands-kind" else p.reaches
            listed += [(j, _given(b.player), space) for space in b.spaces]
            p.kinds.add(j)
        elif kind == "wins-within":
            p.within.append((j, -1 if b.player is None else b.player, _given(b.number)))
        elif kind in ("loses", "last", "leads-at-end"):
            p.ends.append((j, kind, _given(b.player)))
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
        elif kind == "lead-changes":
            p.lead_changes.append((j, _given(b.number)))
        elif kind == "leads-after":
            p.leads_after.append((j, _given(b.player), _given(b.number)))
        elif kind == "trails":
            p.trails.append((j, _given(b.player), _given(b.number)))
        elif kind == "chance-below":
            p.unsimulated.append(j)
        else:  # pragma: no cover - the scene loader admits no other kind
            raise ValueError(f"unknown beat kind {kind!r}")
    return p


def _given(value: int | None) -> int:
    """A pattern's argument that its kind always has (the scene loader sees to it)."""
    if value is None:  # pragma: no cover - the scene loader admits no pattern without it
        raise ValueError("a beat lacks the player, space or number its kind needs")
    return value


def judge(p: BeatPlan, flags: np.ndarray, winner: np.ndarray, turns: np.ndarray,
          paid: np.ndarray | None, pos: np.ndarray | None = None, given_up: np.ndarray | None = None) -> np.ndarray:
    """(games, beats) bool: whether each beat holds in each finished game (pos: where everyone stands at
    its end, which the end beats need; given_up: games the solver stopped unfinished, in which `game lasts
    at most N turns` has not been seen to hold, however few turns they had played)."""
    held = flags.copy()
    for j, player, n in p.within:
        held[:, j] = (winner >= 0 if player < 0 else winner == player) & (turns <= n)
    for j, kind, player in p.ends:
        held[:, j] = _end(kind, player, winner, pos)
    for j, player in p.wins:
        held[:, j] = winner == player
    for j, player, least in p.pays:
        held[:, j] = paid[:, player] >= least  # type: ignore[index]
    for j, n in p.turns_at_least:
        held[:, j] = turns >= n
    for j, n in p.turns_at_most:
        held[:, j] = turns <= n if given_up is None else (turns <= n) & ~given_up
    for j, player, n in p.leads_after:  # won by turn N: the winner leads after it
        held[:, j] |= (winner == player) & (turns <= n)
    return held


def _end(kind: str, player: int, winner: np.ndarray, pos: np.ndarray | None) -> np.ndarray:
    """As versus.scenes.patterns.end_holds, game by game."""
    if pos is None:  # pragma: no cover - every caller with end beats passes where everyone stands
        raise ValueError("the end beats need where everyone stands")
    mine = pos[:, player]
    others = np.delete(pos, player, axis=1)
    lost = (winner >= 0) & (winner != player)
    if kind == "loses":
        return lost
    if kind == "last":
        return lost & (mine <= others.min(axis=1))
    return (winner == player) | ((winner < 0) & (mine > others.max(axis=1)))


@dataclass(frozen=True)
class Prefix:
    """What a game's actions so far have settled: event beats held and counters paid."""

    flags: tuple[bool, ...]
    paid: tuple[int, ...]
    leader: int = -1  # the last player to lead alone (-1: nobody yet), for the lead changes to come
    changes: int = 0  # lead changes so far


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
        return Prefix(tuple(self.held), tuple(self.tracker.paid), *_lead(self.tracker))


def _lead(tracker: Tracker) -> tuple[int, int]:
    """The lead as a tracker has followed it: the last player to lead alone (-1: nobody), the changes so far."""
    lead = tracker.drama.lead
    return (-1 if lead.leader is None else lead.leader), lead.changes
