"""The likely edits first: spins that decide a failing beat, read from the position before them.

For a candidate (some edits already made) its game is replayed through the engine; every later
spin of the beat's player is looked at from where that player stands, and a value is proposed
where it would make the beat happen there and then: land on the space, come to rest on it, be
confined, overshoot, take the other's place, pay, win (or, for a win too far off, go furthest).
Where players collide, every other player's spin is looked at too: a value that comes to rest
on the beat's player's space (turning it out) or, where the spin does turn it out, the values
that do not; a displacement moves a player further than any spin of its own. Where they do not
(Virtue Rewarded), any spin's values that change how its turn goes on (another spin, a wait, or
neither) are proposed: they decide who uses every spin after. The first edit may be any.
`game lasts at least N` proposes another value for the spin that won too soon. A beam of the
candidates holding most beats is widened an edit at a time; the first level with a solution
gives an answer, not yet a proof that fewer edits cannot do (the exhaustive levels do that).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from versus.rules import Stream
from versus.rules.board import Board, Rules
from versus.rules.reach import one_spin
from versus.rules.state import State
from versus.scenes.model import Pattern
from versus.solve.found import BasePath, Cancelled, Found
from versus.solve.workers import Batch, Result

BEAM = 400  # candidates widened at each edit
FIRST_BEAM = 2_000  # ... and after the first
MOST = 40_000  # candidates tried at each edit, at most


@dataclass(frozen=True)
class Needs:
    """What the likely edits need of the search: the scene's game and beats, and a way to try candidates."""

    board: Board
    rules: Rules
    beats: tuple[Pattern, ...]
    max_edits: int
    max_turns: int
    at_most: int | None  # the N of a beat `game lasts at most N turns`, if any
    editable: Callable[[int], bool]  # may the spin at this position (from 1) be changed?
    spin_at: Callable[[int], int]  # the spin the scene would use at this position
    play: Callable[[Batch], Result]  # candidates played out
    best: Callable[[np.ndarray, np.ndarray, np.ndarray], Found]  # the gentlest of several solutions
    tried: Callable[[int], None]  # told how many candidates were played
    cancelled: Callable[[], bool] | None = None


class Likely:
    def __init__(self, needs: Needs, path: BasePath, beam: int = BEAM) -> None:
        self.s, self.path, self.beam = needs, path, beam
        board, rules = needs.board, needs.rules
        self.goal, self.start, self.faces = board.goal, rules.start, rules.teetotum
        self.collisions = rules.collisions
        # for each origin and spin: (space counted onto, 0 past the goal) and where the player comes to rest
        self.onto = [[one_spin(board, rules, o, v)[0] for v in range(self.faces + 1)] for o in range(board.goal + 1)]
        self.rest = [[one_spin(board, rules, o, v)[1] for v in range(self.faces + 1)] for o in range(board.goal + 1)]
        verbs = [{e.verb for e in s.direction} for s in board.spaces]
        self.confining = [bool(v & {"confine", "wait"}) for v in verbs]
        self.paying = [bool(v & {"pay", "pay-half", "pay-each"}) for v in verbs]
        self.rest_np = np.array(self.rest, dtype=np.int64)
        # for each origin and spin: how the turn goes on (0 it passes, 1 another spin, 2 a wait), which
        # decides who uses the spins after it
        def course(o: int, v: int) -> int:
            onto = self.onto[o][v]
            if not onto:
                return 0
            return 2 if verbs[onto] & {"confine", "wait"} else 1 if "spin" in verbs[onto] else 0

        self.course = np.array([[course(o, v) for v in range(self.faces + 1)] for o in range(board.goal + 1)])
        self.shifts = bool(self.course.any())
        self.memo: dict[tuple[int, int, int], list[int]] = {}  # (beat, origin, other's place): its values
        # the games of the nodes whose children were last worked out, from just before their last edits (replay)
        self.games: dict[tuple[tuple[int, int], ...], list[tuple[int, State, int]]] = {}
        self.last_games: dict[tuple[tuple[int, int], ...], list[tuple[int, State, int]]] = {}

    def search(self, deadline: float) -> Found | None:
        beam: list[tuple[tuple[tuple[int, int], ...], tuple[bool, ...]]] = [((), self.path.held)]
        for d in range(1, self.s.max_edits + 1):
            # The first edit may be any: one that only changes who spins next (an extra spin more or
            # less) or where someone stands can set up what the beats need, and there are few of them.
            self.last_games, self.games = self.games, {}  # the parents of this edit's nodes, replayed at the last
            rows = [self.every_single()] if d == 1 else [self.children(node, held) for node, held in beam]
            if time.perf_counter() > deadline:
                return None
            flat = np.unique(np.concatenate(rows), axis=0)[:MOST] if rows else np.zeros((0, 2 * d), np.int64)
            if not len(flat):
                return None
            if self.s.cancelled is not None and self.s.cancelled():
                raise Cancelled()
            pos, val = flat[:, 0::2], flat[:, 1::2]
            result = self.s.play((pos.min(axis=1), pos, val))
            self.s.tried(len(flat))
            if result.ok.size:
                return self.s.best(pos[result.ok], val[result.ok], result.spins[result.ok])
            progress, mix = self.progress(result), _mix(pos, val)
            # Half the beam holds most beats, half has come furthest: a beat held now may have to be
            # given up on the way to one far off (a win within a few turns).
            wide = max(FIRST_BEAM, self.beam) if d == 1 else self.beam  # every single edit, where they are few
            most = np.lexsort((mix, -progress, -result.score))[:wide // 2]
            far = np.lexsort((mix, -result.score, -progress))[:wide // 2]
            chosen = list(dict.fromkeys(most.tolist() + far.tolist()))
            beam = [(tuple(zip(pos[i].tolist(), val[i].tolist(), strict=True)), tuple(result.held[i].tolist()))
                    for i in chosen]
        return None

    def every_single(self) -> np.ndarray:
        """Every change of one spin of the scene's own game, one a row: (k, v)."""
        s, top = self.s, self.path.spins_used
        if self.path.too_long_at < top + 1:
            top = self.path.too_long_at - 1
        rows = [(k, v) for k in range(1, top + 1) if s.editable(k)
                for v in range(1, self.faces + 1) if v != s.spin_at(k)]
        return np.array(rows, dtype=np.int64).reshape(-1, 2)

    def children(self, node: tuple[tuple[int, int], ...], held: tuple[bool, ...]) -> np.ndarray:
        """The node with each of its likely next edits, one a row: (k1, v1, k2, v2, ...), positions rising."""
        ks, vs = self.decide(node, held)
        prefix = np.array([x for edit in node for x in edit], dtype=np.int64)
        return np.concatenate([np.broadcast_to(prefix, (len(ks), len(prefix))), ks[:, None], vs[:, None]], axis=1)

    def progress(self, result) -> np.ndarray:
        """How near each candidate's game came to the beats it fails that need a player far on."""
        near = np.zeros(len(result.score), dtype=np.int64)
        for j, beat in enumerate(self.s.beats):
            failing = ~result.held[:, j]
            if beat.kind in ("wins", "overshoots"):
                near += np.where(failing, result.pos[:, beat.player], 0)
            elif beat.kind == "lasts-at-most" or (beat.kind == "wins-within" and beat.player is None):
                near += np.where(failing, result.pos.max(axis=1), 0)
            elif beat.kind == "wins-within":
                near += np.where(failing, result.pos[:, beat.player], 0)
            elif beat.kind in ("lands", "reaches"):
                near += np.where(failing, np.minimum(result.pos[:, beat.player], beat.space or 0), 0)
        return near

    # -- the spins that would decide a failing beat ---------------------------------------------------
    def decide(self, node: tuple[tuple[int, int], ...], held: tuple[bool, ...]) -> tuple[np.ndarray, np.ndarray]:
        """(positions, values) of every likely next edit: after the node's last, for a beat it fails.

        Each failing beat's player's own spins, from where the player stands; and, where players
        collide, every other player's spin that turns the beat's player out of its space (or, no
        longer does): a displacement moves the player back (or on) by far more than a spin.
        """
        s = self.s
        last = max((k for k, _ in node), default=0)
        seen, winner_k = self.replay(node)
        if not seen:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        ks = np.array([k for k, _, _ in seen], dtype=np.int64)
        who = np.array([spinner for _, _, spinner in seen], dtype=np.int64)
        where = np.array([state.pos for _, state, _ in seen], dtype=np.int64)
        old = np.array([s.spin_at(k) for k in ks.tolist()], dtype=np.int64)
        free = (ks > last) & np.array([s.editable(k) for k in ks.tolist()], dtype=bool)
        out_k: list = []
        out_v: list = []
        for j, beat in enumerate(s.beats):
            if held[j]:
                continue
            kind = beat.kind
            won_too_soon = kind == "wins" and winner_k and seen[-1][2] != beat.player
            if kind in ("lasts-at-least", "turn", "round") or won_too_soon:
                if winner_k:  # someone won too soon (or the wrong one won): that spin otherwise
                    others = [v for v in range(1, self.faces + 1) if v != s.spin_at(winner_k)]
                    out_k.append(np.full(len(others), winner_k, np.int64))
                    out_v.append(np.array(others, dtype=np.int64))
                if kind != "wins":
                    continue
            if kind == "lasts-at-most" or beat.player is None:
                mine = free
            else:
                mine = free & (who == beat.player)
                if self.collisions:
                    k, v = self.collide(free & (who != beat.player), ks, who, where, old, beat.player)
                    out_k.append(k)
                    out_v.append(v)
            for i in np.flatnonzero(mine).tolist():
                spinner = int(who[i])
                o = int(where[i, spinner])
                key = (j, o, int(where[i, beat.other]) if kind == "displaces" else 0)
                values = self.memo.get(key)
                if values is None:
                    values = self.memo[key] = self.values(kind, beat, o, seen[i][1])
                values = [v for v in values if v != old[i]]
                out_k.append(np.full(len(values), ks[i], np.int64))
                out_v.append(np.array(values, dtype=np.int64))
        if self.shifts and not self.collisions:  # spins whose value decides who uses the spins after
            rows = np.flatnonzero(free)
            origin = where[rows, who[rows]]
            c = self.course[origin]
            want = c != c[np.arange(len(rows)), old[rows]][:, None]
            want[:, 0] = False
            r, v = np.nonzero(want)
            out_k.append(ks[rows[r]])
            out_v.append(v.astype(np.int64))
        if not out_k:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        return np.concatenate(out_k), np.concatenate(out_v)

    def collide(self, mask: np.ndarray, ks: np.ndarray, who: np.ndarray, where: np.ndarray, old: np.ndarray,
                player: int) -> tuple[np.ndarray, np.ndarray]:
        """Others' spins (where mask) whose value decides whether they turn the player out of its space."""
        rows = np.flatnonzero(mask)
        there = where[rows, player]
        origin = where[rows, who[rows]]
        hit = self.rest_np[origin] == there[:, None]  # (rows, faces + 1): this value comes to rest there
        hit &= ((there != self.start) & (there != self.goal))[:, None]
        displaced = hit[np.arange(len(rows)), old[rows]]
        want = np.where(displaced[:, None], ~hit, hit)
        want[:, 0] = False
        want[np.arange(len(rows)), old[rows]] = False
        want &= hit.any(axis=1)[:, None]  # no collision either way: nothing to decide
        r, v = np.nonzero(want)
        return ks[rows[r]], v.astype(np.int64)

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
        elif kind in ("lands-kind", "reaches-kind"):  # any space of the kind; else on towards the next
            there = onto if kind == "lands-kind" else rest
            hits = [v for v in faces if there[v] in beat.spaces]
            aim = min((n for n in beat.spaces if n > o), default=self.goal)
        elif kind in ("wins", "lasts-at-most", "wins-within"):
            hits = [v for v in faces if rest[v] == self.goal]
        else:
            return []
        if hits:
            return hits
        return [max(faces, key=lambda v: (rest[v] if onto[v] and rest[v] <= aim else -1, -v))]  # the furthest on

    def replay(self, node: tuple[tuple[int, int], ...]) -> tuple[list[tuple[int, State, int]], int]:
        """[(spin position, state before it, spinner)] of the node's game from its last edit on (decide looks no
        earlier), and the winning spin's position (or 0).

        Played from the state just before that edit: in the scene's own game for a node of one edit, else in
        its parent's game (the node less its last edit), replayed when the parent's children were worked out;
        from its first edit where that is not at hand."""
        s = self.s
        first = max((k for k, _ in node), default=1)
        edits = dict(node)
        parent = self.last_games.get(node[:-1]) if len(node) > 1 else None
        if parent is not None and parent and parent[0][0] <= first < parent[0][0] + len(parent):
            state = parent[first - parent[0][0]][1]
        elif len(node) > 1:
            first = min(k for k, _ in node)
            state = self.path.states[first - 1]
        else:
            state = self.path.states[first - 1]
        spins = (edits.get(k, s.spin_at(k)) for k in itertools.count(first))
        seen: list[tuple[int, State, int]] = []
        for action, after in Stream.from_state(s.board, s.rules, state).play(spins):
            if s.at_most is not None and state.pending is None and state.turn >= s.at_most:
                break  # this action begins a turn too many: no edit from here can help
            if action.spin is not None:
                seen.append((first + len(seen), state, action.player))
            state = after
            if after.winner is not None or (after.turn >= s.max_turns and after.pending is None):
                break
        last = max((k for k, _ in node), default=1)
        seen = seen[max(0, last - first):]  # (played from the first edit: the part decide looks at, as from the last)
        self.games[node] = seen
        return seen, (seen[-1][0] if state.winner is not None and seen else 0)


def _mix(pos: np.ndarray, val: np.ndarray) -> np.ndarray:
    """A fixed but scattered order among equals, so that the beam is not all early spins (one per row)."""
    h = np.full(len(pos), 0x9E3779B97F4A7C15, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for column in (pos * 16 + val).T.astype(np.uint64):
            h = (h ^ column) * np.uint64(0xBF58476D1CE4E5B9)
            h ^= h >> np.uint64(31)
    return h
