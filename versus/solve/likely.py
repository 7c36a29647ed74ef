"""The likely edits first: spins that decide a failing beat, read from the position before them.

For a candidate (some edits already made) its game is replayed through the engine; every later
spin of the beat's player is looked at from where that player stands, and a value is proposed
where it would make the beat happen there and then: land on the space, come to rest on it, be
confined, overshoot, take the other's place, pay, win (or, for a win too far off, go furthest).
`game lasts at least N` proposes another value for the spin that won too soon. A beam of the
candidates holding most beats is widened an edit at a time; the first level with a solution
gives an answer, not yet a proof that fewer edits cannot do (the exhaustive levels do that).
"""

from __future__ import annotations

import hashlib
import itertools
import time
from typing import TYPE_CHECKING, Iterator

import numpy as np

from versus.rules import Game
from versus.rules.reach import one_spin
from versus.rules.state import State

if TYPE_CHECKING:
    from versus.solve.search import BasePath, Found, Search

BEAM = 400  # candidates widened at each edit
MOST = 40_000  # candidates tried at each edit, at most


class Likely:
    def __init__(self, search: "Search", path: "BasePath") -> None:
        self.s, self.path = search, path
        board, rules = search.board, search.rules
        self.goal, self.start, self.faces = board.goal, rules.start, rules.teetotum
        self.collisions = rules.collisions
        # for each origin and spin: (space counted onto, 0 past the goal) and where the player comes to rest
        self.onto = [[one_spin(board, rules, o, v)[0] for v in range(self.faces + 1)] for o in range(board.goal + 1)]
        self.rest = [[one_spin(board, rules, o, v)[1] for v in range(self.faces + 1)] for o in range(board.goal + 1)]
        verbs = [{e.verb for e in s.direction} for s in board.spaces]
        self.confining = [bool(v & {"confine", "wait"}) for v in verbs]
        self.paying = [bool(v & {"pay", "pay-half", "pay-each"}) for v in verbs]

    def search(self, deadline: float) -> "Found | None":
        beam: list[tuple[tuple[tuple[int, int], ...], tuple[bool, ...]]] = [((), self.path.held)]
        for _ in range(self.s.max_edits):
            children = sorted({node + (edit,) for node, held in beam for edit in self.decide(node, held)})[:MOST]
            if not children or time.perf_counter() > deadline:
                return None
            if self.s.cancelled is not None and self.s.cancelled():
                from versus.solve.search import Cancelled

                raise Cancelled()
            pos = np.array([[k for k, _ in c] for c in children], dtype=np.int64)
            val = np.array([[v for _, v in c] for c in children], dtype=np.int64)
            result = self.s.play((pos.min(axis=1), pos, val))
            self.s.candidates += len(children)
            if result.ok.size:
                return self.s.best(pos[result.ok], val[result.ok], result.spins[result.ok])
            progress = self.progress(result)
            # Half the beam holds most beats, half has come furthest: a beat held now may have to be
            # given up on the way to one far off (a win within a few turns).
            most = sorted(range(len(children)), key=lambda i: (-int(result.score[i]), -int(progress[i]), _mix(children[i])))
            far = sorted(range(len(children)), key=lambda i: (-int(progress[i]), -int(result.score[i]), _mix(children[i])))
            chosen = list(dict.fromkeys(most[:BEAM // 2] + far[:BEAM // 2]))
            beam = [(children[i], tuple(bool(h) for h in result.held[i])) for i in chosen]
        return None

    def progress(self, result) -> np.ndarray:
        """How near each candidate's game came to the beats it fails that need a player far on."""
        near = np.zeros(len(result.score), dtype=np.int64)
        for j, beat in enumerate(self.s.beats):
            failing = ~result.held[:, j]
            if beat.kind in ("wins", "overshoots"):
                near += np.where(failing, result.pos[:, beat.player], 0)
            elif beat.kind == "lasts-at-most":
                near += np.where(failing, result.pos.max(axis=1), 0)
            elif beat.kind in ("lands", "reaches"):
                near += np.where(failing, np.minimum(result.pos[:, beat.player], beat.space), 0)
        return near

    # -- the spins that would decide a failing beat ---------------------------------------------------
    def decide(self, node: tuple[tuple[int, int], ...], held: tuple[bool, ...]) -> Iterator[tuple[int, int]]:
        """(position, value) of every likely next edit: after the node's last, for a beat it fails."""
        s = self.s
        last = max((k for k, _ in node), default=0)
        seen, winner_k = self.replay(node)
        for j, beat in enumerate(s.beats):
            if held[j]:
                continue
            kind = beat.kind
            if kind in ("lasts-at-least", "turn", "round") or (kind == "wins" and winner_k and seen[-1][2] != beat.player):
                if winner_k:  # someone won too soon (or the wrong one won): that spin otherwise
                    yield from ((winner_k, v) for v in range(1, self.faces + 1) if v != s.spin_at(winner_k))
                if kind != "wins":
                    continue
            for k, state, spinner in seen:
                if k <= last or not s.editable(k) or (kind != "lasts-at-most" and spinner != beat.player):
                    continue
                o, old = state.pos[spinner], s.spin_at(k)
                values = self.values(kind, beat, o, state)
                yield from ((k, v) for v in values if v != old)

    def values(self, kind: str, beat, o: int, state: State) -> list[int]:
        """The values of this spin that make the beat happen now, else the one that goes furthest towards it."""
        onto, rest, faces = self.onto[o], self.rest[o], range(1, self.faces + 1)
        aim = self.goal
        if kind in ("lands", "reaches"):
            there, aim = (onto if kind == "lands" else rest), beat.space
            hits = [v for v in faces if there[v] == beat.space]
            if o >= beat.space:
                return hits
        elif kind == "confined":
            hits = [v for v in faces if onto[v] and self.confining[onto[v]]]
        elif kind == "overshoots":
            hits = [v for v in faces if not onto[v]]
        elif kind == "pays":
            hits = [v for v in faces if onto[v] and self.paying[onto[v]]]
        elif kind == "displaces":
            there = state.pos[beat.other]
            if not self.collisions or there in (self.start, self.goal):
                return []
            return [v for v in faces if rest[v] == there]
        elif kind in ("wins", "lasts-at-most"):
            hits = [v for v in faces if rest[v] == self.goal]
        else:
            return []
        if hits:
            return hits
        return [max(faces, key=lambda v: (rest[v] if onto[v] and rest[v] <= aim else -1, -v))]  # the furthest on

    def replay(self, node: tuple[tuple[int, int], ...]) -> tuple[list[tuple[int, State, int]], int]:
        """[(spin position, state before it, spinner)] of the node's game, and the winning spin's position (or 0)."""
        s = self.s
        first = min((k for k, _ in node), default=1)
        edits = dict(node)
        state = self.path.states[first - 1]
        spins = (edits.get(k, s.spin_at(k)) for k in itertools.count(first))
        seen: list[tuple[int, State, int]] = []
        for action, after in Game.from_state(s.board, s.rules, state).stream(spins):
            if action.spin is not None:
                seen.append((first + len(seen), state, action.player))
            state = after
            if after.winner is not None or (after.turn >= s.max_turns and after.pending is None):
                break
        return seen, (seen[-1][0] if state.winner is not None and seen else 0)


def _mix(edits: tuple[tuple[int, int], ...]) -> bytes:
    """A fixed but scattered order among equals, so that the beam is not all early spins."""
    return hashlib.blake2b(repr(edits).encode(), digest_size=8).digest()
