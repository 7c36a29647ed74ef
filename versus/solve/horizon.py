"""When a player's beats can no longer hold: the fewest of his own turns he needs for them, from where he stands.

A game whose spins up to position k are fixed can still make a player's beats hold only if he can
bring all their events about in the turns left to him before the game must end (`game lasts at
most N turns`, or the scene's max_turns). The fewest turns that takes are worked out here, once
a board and rules, for a player on every space with every number of spins owed to him this turn,
for every set of his beats still to hold, in a model that can only be quicker than the game:

- any face on every spin (the spins are what the search changes);
- spins owed this turn (Virtue's "spin again", a re-spin) cost no turn, and none is ever lost
  except to a wait or an overshoot, which end the turn (as they do);
- a wait costs the turns it names, and confinement its months, only where nobody can relieve
  him sooner (no collisions); confined, he begins again from the start square, as he must, or
  (`relief: return-and-spin`) is relieved back to his crime's origin with a spin owed at once;
- counted onto a space where a prisoner may be held, he lands there and is sent back to his origin
  to spin again at once (no turn spent), or, that spin the same as the last, his turn ends there;
- between two of his turns, whatever the others' turns can do to him: each may displace him to
  its mover's origin (which may lie ahead: a crime sends its mover back onto him), once, or
  twice where a relief's spin out of turn follows;
- but, where nobody spins out of turn, no further ahead than the others can stand by then: a
  mover's origin is where a mover stands, so a frontier (the furthest any other stands now) bounds
  it, growing by one move of theirs a gap, or to his own origin where his move turns one out
  (_Moves.ahead; the table gains a dimension, a tenth of a second to build on the five sisters).

So the figure is never more than the game needs: a game that needs more turns than are left fails
whatever its later spins are, and no edit at or after that spin position can help
(versus.solve.search gives such games up there, as it does games too long).

Where the beats want somebody to have won by the last turn and name nobody (`game lasts at most N
turns` short of the scene's end, `someone wins within N turns`, `Lydia loses`), the same figure for a
win is a race: the game is lost once nobody who may win can reach the goal in his turns left. A game
given up so has played few turns, but has not been seen to last at most N: it is judged to fail it.

Nothing here is bounded by the edits left to the search: an edit changes one spin, but the spins left
unchanged move everyone on from wherever the edit put them, and displace him forward as often as they
happen to (the answer to benchmarks/solve.py --hard #33 needs one 38 spins after its last edit; see
tests/test_solve_horizon.py).

A board with both collisions and extra spins (displacements a turn without a bound) is not
bounded: nothing is pruned under it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from versus.odds.beats import BeatPlan, plan
from versus.odds.simulate import EXTRA, NO_PENDING, Simulator
from versus.odds.tables import Tables, tables_for
from versus.rules.board import Board, Rules
from versus.scenes.model import Pattern

OWED = 8  # spins owed this turn tracked exactly below this; OWED itself stands for "as many as wanted"
JOINT = 6  # a player's beats bounded together, at most (more would be 2**JOINT tables; the rest are left out)
UNREACHABLE = 1 << 20


@dataclass(frozen=True, eq=False)
class Need:
    """One player's bound: turns[beats still to hold (a bit each), space, owed], the fewest own turns."""

    player: int
    beats: tuple[int, ...]  # the beats' indices in the scene's list, bit i for beats[i]
    wins: int  # the bit of his win among them, or 0
    turns: np.ndarray  # (2 ** len(beats), goal + 1, OWED + 1) int64; UNREACHABLE where they cannot all hold
    flagged: tuple[int, ...]  # the beats held by a flag as they happen (all but the win, held at the end) ...
    bits: np.ndarray  # ... and their bits
    ahead: np.ndarray | None = None  # (2 ** len(beats), goal + 1, 2, goal + 1): as turns (owed 0 or 1), by frontier


def need(player: int, beats: tuple[int, ...], wins: int, turns: np.ndarray, ahead: np.ndarray | None = None) -> Need:
    others = [i for i in range(len(beats)) if not (wins >> i) & 1]
    bits = np.array([1 << i for i in others], dtype=np.int64)
    return Need(player, beats, wins, turns, tuple(beats[i] for i in others), bits, ahead)


@dataclass(frozen=True)
class _Rows:
    """The simulator's rows as the bound reads them: where each stands, confined, his crime's origin, the turns
    still to begin (a row of the own-turn tables), who is owed spins this turn and how many (None: nobody), and
    the furthest and next furthest anyone stands (None: no frontier is read)."""

    pos: np.ndarray
    confined: np.ndarray
    crime: np.ndarray
    slots: np.ndarray
    spinner: np.ndarray | None
    owed: np.ndarray | None
    far: tuple[np.ndarray, np.ndarray] | None

    def take(self, at: np.ndarray) -> _Rows:
        """These rows alone."""
        spinner, owed, far = self.spinner, self.owed, self.far
        return _Rows(self.pos[at], self.confined[at], self.crime[at], self.slots[at],
                     None if spinner is None else spinner[at], None if owed is None else owed[at],
                     None if far is None else (far[0][at], far[1][at]))


class Horizon:
    """Every player's bound, and the check the simulator makes before each step."""

    def __init__(self, t: Tables, p: BeatPlan, players: int, last_turn: int, max_turns: int | None = None) -> None:
        self.n, self.last_turn, self.start = players, last_turn, t.start  # a turn after last_turn never comes
        self.relief_spin = t.relief_spin
        self.needs: tuple[Need, ...] = ()
        self.race: tuple[Need, ...] = ()  # where a winner is wanted by the last turn: each who may win
        self.bytes_read: list[int] = []  # the bytes of the flags by_player reads
        self.frontier = False  # whether any need is read by the others' frontier
        if t.collisions and t.extras:
            return
        moves = _Moves(t, players)
        events: dict[int, list[tuple[int, str, np.ndarray, int | None]]] = {}
        for j, who in p.wins:
            events.setdefault(who, []).append((j, "wins", moves.wins, None))
        for j, who, space in p.lands:
            if j not in p.kinds:  # a kind of space (any of several) is left unbounded
                events.setdefault(who, []).append((j, "lands", moves.land == space, None))
        for j, who in p.overshoots:
            events.setdefault(who, []).append((j, "overshoots", moves.land == 0, None))
        for j, who in p.confined:
            events.setdefault(who, []).append((j, "confined", moves.confining, None))
        for j, who, space in p.reaches:
            if j not in p.kinds:
                events.setdefault(who, []).append((j, "reaches", moves.arrives(space), space))
        needs = []
        for who, his in sorted(events.items()):
            his = sorted(his)[:JOINT]
            wins = sum(1 << i for i, (_, kind, _, _) in enumerate(his) if kind == "wins")
            happen, stand = [e for _, _, e, _ in his], [s for _, _, _, s in his]
            turns = moves.fewest(happen, stand)
            ahead = moves.ahead(happen, stand) if moves.frontier else None
            needs.append(need(who, tuple(j for j, _, _, _ in his), wins, turns, ahead))
        self.needs = tuple(needs)
        self.race = self._race(moves, p, last_turn if max_turns is None else max_turns)
        self.frontier = any(his.ahead is not None for his in self.needs + self.race)
        self._tables(p.count)

    def _race(self, moves: _Moves, p: BeatPlan, max_turns: int) -> tuple[Need, ...]:
        """Where the beats want somebody to have won by the last turn (`game lasts at most N turns` short of
        the scene's end, `someone wins within N turns`, `X loses`) and name no winner: a need to win for
        each who may, of which one at least must be met. A game in which nobody can win in time is over."""
        if p.wins or not (p.within or any(k in ("loses", "last") for _, k, _ in p.ends)
                          or any(n < max_turns for _, n in p.turns_at_most)):
            return ()
        may = set(range(self.n)) - {who for _, k, who in p.ends if k in ("loses", "last")}
        for _, who, _ in p.within:
            may &= set(range(self.n)) if who < 0 else {who}  # "Lydia wins within 40 turns": Lydia alone
        win = moves.fewest([moves.wins], [None])
        ahead = moves.ahead([moves.wins], [None]) if moves.frontier else None
        return tuple(need(x, (-1,), 1, win, ahead) for x in sorted(may))

    def hopeless(self, sim: Simulator) -> np.ndarray:
        """Rows of the simulator's games in which some player's beats can no longer all hold, or in which
        nobody can win in time where the beats want a winner."""
        if not self.needs and not self.race:
            return np.zeros(len(sim.turn), dtype=bool)
        rows = self._rows(sim)
        hopeless = np.zeros(len(sim.turn), dtype=bool)
        if self.needs:
            each = self.by_player(sim, rows)
            for i in range(each.shape[1]):  # a column at a time: quicker than .any(axis=1) across a few
                hopeless |= each[:, i]
        if self.race:
            hopeless |= self.race_lost(sim, rows)
        return hopeless

    def race_lost(self, sim: Simulator, rows: _Rows | None = None) -> np.ndarray:
        """By row: nobody who may win can reach the goal in the turns left to him. Each runner after the first
        is asked only of the rows nobody before him can win, where they are few (most games have somebody who
        still may): on the five sisters the race was a quarter of a proof's time, asked of all five."""
        rows = self._rows(sim) if rows is None else rows
        lost = self._over(self.race[0], self.race[0].wins, self.race_own[0], rows)
        for k in range(1, len(self.race)):
            his, at = self.race[k], np.flatnonzero(lost)
            if not len(at):
                break
            if 2 * len(at) < len(lost):
                lost[at] = self._over(his, his.wins, self.race_own[k], rows.take(at))
            else:
                lost &= self._over(his, his.wins, self.race_own[k], rows)
        return lost

    def by_player(self, sim: Simulator, rows: _Rows | None = None) -> np.ndarray:
        """(rows, needs): whether the beats of each need's player still to hold can no longer all hold.

        Asked before every step of every game the solver plays, so kept to a few whole-array operations."""
        out = np.zeros((len(sim.turn), len(self.needs)), dtype=bool)
        if not self.needs:
            return out
        rows = self._rows(sim) if rows is None else rows
        unset = dict(zip(self.bytes_read, flag_bytes(~sim.flags, self.bytes_read), strict=True))
        for i, his in enumerate(self.needs):
            out[:, i] = self._over(his, self._left(i, unset), self.own[i], rows)
        return out

    def _rows(self, sim: Simulator) -> _Rows:
        """What _over reads of the simulator's rows, worked out once a step for every need and runner."""
        pending = sim.pk != NO_PENDING
        anyp = bool(pending.any())
        first = np.where(pending, sim.next_player[sim.player], sim.player) if anyp else sim.player
        # turns still to begin (the next is first's, then in seat order), read with whose is the next
        slots = np.minimum(np.maximum(self.last_turn - sim.turn, 0) * self.n + first, self.slot_rows - 1)
        owed = np.where(pending, np.where(sim.pk == EXTRA, sim.powed, 1), 0) if anyp else None
        far = None
        if self.frontier:  # the furthest and the next furthest anyone stands (a player's frontier is the others')
            top, second = sim.pos[:, 0].copy(), np.full(len(sim.pos), self.start, dtype=np.int64)
            for q in range(1, self.n):  # a column at a time: a third of the time np.sort takes along rows of five
                second = np.maximum(second, np.minimum(top, sim.pos[:, q]))
                top = np.maximum(top, sim.pos[:, q])
            far = (np.maximum(top, self.start), second)
        return _Rows(sim.pos, sim.confined, sim.crime, slots, None if owed is None else sim.pspinner, owed, far)

    def _over(self, his: Need, left: np.ndarray | int, own: np.ndarray, rows: _Rows) -> np.ndarray:
        """By row: whether his beats still to hold (left) need more of his own turns than are left to him."""
        x = his.player
        spaces, width = his.turns.shape[1], his.turns.shape[2]
        at = rows.pos[:, x]
        confined = rows.confined[:, x]
        anyc = bool(confined.any())
        if anyc:
            at = np.where(confined, self.start, at)  # confined, he begins again
        owed: np.ndarray | int = 0
        if rows.owed is not None:  # spins owed to him this turn
            owed = np.minimum(np.where(rows.spinner == x, rows.owed, 0), OWED)
        if his.ahead is not None:  # read by how far along the others stand (no extras: one spin owed at most)
            assert rows.far is not None
            top, second = rows.far
            frontier = np.where(rows.pos[:, x] == top, second, top)  # the furthest of the others
            index = ((left * spaces + at) * 2 + owed) * spaces + frontier
            return his.ahead.reshape(-1)[index] > own[rows.slots]
        index = (left * spaces + at) * width + owed
        flat = his.turns.reshape(-1)
        needed = flat[index]
        if anyc and self.relief_spin:  # confined, he may instead be relieved back to his crime's origin, and spin
            relieved = flat[(left * spaces + rows.crime[:, x]) * width + 1]
            needed = np.where(confined, np.minimum(needed, relieved), needed)
        return needed > own[rows.slots]  # more of his own turns than are left to him

    def _left(self, i: int, unset: dict[int, np.ndarray]) -> np.ndarray | int:
        """The bits of need i's beats still to hold, by row: read from each byte of eight flags not yet set."""
        left: np.ndarray | int = self.needs[i].wins
        for b, table in self.by_byte[i]:
            left = left + table[unset[b]]
        return left

    def _tables(self, beats: int) -> None:
        """What by_player reads instead of working out: for each need, (byte, table) pairs giving the bits of
        his beats a byte of eight unset flags leaves to hold, and his own turns by (turns left, whose next)."""
        spread = (np.arange(256)[:, None] >> np.arange(8)[None, :]) & 1  # a byte's eight bits
        self.by_byte: list[list[tuple[int, np.ndarray]]] = []
        for his in self.needs:
            bits = np.zeros((beats + 7) // 8 * 8, dtype=np.int64)
            bits[list(his.flagged)] = his.bits
            self.by_byte.append([(b, spread @ bits[8 * b:8 * b + 8]) for b in range(len(bits) // 8)
                                 if bits[8 * b:8 * b + 8].any()])
        self.bytes_read = sorted({b for pairs in self.by_byte for b, _ in pairs})
        slots, first = np.divmod(np.arange((self.last_turn + 1) * self.n), self.n)
        self.slot_rows = len(slots)
        self.own = [own_turns(slots, (his.player - first) % self.n, self.n) for his in self.needs]
        self.race_own = [own_turns(slots, (his.player - first) % self.n, self.n) for his in self.race]


_BIT = (1 << np.arange(8)).astype(np.uint8)


def flag_bytes(flags: np.ndarray, wanted: list[int] | range) -> list[np.ndarray]:
    """Byte b of each row's (rows, beats) flags (flag 8b + i as bit i), for each b wanted, as
    np.packbits(flags, axis=1, bitorder="little") gives them: eight flags summed with their bits' weights,
    a quarter of the time packbits takes along so short an axis."""
    return [flags[:, 8 * b:8 * b + 8].view(np.uint8) @ _BIT[:flags[:, 8 * b:8 * b + 8].shape[1]] for b in wanted]


def runs(at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(each index, where its run starts) of sorted indices: the groups min_into reduces."""
    return np.unique(at, return_index=True)


def min_into(target: np.ndarray, groups: tuple[np.ndarray, np.ndarray], values: np.ndarray) -> None:
    """np.minimum.at(target, at, values) for sorted indices `at` grouped by runs(at): one reduction per run.
    minimum.at is unbuffered, one element at a time, and was a fifth of a horizon's time."""
    at, starts = groups
    if len(at):
        target[at] = np.minimum(target[at], np.minimum.reduceat(values, starts, axis=0))


def own_turns(slots, behind, players: int):
    """Of `slots` turns still to begin, in seat order, the ones a player `behind` seats after the next gets."""
    return np.maximum(slots - behind + players - 1, 0) // players


_HORIZONS: dict[tuple, Horizon] = {}


def horizon_for(board: Board, rules: Rules, beats: tuple[Pattern, ...], players: int, max_turns: int) -> Horizon:
    """The horizon of a scene's beats, its last turn the scene's or `game lasts at most N turns`'s.

    Kept for the next asker (the contradictions, then the search, ask for the same one)."""
    key = (board.id, rules, tuple(beats), players, max_turns)
    if key not in _HORIZONS:
        most = [b.number for b in beats if b.kind == "lasts-at-most" and b.number is not None]
        if len(_HORIZONS) >= 16:
            _HORIZONS.clear()
        _HORIZONS[key] = Horizon(tables_for(board, rules), plan(beats, players), players,
                                 min([max_turns, *most]), max_turns)
    return _HORIZONS[key]


class _Moves:
    """One player's moves alone, by (origin, face), and what others can do to him between them."""

    def __init__(self, t: Tables, players: int) -> None:
        self.t = t
        spaces, f = t.goal + 1, t.faces
        self.land = t.land.reshape(spaces, f)
        self.origins = np.indices(self.land.shape)[0]  # by (origin, face): the origin
        final = t.final.reshape(spaces, f)
        self.wins = final == t.goal
        self.confining = ((t.confine > 0) | (t.wait > 0))[self.land]
        overshoot = self.land == 0
        # Where a move leaves him: over to the Seat of Expectation, or, the second time, to begin again.
        stands = np.where(final < 0, t.start, final)
        self.stands = (stands, np.where(overshoot & (t.seat >= 0), t.start, stands))
        # ... and where he moves from next: confined, from the start square (released, or relieved).
        confined = t.confine[self.land] > 0
        self.then = tuple(np.where(confined, t.start, s) for s in self.stands)
        # Turns a move makes him sit out, where nobody can relieve him sooner (no collisions): a wait, or
        # confinement's months; a wait or an overshoot also ends his turn, with any spins owed.
        held = t.wait[self.land] + t.confine[self.land]
        self.delay = np.zeros(self.land.shape, dtype=np.int64) if t.collisions else held
        self.ends_turn = (t.wait[self.land] > 0) | overshoot
        self.rest = self._resting()
        # Displacements in a turn of another's: his move's, and a relief's spin out of turn after it.
        self.pushes = (players - 1) * (2 if t.relief_spin else 1) if t.collisions else 0
        self.relieved = confined & t.relief_spin  # by move: confined, and may be relieved back to its origin
        # By move: counted onto a space where a prisoner may be held, he goes back to his origin and spins again
        # at once (no turn spent), or, that spin the same, stays there and his turn ends.
        prisons = np.unique(final[t.crime_confines[self.land]]) if t.collisions else np.zeros(0, dtype=np.int64)
        self.bounced = np.isin(final, prisons) & (final != self.origins) & ~t.sent_by_crime[self.land]
        pairs = sorted(self._pushed())
        self.pushed = (np.array([a for a, _ in pairs], dtype=np.int64), np.array([b for _, b in pairs], dtype=np.int64))
        self.pushed_runs = runs(self.pushed[0])
        # Bounded by a frontier (ahead) where others' turns displace him but nobody spins out of turn.
        self.frontier = bool(self.pushes) and not t.relief_spin
        if self.frontier:
            self.grow, self.lifted = self._grow(), self._lifted()

    def arrives(self, space: int) -> np.ndarray:
        """By (origin, face): the moves that leave him standing on the space (what follows, a wait, comes after)."""
        return (self.stands[0] == space) | (self.stands[1] == space)

    def _resting(self) -> np.ndarray:
        """By space: whether anyone ever stands there (as versus.rules.reach: displacements only move a
        player to another's origin, which is a resting place already). Nobody moves on from the goal."""
        rest = np.zeros(self.t.goal + 1, dtype=bool)
        rest[self.t.start] = True
        while True:
            more = rest.copy()
            more[self.t.goal] = False
            for stands in self.stands:
                more[stands[more].reshape(-1)] = True
            more |= rest
            if (more == rest).all():
                return rest
            rest = more

    def _pushed(self) -> set[tuple[int, int]]:
        """(from, to): displaced by another's move that ends where he stands, to that move's origin."""
        t = self.t
        pairs: set[tuple[int, int]] = set()
        if t.collisions:
            origins = self.origins
            for stands in self.stands:
                ok = (stands != t.start) & (stands != t.goal) & ((stands != origins) | t.sent_by_crime[self.land])
                ok &= self.rest[origins] & (origins != t.goal)  # a mover stands on his origin
                pairs.update(zip(stands[ok].tolist(), origins[ok].tolist(), strict=True))
        return pairs

    def _grow(self) -> np.ndarray:
        """By frontier F: the furthest anyone stands after a move each, all of them standing no further than F.
        A move ends on its own landing (from an origin no further than F) or, displaced, on another's origin."""
        origins = self.origins
        ok = self.rest[origins] & (origins != self.t.goal)
        far = np.arange(self.t.goal + 1)
        for stands in self.stands:
            np.maximum.at(far, origins[ok], stands[ok])
        return np.maximum.accumulate(far)

    def _lifted(self) -> tuple[np.ndarray, ...]:
        """By (origin, face, frontier F), for each of self.stands: the frontier after his move. Another standing
        where he ends (no further than F) is displaced to his origin, which may lie beyond F."""
        t, frontier = self.t, np.arange(self.t.goal + 1)
        origins = self.origins
        out = []
        for stands in self.stands:
            hits = (stands != t.start) & (stands != t.goal) & ((stands != origins) | t.sent_by_crime[self.land])
            hits = hits[:, :, None] & (stands[:, :, None] <= frontier)
            out.append(np.where(hits, np.maximum(frontier, origins[:, :, None]), frontier))
        return tuple(out)

    def ahead(self, events: list[np.ndarray], stand: list[int | None]) -> np.ndarray:
        """As fewest, by (beats still to hold, space, spins owed 0 or 1, frontier): the others all stand no
        further than the frontier, and so displace him no further: a mover's origin is where a mover stands.
        Between his turns each of them moves once (nobody spins out of turn here), so the frontier grows by
        one move (grow) a gap; his own move may displace one of them to his origin (lifted)."""
        spaces, masks, pushes = self.t.goal + 1, 1 << len(events), self.pushes
        done_by, standing = self._doing(events, stand)
        begin = np.full((masks, spaces, spaces), UNREACHABLE, dtype=np.int64)  # a turn of his begins: costs one
        owed = begin.copy()  # a spin owed to him now: costs none
        gap = np.full((masks, spaces, pushes + 1, spaces), UNREACHABLE, dtype=np.int64)
        begin[0], owed[0], gap[0] = 0, 0, 0
        for mask in sorted(range(1, masks), key=lambda m: bin(m).count("1")):
            self._settle_ahead(mask, begin, owed, gap, done_by, standing)
        return np.stack([gap[:, :, pushes], owed], axis=2)

    def _settle_ahead(self, mask: int, begin: np.ndarray, owed: np.ndarray, gap: np.ndarray, done_by: np.ndarray,
                      standing: np.ndarray) -> None:
        """ahead's tables for one set of beats, to a fixed point (as _settle)."""
        pushes = gap.shape[2] - 1
        left = (mask & ~done_by)[:, :, None]  # (origin, face, 1): what is still to hold after the move
        spaces = np.arange(begin.shape[1])
        here = mask & ~standing
        pushed_to = self.pushed[1]
        within = pushed_to[:, None] <= spaces[None, :]  # (push, frontier): the mover's origin no further
        origins = self.origins[:, :, None]
        bounced = self.bounced[:, :, None] & (self.stands[0][:, :, None] <= spaces)  # (origin, face, frontier)
        for _ in range(begin[mask].size + gap[mask].size + 1):
            later = np.full((*left.shape[:2], len(spaces)), UNREACHABLE, dtype=np.int64)
            for then, lifted in zip(self.then, self.lifted, strict=True):
                later = np.minimum(later, gap[left, then[:, :, None], pushes, lifted])
            if bounced.any():  # a prisoner on the space he counts onto (so no further than the frontier)
                back = np.minimum(owed[left, origins, spaces], gap[left, origins, pushes, spaces])
                later = np.where(bounced, np.minimum(later, back), later)
            later = np.where(self.wins[:, :, None], UNREACHABLE, later)
            later = np.where(left == 0, 0, later)
            best = later.min(axis=1)  # (origin, frontier)
            new_owed = np.minimum(np.minimum(owed[mask], best), owed[here, spaces])
            new_begin = np.minimum(np.minimum(begin[mask], np.minimum(best + 1, UNREACHABLE)), begin[here, spaces])
            new_gap = np.minimum(gap[mask], new_begin[:, None, self.grow])  # his turn, the others' moves made
            new_gap = np.minimum(new_gap, gap[here, spaces])
            for k in range(1, pushes + 1):
                min_into(new_gap[:, k], self.pushed_runs, np.where(within, new_gap[pushed_to, k - 1], UNREACHABLE))
            if (np.array_equal(new_owed, owed[mask]) and np.array_equal(new_begin, begin[mask])
                    and np.array_equal(new_gap, gap[mask])):
                return
            owed[mask], begin[mask], gap[mask] = new_owed, new_begin, new_gap
        raise AssertionError("the fewest turns did not settle")  # pragma: no cover - a fixed point is reached

    def _doing(self, events: list[np.ndarray], stand: list[int | None]) -> tuple[np.ndarray, np.ndarray]:
        """The bits of the beats each move brings about (by origin and face), and standing on each space."""
        done_by = np.zeros(np.shape(events[0]) if events else (), dtype=np.int64)
        for i, e in enumerate(events):
            done_by = done_by + (e.astype(np.int64) << i)
        standing = np.zeros(self.t.goal + 1, dtype=np.int64)
        for i, s in enumerate(stand):
            if s is not None:
                standing[s] |= 1 << i
        return done_by, standing

    def fewest(self, events: list[np.ndarray], stand: list[int | None]) -> np.ndarray:
        """Fewest own turns, by (beats still to hold, space, spins owed), to bring about each beat's event:
        a move that has it (events[i], by origin and face), or, where stand[i] is a space, standing there
        by any means (a displacement too). Sets are worked out smallest first: each needs only smaller ones
        and itself."""
        t, pushes = self.t, self.pushes
        spaces, masks = t.goal + 1, 1 << len(events)
        owed = np.arange(OWED + 1)
        # Spins owed after a move, by (owed before, origin, face): one used, the landing's added.
        after = np.minimum(np.maximum(owed - 1, 0)[:, None, None] + t.extra[self.land][None], OWED)
        after[OWED] = OWED
        after[:, self.ends_turn] = 0
        cost = (owed == 0).astype(np.int64)[:, None, None]
        done_by, standing = self._doing(events, stand)
        turn = np.full((masks, spaces, OWED + 1), UNREACHABLE, dtype=np.int64)
        gap = np.full((masks, spaces, pushes + 1), UNREACHABLE, dtype=np.int64)
        turn[0], gap[0] = 0, 0
        for mask in sorted(range(1, masks), key=lambda m: bin(m).count("1")):
            self._settle(mask, turn, gap, done_by, standing, after, cost)
        return np.concatenate([gap[:, :, pushes:], turn[:, :, 1:]], axis=2)

    def _settle(self, mask: int, turn: np.ndarray, gap: np.ndarray, done_by: np.ndarray, standing: np.ndarray,
                after: np.ndarray, cost: np.ndarray) -> None:
        """turn[mask]: when his move is due (owed 0: a turn of his begins, and costs one); gap[mask, space, k]:
        between his turns, with k more moves by others that may displace him. To a fixed point."""
        pushes = gap.shape[2] - 1
        left = mask & ~done_by[None]  # (1, origin, face): what is still to hold after the move
        pushed_to = self.pushed[1]
        spaces = np.arange(turn.shape[1])
        origins = self.origins
        here = mask & ~standing  # by space: what is still to hold once standing there

        def then(space: np.ndarray) -> np.ndarray:  # by (owed before, origin, face): the fewest from there on
            return np.where(after == 0, gap[left, space[None], pushes], turn[left, space[None], after])

        for _ in range(turn[mask].size + gap[mask].size + 1):  # each round settles one more node at least
            later = np.minimum(then(self.then[0]), then(self.then[1])) + self.delay[None]
            if self.relieved.any():  # relieved back to the origin of the move, with a spin owed at once
                later = np.where(self.relieved[None], np.minimum(later, turn[left, origins, 1]), later)
            if self.bounced.any():  # sent back to the origin by a prisoner there: a spin owed, or the turn over
                back = np.minimum(turn[left, origins, 1], gap[left, origins, pushes])
                later = np.where(self.bounced[None], np.minimum(later, back), later)
            later = np.where(self.wins[None], UNREACHABLE, later)  # the game is over
            later = np.where(left == 0, 0, later)
            by_move = np.minimum(later + cost, UNREACHABLE).min(axis=2).T
            new_turn = np.minimum(turn[mask], by_move)
            new_turn = np.minimum(new_turn, turn[here, spaces])  # standing there already holds some
            new_gap = np.minimum(gap[mask], new_turn[:, :1])
            new_gap = np.minimum(new_gap, gap[here, spaces])
            for k in range(1, pushes + 1):
                min_into(new_gap[:, k], self.pushed_runs, new_gap[pushed_to, k - 1])
            if np.array_equal(new_turn, turn[mask]) and np.array_equal(new_gap, gap[mask]):
                return
            turn[mask], gap[mask] = new_turn, new_gap
        raise AssertionError("the fewest turns did not settle")  # pragma: no cover - a fixed point is reached
