"""The search for spins: as few changes as possible to the spins a scene would otherwise use.

Iterative deepening over the number of edits d = 0, 1, 2, ...: level d holds every way of
changing d spins (positions rising, each to another face), and every candidate is played out to
the end (a win or the last turn) by the vectorised simulator, all of a level at once, each from
the cached state of the scene's own game just before its first edit. A level is searched in full
before the next is begun, so the first level with a solution gives the minimum.

Pruning, all of it sound (it never drops a solution with fewer edits):
- a later edit is only placed at a spin its game still uses (the game may end sooner);
- scripted spins are never placed unless free_script;
- with `game lasts at most N turns`, no edit is placed at or after the spin on which the game
  began turn N + 1: whatever follows, that turn has begun and the beat has failed.
Within the level that finds a solution, the candidates are tried most promising first (the games
of their parents already hold the most beats), in batches, and the search stops at the first batch
with a solution: only the count has to be minimal.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from versus.odds.beats import Prefix, PrefixTracker, judge
from versus.odds.simulate import Outcome, Simulator, Start
from versus.odds.spins import EditedSpins
from versus.rules import Game
from versus.rules.board import Board, Rules
from versus.rules.state import State
from versus.scenes.model import Pattern

BATCHES = (6_000, 15_000, 30_000, 60_000)  # candidate games played out at once: small first, then more
NEVER = 1 << 40


class Cancelled(Exception):
    """The caller asked the search to stop."""


class OutOfTime(Exception):
    """The time allowed ran out before the search could finish a level."""

    def __init__(self, level: int) -> None:
        super().__init__(level)
        self.level = level  # the level being searched; every smaller one was searched in full


@dataclass(frozen=True)
class Found:
    edits: tuple[tuple[int, int], ...]  # (position from 1, new spin)
    spins_used: int


@dataclass
class BasePath:
    """The scene's own game: the state and beats settled just before each spin it uses."""

    states: list[State]  # states[k - 1]: before the action that uses spin k
    prefixes: list[Prefix]
    spins_used: int
    held: tuple[bool, ...]
    too_long_at: int  # the spin position on which turn N + 1 began (lasts at most N), else NEVER


class Search:
    def __init__(self, board: Board, rules: Rules, players: int, beats: tuple[Pattern, ...], max_turns: int,
                 base: Callable[[int], int], editable: Callable[[int], bool], max_edits: int,
                 time_limit: float | None = None, cancelled: Callable[[], bool] | None = None,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.board, self.rules, self.n = board, rules, players
        self.progress = progress  # told (edits being tried, candidates so far) between batches
        self.beats, self.max_turns = tuple(beats), max_turns
        self.base, self.editable = base, editable
        self.max_edits, self.time_limit, self.cancelled = max_edits, time_limit, cancelled
        self.faces = rules.teetotum
        self.sim = Simulator(board, rules, players, max_turns, beats=self.beats)
        most = [b.number for b in self.beats if b.kind == "lasts-at-most"]
        self.at_most = min(most) if most else None  # type: ignore[type-var]
        self.cache = np.zeros(1, dtype=np.int64)  # base spins by position, shared by every batch
        self.candidates = 0  # games played out so far

    # -- the scene's own game ------------------------------------------------------------------
    def base_path(self) -> BasePath:
        game = Game(self.board, self.rules, self.n)
        tracker = PrefixTracker(self.beats, self.n)
        states: list[State] = []
        prefixes: list[Prefix] = []
        too_long = NEVER
        while not (game.state.over or (game.state.turn >= self.max_turns and game.state.pending is None)):
            state = game.state
            if self.at_most is not None and too_long == NEVER and state.pending is None \
                    and state.turn >= self.at_most:
                too_long = len(states) + 1  # this action begins turn N + 1; edits from here are too late
            if state.needs_spin:
                states.append(state)
                prefixes.append(tracker.snapshot())
                action = game.play(self.base(len(states)))
            else:
                action = game.play(None)
            tracker.feed(action)
        final, seen = game.state, tracker.snapshot()
        held = judge(self.sim.plan, np.array([seen.flags], dtype=bool).reshape(1, -1),
                     np.array([-1 if final.winner is None else final.winner]), np.array([final.turn]),
                     np.array([seen.paid]))[0]
        return BasePath(states, prefixes, len(states), tuple(bool(h) for h in held), too_long)

    # -- the search -------------------------------------------------------------------------------
    def run(self) -> Found | None:
        started = time.perf_counter()
        path = self.base_path()
        self.path = path
        if all(path.held):
            return Found((), path.spins_used)
        # A level: first edit position, edit positions and values (rows, d), spins used, beats held.
        first = np.zeros(1, dtype=np.int64)
        pos = np.zeros((1, 0), dtype=np.int64)
        val = np.zeros((1, 0), dtype=np.int64)
        used = np.array([path.spins_used], dtype=np.int64)
        score = np.array([sum(path.held)], dtype=np.int64)
        too_long = np.array([path.too_long_at], dtype=np.int64)
        for d in range(1, self.max_edits + 1):
            order = np.argsort(-score, kind="stable")
            parents = (first[order], pos[order], val[order], used[order], too_long[order])
            last_level = d == self.max_edits
            results = []
            for batch in self._children(*parents, path):
                if self.time_limit is not None and time.perf_counter() - started > self.time_limit:
                    raise OutOfTime(d)
                if self.cancelled is not None and self.cancelled():
                    raise Cancelled()
                if self.progress is not None:
                    self.progress(d, self.candidates)
                b_first, b_pos, b_val = batch
                out = self._play(path, b_first, b_pos, b_val)
                self.candidates += len(b_first)
                ok = np.flatnonzero(out.held.all(axis=1))
                if ok.size:
                    return self._best(b_pos[ok], b_val[ok], out.spins[ok])
                if not last_level:
                    results.append((b_first, b_pos, b_val, out.spins, out.held.sum(axis=1), out.too_long))
            if last_level or not results:
                return None
            first = np.concatenate([r[0] for r in results])
            pos = np.concatenate([r[1] for r in results])
            val = np.concatenate([r[2] for r in results])
            used = np.concatenate([r[3] for r in results])
            score = np.concatenate([r[4] for r in results])
            too_long = np.concatenate([r[5] for r in results])
        return None

    def _children(self, first, pos, val, used, too_long, path: BasePath):
        """Batches of (first, positions, values): each parent with one more edit after its last.

        The new edit goes at an editable position k after the parent's last edit, no later than the
        parent's last spin (nor at or after the spin on which it became too long), with any value
        other than the spin the scene would use there.
        """
        f = self.faces
        d = pos.shape[1]
        last = pos[:, -1] if d else np.zeros(len(first), dtype=np.int64)
        upper = np.minimum(used, too_long - 1)
        top = int(upper.max()) if len(upper) else 0
        self._ensure(top + 1)
        editable = np.array([k for k in range(1, top + 1) if self.editable(k)], dtype=np.int64)
        faces = np.arange(1, f + 1)
        old = self.cache[:top + 1].copy()
        old[0] = 1  # no spin 0; row 0 is never used
        others = faces[None, :] != old[:, None]
        alternatives = np.broadcast_to(faces, others.shape)[others].reshape(top + 1, f - 1)
        lo = np.searchsorted(editable, last, side="right")
        many = np.maximum(np.searchsorted(editable, upper, side="right") - lo, 0)
        total = np.cumsum(many * (f - 1))
        start, batches = 0, 0
        while start < len(first):
            size = BATCHES[min(batches, len(BATCHES) - 1)]
            batches += 1
            before = int(total[start - 1]) if start else 0
            stop = max(start + 1, int(np.searchsorted(total, before + size, side="left")) + 1)
            stop = min(stop, len(first))
            counts = many[start:stop]
            parent = np.repeat(np.arange(start, stop), counts)
            if parent.size:
                offset = np.arange(len(parent)) - np.repeat(np.cumsum(counts) - counts, counts)
                k = editable[lo[parent] + offset]
                kk = np.repeat(k, f - 1)
                pp = np.repeat(parent, f - 1)
                vv = alternatives[k].reshape(-1)
                yield ((first[pp] if d else kk),
                       np.concatenate([pos[pp], kk[:, None]], axis=1),
                       np.concatenate([val[pp], vv[:, None]], axis=1))
            start = stop

    def _ensure(self, upto: int) -> None:
        if upto >= len(self.cache):
            more = [self.base(k) for k in range(len(self.cache), upto + 1)]
            self.cache = np.concatenate([self.cache, np.array(more, dtype=np.int64)])

    def _play(self, path: BasePath, first, pos, val) -> Outcome:
        """Play every candidate out from the base game's state before its first edit."""
        start = Start.from_states(path.states, first - 1, k=list(range(1, path.spins_used + 1)),
                                  prefixes=path.prefixes)
        spins = EditedSpins(self.base, pos, val, cache=self.cache)
        out = self.sim.run(start, spins, watch_turn=self.at_most, stop_late=True)
        self.cache = spins.table
        return out

    def _best(self, pos, val, used) -> Found:
        """Of several solutions with as few edits, the gentlest: the smallest change in all, then the latest."""
        change = np.abs(val - self.cache[pos]).sum(axis=1)
        keys = [(int(change[i]), tuple(-int(p) for p in pos[i]), tuple(int(v) for v in val[i]))
                for i in range(len(pos))]
        i = min(range(len(pos)), key=keys.__getitem__)
        return Found(tuple((int(p), int(v)) for p, v in zip(pos[i], val[i])), int(used[i]))
