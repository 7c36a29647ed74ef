"""Candidates played from just before their last edit, not their first: the parent's game is shared.

A candidate of d edits is its parent (the first d - 1) with one more, later. Its game is the
parent's up to the spin of that last edit, so each parent in a batch is played once, from the
scene's state before its first edit, and the simulator's rows are taken (every array of them)
at the moment each needed spin position comes up; its children are then played on from there.
Every child's game is the one it would have had from its first edit, spin for spin, so its
result is the same; the steps played are fewer (a child of four edits skips on average three
quarters of what it would replay).

This drives versus.odds.simulate.Simulator a step at a time (begin, ended, step, as its run does)
and takes rows from its per-row arrays (the ones Simulator.run copies from a Start), so it follows
that simulator's rules exactly.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from versus.odds.simulate import _PER_GAME, _PER_PLAYER, EXTRA, NEVER, NO_PENDING, RESPIN, Outcome, Simulator, Start
from versus.odds.spins import EditedSpins
from versus.solve.known import ENDS, Known, News, with_face

_FIELDS = (*tuple(name for name in _PER_PLAYER + _PER_GAME if name != "too_long"), "flags")


EVERY = 2  # a game's position is noted at every spin position a multiple of this, after its last edit (a mark
# costs a hash, about a step, and finds where games meet to within EVERY spins: every second spin plays a fifth
# fewer steps in a proof of four edits on the five sisters than every eighth did) ...
SPARSE = 8  # ... or this, in a level too large for the next to be searched whole (marks there cost more than they save)


class Marks:
    """Where played games stand later than their last edit: (row, spin position q, two hashes) at every
    q, a multiple of `every`, that a game reaches after its last edit (its first moment with the next spin
    at q). Two games standing alike at q, neither with an edit at q or later, go on alike, spin for spin,
    and end alike (versus.solve.known.Seen)."""

    def __init__(self, every: int | None = None) -> None:
        self.parts: list[np.ndarray] = []
        self.every = EVERY if every is None else every

    def looker(self, rows: np.ndarray, after: np.ndarray) -> Callable[[Simulator, np.ndarray, np.ndarray], None]:
        """A look for Simulator.run, for games of these rows (of the batch) whose last edits are at `after`."""
        noted = np.zeros(len(rows), np.int64)  # the last q noted, of each
        every = self.every

        def look(sim: Simulator, gid: np.ndarray, live: np.ndarray) -> None:
            k = sim.k
            at = np.flatnonzero(live & (k % every == 0) & (k > after[gid]) & (k != noted[gid]))
            if at.size:
                noted[gid[at]] = k[at]
                if 3 * at.size > len(k):  # most of them: the columns of all, then theirs (not every array gathered)
                    whole = _decisive(sim, {name: getattr(sim, name) for name in _FIELDS})
                    first, second = _hashed(_columns(sim, whole, len(k))[at])
                else:
                    first, second = hashes(sim, {name: getattr(sim, name)[at] for name in _FIELDS}, len(at))
                with np.errstate(over="ignore"):
                    first, second = first + _AT[0], second + _AT[1]  # not to be taken for a (position, face)
                first[first == 0] = 1
                self.parts.append(np.stack([rows[gid[at]], k[at], first, second], axis=1))
        return look

    def all(self) -> np.ndarray:
        """(marks, 4): row, q, first hash, second hash; in row order, q rising within a row."""
        if not self.parts:
            return np.zeros((0, 4), np.int64)
        out = np.concatenate(self.parts)
        return out[np.lexsort((out[:, 1], out[:, 0]))]


_AT = np.random.default_rng(2).integers(1, 2**62, 2) | 1


def play_from_last(sim: Simulator, start_of, base, pos: np.ndarray, val: np.ndarray,
                   watch_turn: int | None, table: np.ndarray, known: Known | None = None,
                   marks: Marks | None = None) -> tuple[Outcome, np.ndarray, News | None, np.ndarray]:
    """The outcome of every row (edits pos/val, positions rising, two or more a row), the spin table,
    what known (positions met before, if given: versus.solve.known) learnt, as news for others, and each
    row's two hashes of its position and face at its last edit (0 where its parent's game ended before);
    marks, if given, notes where the games played stand later on (not those given a known end).

    start_of(first) gives the Start of rows whose games begin just before spin position `first`;
    base(k) the scene's spin at k, table those looked up so far.
    """
    d = pos.shape[1] - 1
    prefix = np.concatenate([pos[:, :-1], val[:, :-1]], axis=1)
    # Rows of a parent come together (its children, or the likely edits sorted), so a parent is a run of
    # equal prefixes; a parent met twice is played twice. Its rows at one last position are a pair.
    which = _runs(prefix)
    _, heads, pair_of = np.unique(which * (int(pos[:, -1].max()) + 1) + pos[:, -1], return_index=True,
                                  return_inverse=True)  # a row of each pair, by parent and position
    pair_of = pair_of.reshape(-1)
    parent_rows = np.flatnonzero(np.r_[True, which[1:] != which[:-1]])
    ppos, pval = pos[parent_rows, :d], val[parent_rows, :d]
    taken, gone, table = _taken(sim, start_of(ppos[:, 0]), EditedSpins(base, ppos, pval, cache=table),
                                which[heads], pos[heads, -1], watch_turn)
    on = np.flatnonzero(~gone[pair_of])
    face = val[on, -1]
    first, second = (h[pair_of[on]] for h in hashes(sim, taken, len(heads)))
    first, second = with_face(first, second, face)
    entry = known.find(first, second) if known is not None else np.full(len(on), -1, np.int64)
    hit, miss = np.flatnonzero(entry >= 0), np.flatnonzero(entry < 0)
    # Children alike (their games standing alike when the last edit comes, the same edit) are played once:
    # the first of each; one whose second hash differs from that one's is played as well, and not kept.
    group = np.unique(first[miss], return_index=True, return_inverse=True)
    rep = group[1][group[2].reshape(-1)]
    odd = second[miss] != second[miss][rep]
    rep[odd] = np.flatnonzero(odd)
    once = np.unique(rep)
    rows = [on[miss[once]], np.flatnonzero(gone[pair_of])]
    starts = [Start(**{name: taken[name][pair_of[rows[0]]] for name in _FIELDS}), start_of(pos[rows[1], 0])]
    parts = []
    for r, start in zip(rows, starts, strict=True):
        if r.size:  # the rows played on from their last edit; those whose parent's game ended before it, afresh
            edited = EditedSpins(base, pos[r], val[r], cache=table)
            look = None if marks is None else marks.looker(r, pos[r, -1])
            parts.append((r, sim.run(start, edited, watch_turn=watch_turn, stop_late=True, look=look)))
            table = edited.table
    news = None
    if miss.size:
        played = parts[0][1]
        if known is not None:
            kept = np.flatnonzero(~odd[once])
            news = known.keep(first[miss[once[kept]]], second[miss[once[kept]]], _spread(played, kept))
        parts[0] = (on[miss], _spread(played, np.searchsorted(once, rep)))
    if hit.size:
        parts.append((on[hit], known.outcome(entry[hit])))  # type: ignore[union-attr]
    out = _merged(len(pos), parts)
    if not sim.money:  # counters never move: each row ends with its own, not those of the game it was found alike
        out.counters[on], out.paid[on] = taken["counters"][pair_of[on]], taken["paid"][pair_of[on]]
    keys = np.zeros((len(pos), 2), np.int64)
    keys[on, 0], keys[on, 1] = first, second
    return out, table, news, keys


def keys_of(sim: Simulator, start: Start, face: np.ndarray) -> np.ndarray:
    """(rows, 2): the hashes of one-edit games' positions at their edit (their start) and its face, as
    play_from_last gives those of later edits."""
    first, second = hashes(sim, {name: getattr(start, name) for name in _FIELDS}, start.rows)
    first, second = with_face(first, second, face)
    return np.stack([first, second], axis=1)


def hashes(sim: Simulator, rows: dict[str, np.ndarray], count: int) -> tuple[np.ndarray, np.ndarray]:
    """Two hashes of each of `count` positions (rows[name]: the simulator's arrays, a row each), told by what
    decides how their games go on (_decisive)."""
    return _hashed(_columns(sim, _decisive(sim, rows), count))


def _columns(sim: Simulator, rows: dict[str, np.ndarray], count: int) -> np.ndarray:
    """(count, columns): every array of the positions, small ones packed exactly into one column (a player's
    space, crime's origin, months or turns to wait and two flags; whose turn, the pending spin's kind,
    spinner and face, and the winner; eight beat flags a byte), for a product of few columns, not one a
    value: half the cost of hashing them one by one. Each packed value lies within its bounds (spaces
    0 to goal, waits as the board's longest, faces 1 to teetotum), so distinct positions pack distinctly."""
    t, n = sim.t, sim.n
    spaces = t.goal + 1
    months = int(max(t.wait.max(initial=0), t.confine.max(initial=0))) + 1
    flags = np.packbits(rows["flags"].reshape(count, -1), axis=1, bitorder="little")
    out = np.empty((3 * n + 7 + flags.shape[1], count), np.int64)  # a column's values side by side: quick to write
    out[:n] = (rows["pos"] + spaces * (rows["crime"] + spaces * (
        rows["waiting"] + months * (rows["confined"] * 2 + rows["seat"])))).T
    out[n:2 * n] = rows["counters"].T
    out[2 * n:3 * n] = rows["paid"].T
    out[3 * n] = rows["player"] + n * (rows["pspinner"] + n * (rows["pk"] + 4 * (
        rows["pspin"] + (t.faces + 1) * (rows["winner"] + 1))))
    for i, name in enumerate(("pool", "turn", "k", "powed", "leader", "changes")):
        out[3 * n + 1 + i] = rows[name]
    out[3 * n + 7:] = flags.T
    return out.T


def _hashed(columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two hashes of each row: the columns times one matrix of random weights (the same in every process)."""
    weights = _WEIGHTS.get(columns.shape[1])
    if weights is None:
        weights = _WEIGHTS[columns.shape[1]] = np.random.default_rng(0).integers(1, 2**62, (columns.shape[1], 2)) | 1
    with np.errstate(over="ignore"):
        both = columns @ weights
    return both[:, 0].copy(), both[:, 1].copy()


_WEIGHTS: dict[int, np.ndarray] = {}  # by the number of columns hashed


def _decisive(sim: Simulator, rows: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The rows with what decides nothing of how their games go on zeroed, so that games alike in all that
    does are found alike (versus.solve.known): the counters where money is not followed (nothing moves
    them, and the row's own are given back to it), the lead where no beat counts its changes, a pending
    spin's spinner, face and count where none is pending (each is set afresh when one is), and the origin
    of a player's crime where he is not confined (it is read only to relieve a prisoner)."""
    rows = dict(rows)
    idle = [name for name in ("counters", "pool", "paid") if not sim.money]
    idle += [] if sim.plan.lead_changes else ["leader", "changes"]
    for name in idle:
        rows[name] = np.zeros_like(rows[name])
    pk = rows["pk"]
    rows["pspinner"] = np.where(pk == NO_PENDING, 0, rows["pspinner"])
    rows["pspin"] = np.where(pk == RESPIN, rows["pspin"], 0)
    rows["powed"] = np.where(pk == EXTRA, rows["powed"], 0)
    rows["crime"] = np.where(rows["confined"], rows["crime"], 0)
    return rows


def _spread(outcome: Outcome, rows: np.ndarray) -> Outcome:
    """The outcome of games played once, given to each row that stands for one of them."""
    return Outcome(**{name: getattr(outcome, name)[rows] for name in ENDS})


def _runs(rows: np.ndarray) -> np.ndarray:
    """For each row, the number of its run of equal rows (0, 1, ...)."""
    change = np.any(rows[1:] != rows[:-1], axis=1)
    return np.concatenate([[0], np.cumsum(change)])


def _merged(rows: int, parts: list[tuple[np.ndarray, Outcome]]) -> Outcome:
    if len(parts) == 1:
        return parts[0][1]
    out = {}
    for name in ENDS:
        like = getattr(parts[0][1], name)
        out[name] = np.empty((rows, *like.shape[1:]), like.dtype)
        for r, part in parts:
            out[name][r] = getattr(part, name)
    return Outcome(**out)


def _taken(sim: Simulator, start: Start, spins: EditedSpins, row: np.ndarray, k: np.ndarray,
           watch_turn: int | None) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """Each pair's simulator row `row` as it stands when its next spin is at position k (all arrays);
    gone where the row's game ended (or was given up, too long) before then; the spin table. No two
    pairs are alike.

    A row's spin position rises by one at most a step, so each row waits for one pair at a time (its
    next position, its pairs taken in order): a step looks at the rows, not at every pair; and a row
    whose game ended, or whose pairs are all taken, is dropped, as Simulator.run drops finished games."""
    sim.begin(start, spins, watch_turn)
    order = np.lexsort((k, row))  # each row's pairs together, positions rising
    ks = np.append(k[order], NEVER)  # past a row's last pair: a position never reached
    rows = np.arange(start.rows)
    ptr, end = np.searchsorted(row[order], rows), np.searchsorted(row[order], rows, side="right")
    out = {name: np.empty((len(row), *getattr(sim, name).shape[1:]), getattr(sim, name).dtype) for name in _FIELDS}
    gone = np.ones(len(row), dtype=bool)
    live = np.ones(start.rows, dtype=bool)  # by simulator row: its game not ended; ptr: its next pair
    while True:
        live &= ~sim.ended(stop_late=True)  # as Simulator.run(stop_late=True) ends a game
        wanted = np.where(live & (ptr < end), ks[ptr], NEVER)
        now = np.flatnonzero(sim.k == wanted)
        if now.size:
            pairs = order[ptr[now]]
            for name in _FIELDS:
                out[name][pairs] = getattr(sim, name)[now]
            gone[pairs] = False
            ptr[now] += 1
            wanted[now] = np.where(ptr[now] < end[now], ks[ptr[now]], NEVER)
        waiting = wanted != NEVER
        many = int(waiting.sum())
        if not many:
            return out, gone, spins.table
        if (sim.k[waiting] > wanted[waiting]).any():  # pragma: no cover - a spin advances k by one at most
            raise RuntimeError("a parent's game passed a spin position without stopping at it")
        if many < 0.8 * len(waiting):  # rows with nothing more to give are played no further
            keep = np.flatnonzero(waiting)
            sim._keep(keep)
            spins.keep(keep)
            ptr, end, live = ptr[keep], end[keep], live[keep]
        sim.step()
