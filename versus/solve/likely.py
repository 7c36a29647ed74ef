"""The likely edits first: spins that decide a failing beat, read from the position before them.

For a candidate (some edits already made) its game is replayed (the beam's together, in the
vectorised simulator, which plays the engine's rules action for action); every later spin of the
beat's player is looked at from where that player stands, and a value is proposed where it would
make the beat happen there and then: land on the space, come to rest on it, be
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

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from versus.odds.simulate import NO_PENDING, Simulator, Start
from versus.odds.spins import EditedSpins
from versus.rules.board import Board, Rules
from versus.rules.reach import one_spin
from versus.scenes.model import Pattern
from versus.solve.found import BasePath, Cancelled, Found
from versus.solve.workers import Batch, Result

BEAM = 400  # candidates widened at each edit
FIRST_BEAM = 2_000  # ... and after the first
MOST = 40_000  # candidates tried at each edit, at most
Game = tuple[np.ndarray, np.ndarray, np.ndarray, int]  # a node's spin positions, spinners, where all stood, won at
Node = tuple[tuple[int, int], ...]  # a candidate's edits: (position, value), positions rising


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
        # for each beat and origin, the values of its player's spin proposed there (one a face, 0 never): read
        # once, then gathered for every spin of the beam's games (a displacement's, which depend on where the
        # other stands, are read there)
        self.proposed = [self.table(beat) for beat in needs.beats]
        # the beam's games are replayed together, by the vectorised simulator (no beats: only who spins where)
        self.sim = Simulator(board, rules, path.states[0].players, needs.max_turns)
        self.games: dict[Node, Game] = {}  # the beam's nodes' games (replay)

    def search(self, deadline: float) -> Found | None:
        beam: list[tuple[Node, tuple[bool, ...]]] = [((), self.path.held)]
        for d in range(1, self.s.max_edits + 1):
            # The first edit may be any: one that only changes who spins next (an extra spin more or
            # less) or where someone stands can set up what the beats need, and there are few of them.
            self.games = self.replay([node for node, _ in beam]) if d > 1 else {}
            rows = self.every_single() if d == 1 else self.children(beam)
            if time.perf_counter() > deadline:
                return None
            flat = np.unique(rows, axis=0)[:MOST]
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
    def children(self, beam: list[tuple[Node, tuple[bool, ...]]]) -> np.ndarray:
        """Every node of the beam with each of its likely next edits, one a row: (k1, v1, k2, v2, ...),
        positions rising; an edit is after the node's last, for a beat the node fails.

        Each failing beat's player's own spins, from where the player stands; and, where players
        collide, every other player's spin that turns the beat's player out of its space (or, no
        longer does): a displacement moves the player back (or on) by far more than a spin. The
        beam's games are read together, a row a spin, each row with the node whose game it is of.
        """
        s, faces = self.s, np.arange(self.faces + 1)
        games = [self.games[node] for node, _ in beam]
        of = np.repeat(np.arange(len(beam)), [len(game[0]) for game in games])  # each spin's node
        ks, who, where = (np.concatenate([game[i] for game in games]) for i in range(3))
        last = np.array([max(k for k, _ in node) for node, _ in beam], dtype=np.int64)
        held = np.array([h for _, h in beam], dtype=bool).reshape(len(beam), len(s.beats))
        won = np.array([game[3] for game in games], dtype=np.int64)  # the winning spin's position, or 0
        won_by = np.array([game[1][-1] if game[3] else -1 for game in games], dtype=np.int64)
        won_old = np.array([s.spin_at(k) if k else 0 for k in won.tolist()], dtype=np.int64)
        at = np.unique(ks)  # the scene asked once a position
        index = np.searchsorted(at, ks)
        old = np.array([s.spin_at(k) for k in at.tolist()], dtype=np.int64)[index]
        free = (ks > last[of]) & np.array([s.editable(k) for k in at.tolist()], dtype=bool)[index]
        out: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (node, position, value) of the edits

        def add(rows: np.ndarray, want: np.ndarray) -> None:
            """The values wanted (a row of faces + 1 a spin) of these spins."""
            r, v = np.nonzero(want)
            out.append((of[rows[r]], ks[rows[r]], v))

        for j, beat in enumerate(s.beats):
            kind, failing = beat.kind, ~held[:, j]
            if kind in ("lasts-at-least", "turn", "round", "wins"):
                # someone won too soon (or the wrong one won): that spin otherwise
                soon = np.flatnonzero(failing & (won > 0) & ((won_by != beat.player) if kind == "wins" else True))
                r, v = np.nonzero((faces > 0) & (faces != won_old[soon][:, None]))
                out.append((soon[r], won[soon[r]], v))
                if kind != "wins":
                    continue
            mine = free & failing[of]
            if kind != "lasts-at-most" and beat.player is not None:
                if self.collisions:
                    add(*self.collide(mine & (who != beat.player), who, where, old, beat.player))
                mine &= who == beat.player
            rows = np.flatnonzero(mine)
            origin = where[rows, who[rows]]
            if kind == "displaces":
                want = self.displacing(origin, where[rows, beat.other])
            else:
                want = self.proposed[j][origin]
            want[np.arange(len(rows)), old[rows]] = False
            add(rows, want)
        if self.shifts and not self.collisions:  # spins whose value decides who uses the spins after
            rows = np.flatnonzero(free)
            c = self.course[where[rows, who[rows]]]
            want = c != c[np.arange(len(rows)), old[rows]][:, None]
            want[:, 0] = False
            add(rows, want)
        n, k, v = (np.concatenate(part) for part in zip(*out, strict=True)) if out else (np.zeros(0, np.int64),) * 3
        prefix = np.array([[x for edit in node for x in edit] for node, _ in beam], dtype=np.int64)
        return np.concatenate([prefix[n], k[:, None], v[:, None]], axis=1)

    def collide(self, mask: np.ndarray, who: np.ndarray, where: np.ndarray, old: np.ndarray,
                player: int) -> tuple[np.ndarray, np.ndarray]:
        """Others' spins (where mask), and the values (a row of faces + 1 a spin) that decide whether they
        turn the player out of its space."""
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
        return rows, want

    def displacing(self, origin: np.ndarray, other: np.ndarray) -> np.ndarray:
        """For `displaces`: the values that bring the player, from each origin, to rest on the other's
        place (a row of faces + 1 each), where a player there can be turned out of it."""
        want = (self.rest_np[origin] == other[:, None]) & \
            (self.collisions & (other != self.start) & (other != self.goal))[:, None]
        want[:, 0] = False
        return want

    def table(self, beat: Pattern) -> np.ndarray:
        """The values of the beat's player's spin proposed from each origin (a row of faces + 1 each)."""
        out = np.zeros((self.goal + 1, self.faces + 1), dtype=bool)
        for o in range(self.goal + 1):
            out[o, self.values(beat, o)] = True
        return out

    def values(self, beat: Pattern, o: int) -> list[int]:
        """The values of this spin that make the beat happen now, else the one that goes furthest towards it
        (none for a displacement: see displacing)."""
        kind = beat.kind
        onto, rest, faces = self.onto[o], self.rest[o], range(1, self.faces + 1)
        aim = self.goal
        if kind in ("lands", "reaches"):
            assert beat.space is not None  # a landing or a resting place names its space
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

    def replay(self, nodes: list[Node]) -> dict[Node, Game]:
        """Each node's game (nodes of as many edits), from its last edit on (children looks no earlier): the spin
        positions, who spins each, where everyone stands before it, and the winning spin's position (or 0).

        All played at once from their first edits by the vectorised simulator, which plays the engine's rules
        action for action: an action uses a spin unless it is a turn sat out (waiting, confined). A game is
        followed until it is over, or its next action would begin a turn after `game lasts at most N`'s last
        (no edit from there can help)."""
        s, sim = self.s, self.sim
        if not nodes:
            return {}
        pos = np.array([[k for k, _ in node] for node in nodes], dtype=np.int64)
        val = np.array([[v for _, v in node] for node in nodes], dtype=np.int64)
        first, last = pos.min(axis=1), pos.max(axis=1)
        states = self.path.states
        sim.begin(Start.from_states(states, first - 1, k=list(range(1, len(states) + 1))),
                  EditedSpins(s.spin_at, pos, val))
        game = np.arange(len(nodes))
        won = np.zeros(len(nodes), bool)
        taken: list[tuple[np.ndarray, ...]] = []  # (game, spin position, spinner, where everyone stood)
        while len(game):
            over = (sim.winner >= 0) | ((sim.turn >= s.max_turns) & (sim.pk == NO_PENDING))
            if s.at_most is not None:
                over |= (sim.pk == NO_PENDING) & (sim.turn >= s.at_most)
            if over.any():  # games over, or too long, played no further
                won[game[over]] = sim.winner[over] >= 0
                on = np.flatnonzero(~over)
                sim.keep(on)
                game = game[on]
                if not len(game):
                    break
            pending = sim.pk != NO_PENDING
            spinner = np.where(pending, sim.pspinner, sim.player)
            spins = pending | (sim.waiting[np.arange(len(game)), spinner] == 0)  # else a turn sat out
            at = np.flatnonzero(spins & (sim.k >= last[game]))
            taken.append((game[at], sim.k[at], spinner[at], sim.pos[at]))
            sim.step()
        g, k, who, where = (np.concatenate(part) for part in zip(*taken, strict=True)) if taken else \
            (np.zeros(0, np.int64),) * 3 + (np.zeros((0, self.sim.n), np.int64),)
        order = np.lexsort((k, g))  # each game's spins together, in order
        g, k, who, where = g[order], k[order], who[order], where[order]
        bounds = np.searchsorted(g, np.arange(len(nodes) + 1))
        out = {}
        for i, node in enumerate(nodes):
            a, b = bounds[i], bounds[i + 1]
            out[node] = (k[a:b], who[a:b], where[a:b], int(k[b - 1]) if won[i] and b > a else 0)
        return out


def _mix(pos: np.ndarray, val: np.ndarray) -> np.ndarray:
    """A fixed but scattered order among equals, so that the beam is not all early spins (one per row)."""
    h = np.full(len(pos), 0x9E3779B97F4A7C15, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for column in (pos * 16 + val).T.astype(np.uint64):
            h = (h ^ column) * np.uint64(0xBF58476D1CE4E5B9)
            h ^= h >> np.uint64(31)
    return h
