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

import numpy as np

from versus.odds.beats import judge
from versus.odds.simulate import (
    _PER_GAME,
    _PER_PLAYER,
    EXTRA,
    NEVER,
    NO_PENDING,
    RESPIN,
    Outcome,
    Simulator,
    Start,
    rows_of,
)
from versus.odds.spins import EditedSpins
from versus.solve.ends import Ends
from versus.solve.horizon import flag_bytes
from versus.solve.known import ENDS, Known, News, with_face

_FIELDS = (*tuple(name for name in _PER_PLAYER + _PER_GAME if name != "too_long"), "flags")


EVERY = 2  # a game's position is noted at every spin position a multiple of this, after its last edit (a mark
# costs a hash, less than a step, finds where games meet to within EVERY spins, and looks them up there: every
# second spin plays a fifth fewer steps in a proof of four edits on the five sisters than every eighth did;
# every spin a little fewer again, but its marks, carried back from the workers, took #30 past 500 MB) ...
SPARSE = 8  # ... or this, in a level too large for the next to be searched whole (marks there cost more than they save)


class Marks:
    """Where played games stand later than their last edit: (row, spin position q, two hashes) at every
    q, a multiple of `every`, that a game reaches after its last edit (its first moment with the next spin
    at q). Two games standing alike at q, neither with an edit at q or later, go on alike, spin for spin,
    and end alike (versus.solve.known.Seen)."""

    def __init__(self, every: int | None = None) -> None:
        self.parts: list[np.ndarray] = []  # (row, q, first hash, second hash) rows, added by run as games pass
        self.every = EVERY if every is None else every

    def all(self) -> np.ndarray:
        """(marks, 4): row, q, first hash, second hash; in row order, q rising within a row."""
        if not self.parts:
            return np.zeros((0, 4), np.int64)
        out = np.concatenate(self.parts)
        return out[np.lexsort((out[:, 1], out[:, 0]))]


_AT = np.random.default_rng(2).integers(1, 2**62, 2) | 1


def _marked(sim: Simulator, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two hashes of the simulator's rows `at` where they stand, as marks."""
    if 3 * at.size > len(sim.k):  # most of them: the columns of all, then theirs (not every array gathered)
        whole = _decisive(sim, {name: getattr(sim, name) for name in _FIELDS})
        first, second = _hashed(rows_of(_columns(sim, whole, len(sim.k)), at))
    else:
        first, second = hashes(sim, {name: rows_of(getattr(sim, name), at) for name in _FIELDS}, len(at))
    with np.errstate(over="ignore"):
        first, second = first + _AT[0], second + _AT[1]  # not to be taken for a (position, face)
    first[first == 0] = 1
    return first, second


def play_from_last(sim: Simulator, start_of, base, pos: np.ndarray, val: np.ndarray,
                   watch_turn: int | None, table: np.ndarray, known: Known | None = None,
                   marks: Marks | None = None, ends: Ends | None = None,
                   learn: bool = True, ask_every: int = 1) -> tuple[Outcome, np.ndarray, News | None, np.ndarray]:
    """The outcome of every row (edits pos/val, positions rising, two or more a row), the spin table,
    what known (positions met before, if given: versus.solve.known) learnt, as news for others, and each
    row's two hashes of its position and face at its last edit (0 where its parent's game ended before, or
    where ask_every is above one);
    marks, if given, notes where the games played stand later on (not those given a known end).

    start_of(first) gives the Start of rows whose games begin just before spin position `first`;
    base(k) the scene's spin at k, table those looked up so far. ask_every above one (a level whose ends
    need not be exact, only its solutions: versus.solve.search.Search._asking) is how often the children's
    games ask the horizon; the parents' replays then do not ask it, and known is neither asked nor told
    (it has found too little to keep more: one row in 270 of the five sisters' last level), nor are
    children standing alike played once (one in 75): hashing them cost more than the games it spared.
    """
    d = pos.shape[1] - 1
    prefix = np.concatenate([pos[:, :-1], val[:, :-1]], axis=1)
    # Rows of a parent come together (its children, or the likely edits sorted), so a parent is a run of
    # equal prefixes; a parent met twice is played twice. Its rows at one last position are a pair.
    which = _runs(prefix)
    key = which * (int(pos[:, -1].max()) + 1) + pos[:, -1]
    if (key[1:] >= key[:-1]).all():  # children in order (as the levels make them): each pair a run, not sorted
        change = np.r_[True, key[1:] != key[:-1]]
        heads, pair_of = np.flatnonzero(change), np.cumsum(change) - 1
    else:
        _, heads, pair_of = np.unique(key, return_index=True, return_inverse=True)  # a row of each pair
        pair_of = pair_of.reshape(-1)
    parent_rows = np.flatnonzero(np.r_[True, which[1:] != which[:-1]])
    ppos, pval = pos[parent_rows, :d], val[parent_rows, :d]
    taken, gone, table = _taken(sim, start_of(ppos[:, 0]), EditedSpins(base, ppos, pval, cache=table),
                                which[heads], pos[heads, -1], watch_turn, ask_every == 1)
    on = np.flatnonzero(~gone[pair_of])
    if ask_every == 1:
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
        once = np.flatnonzero(np.bincount(rep, minlength=len(miss)))  # np.unique(rep): rows, so counted, not hashed
    else:  # (known keeps nothing more, having found too little: nothing is looked up, each row played)
        first = second = np.zeros(len(on), np.int64)
        hit, miss = np.zeros(0, np.int64), np.arange(len(on))
        rep, odd, once = miss, np.zeros(len(on), bool), miss
    todo = [on[miss[once]], np.flatnonzero(gone[pair_of])]
    starts = [Start(**{name: rows_of(taken[name], pair_of[todo[0]]) for name in _FIELDS}), start_of(pos[todo[1], 0])]
    parts = []
    for r, start in zip(todo, starts, strict=True):
        if r.size:  # the rows played on from their last edit; those whose parent's game ended before it, afresh
            edited = EditedSpins(base, pos[r], val[r], cache=table)
            parts.append((r, run(sim, start, edited, watch_turn, r, pos[r, -1], marks, ends, learn, ask_every)))
            table = edited.table
    news = None
    if miss.size and ask_every == 1:  # (else each row was played, in order, and its end is not kept: not exact)
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
    beats = rows["flags"].reshape(count, -1)
    flags = flag_bytes(beats, range((beats.shape[1] + 7) // 8))
    out = np.empty((3 * n + 7 + len(flags), count), np.int64)  # a column's values side by side: quick to write
    out[:n] = (rows["pos"] + spaces * (rows["crime"] + spaces * (
        rows["waiting"] + months * (rows["confined"] * 2 + rows["seat"])))).T
    out[n:2 * n] = rows["counters"].T
    out[2 * n:3 * n] = rows["paid"].T
    out[3 * n] = rows["player"] + n * (rows["pspinner"] + n * (rows["pk"] + 4 * (
        rows["pspin"] + (t.faces + 1) * (rows["winner"] + 1))))
    for i, name in enumerate(("pool", "turn", "k", "powed", "leader", "changes")):
        out[3 * n + 1 + i] = rows[name]
    for i, eight in enumerate(flags):
        out[3 * n + 7 + i] = eight
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


def _spread(outcome: Outcome, which: np.ndarray) -> Outcome:
    """The outcome of games played once, given to each row that stands for one of them."""
    return Outcome(**{name: rows_of(getattr(outcome, name), which) for name in ENDS})


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
           watch_turn: int | None, ask: bool = True) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """Each pair's simulator row `row` as it stands when its next spin is at position k (all arrays);
    gone where the row's game ended (or was given up, too long) before then; the spin table. No two
    pairs are alike. Without ask, the horizon is not asked whether a game is hopeless: a child whose
    parent's game was hopeless before its last edit is then played on from there, not afresh, and
    fails all the same (a level whose ends need not be exact: play_from_last's ask_every).

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
        live &= ~sim.ended(stop_late=True, ask=ask)  # as Simulator.run(stop_late=True) ends a game
        wanted = np.where(live & (ptr < end), ks[ptr], NEVER)
        now = np.flatnonzero(sim.k == wanted)
        if now.size:
            pairs = order[ptr[now]]
            for name in _FIELDS:
                out[name][pairs] = rows_of(getattr(sim, name), now)
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
            sim.keep(keep)
            ptr, end, live = ptr[keep], end[keep], live[keep]
        sim.step()


def run(sim: Simulator, start: Start, spins: EditedSpins, watch_turn: int | None, rows: np.ndarray,
        after: np.ndarray, marks: Marks | None = None, ends: Ends | None = None, learn: bool = True,
        ask_every: int = 1) -> Outcome:
    """Simulator.run(start, spins, watch_turn, stop_late=True), noting where the games stand at each of their
    marks (every marks.every spins after `after`, each one's last edit; rows: the batch's rows these are), and
    looking them up there (versus.solve.ends): found in ends, or where a lower row of this batch stood, a
    game is given that game's end, not played on. With learn, the ends of the games played are kept in ends
    at every mark they passed. The outcome is the one Simulator.run gives, row for row. ask_every is Simulator.run's,
    where the games are neither marked nor looked up (the last level's); where they are, the horizon is asked
    before every step, for the ends kept to be the exact ends."""
    if marks is None and ends is None:
        return sim.run(start, spins, watch_turn=watch_turn, stop_late=True, ask_every=ask_every)
    count = start.rows
    money = sim.money
    every = marks.every if marks is not None else SPARSE
    out = sim.blank(count)
    sim.begin(start, spins, watch_turn)
    gid = np.arange(count)
    live = np.ones(count, dtype=bool)
    noted = np.zeros(count, np.int64)
    here = _Local(count)
    lead = np.full(count, -1, np.int64)  # the game of this batch each follows (its end is that one's)
    over = np.zeros(count, dtype=bool)  # games ended, or stopped to follow another or take an end found
    notes: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # marks passed by games played on from them
    while count:
        done = sim.ended(stop_late=True)
        k = sim.k
        at = np.flatnonzero(live & ~done & (k % every == 0) & (k > after[gid]) & (k != noted[gid]))
        if at.size:
            g = gid[at]
            noted[g] = k[at]
            first, second = _marked(sim, at)
            if marks is not None:
                marks.parts.append(np.stack([rows[g], k[at], first, second], axis=1))
            stop = np.zeros(len(at), bool)
            if ends is not None:
                place = ends.find(first, second)
                stop = place >= 0
                ends.give(out, g[stop], place[stop])
            go = np.flatnonzero(~stop)
            leader, (old, new) = here.meet(first[go], second[go], g[go], over, lead)
            follows = leader >= 0
            lead[g[go[follows]]] = leader[follows]
            stop[go[follows]] = True
            on = go[~follows]
            notes.append((g[on], first[on], second[on]))
            s = at[stop]
            if old.size:  # games that stood here first, of later rows: they follow the earlier row from here
                lead[old] = new
                s = np.concatenate([s, np.searchsorted(gid, old)])
            if s.size:
                if not money:  # counters never move: each row keeps its own
                    out.counters[gid[s]], out.paid[gid[s]] = sim.counters[s], sim.paid[s]
                live[s] = False
                over[gid[s]] = True
        done &= live
        if done.any():
            d = np.flatnonzero(done)
            g = gid[d]
            sim.record(out, d, g)
            live &= ~done
            over[g] = True
        alive = int(live.sum())
        if alive == 0:
            break
        if alive < 0.8 * len(live) or len(live) < 256:
            keep = np.flatnonzero(live)
            if len(keep) < len(live):
                sim.keep(keep)
                gid, live = gid[keep], live[keep]
        sim.step()
    followers = np.flatnonzero(lead >= 0)
    if followers.size:
        root = lead[followers]
        for _ in range(count):  # a leader may have followed another later on
            deeper = lead[root] >= 0
            if not deeper.any():
                break
            root[deeper] = lead[root[deeper]]
        else:  # pragma: no cover - each follows a game still going on, or one that has ended
            raise RuntimeError("games followed one another round in a circle")
        names = ["winner", "turns", "spins", "held", "pos", "too_long"] + (["counters", "paid"] if money else [])
        for name in names:
            a = getattr(out, name)
            a[followers] = a[root]
    if ends is not None and learn and notes:
        g, first, second = (np.concatenate(part) for part in zip(*notes, strict=True))
        ends.keep(first, second, out, g)
    out.held = judge(sim.plan, out.held, out.winner, out.turns, out.paid, out.pos, out.given_up())
    return out


class _Local:
    """The marks of one batch's games: (two hashes) -> the game of the lowest row to stand there, as far as there
    is room (direct-mapped: a place taken by other hashes keeps them). The lowest row goes on, the others follow
    it: where games meet the search (versus.solve.known.Seen) takes the lowest row's marks, in order, as those of
    the earlier candidate, and finds the others alike there."""

    def __init__(self, rows: int) -> None:
        size = 1 << max(10, (4 * rows).bit_length())
        self.mask = size - 1
        self.first = np.zeros(size, np.int64)
        self.second = np.zeros(size, np.int64)
        self.game = np.full(size, -1, np.int64)

    def meet(self, first: np.ndarray, second: np.ndarray, game: np.ndarray, over: np.ndarray,
             lead: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
        """For marks of games (rising) at a step: the game each is to follow (-1: none, it goes on), and the
        games still going on, of later rows, that stood there before and are to follow one of these instead
        (theirs, and the one each follows). A game that stood there is read as the one it follows in turn (lead):
        where that is the game itself (it stood there in a later row's place), it goes on."""
        leader = np.full(len(first), -1, np.int64)
        _, once, which = np.unique(first, return_index=True, return_inverse=True)
        rep = once[which.reshape(-1)]  # the lowest of those alike at this step
        alike = (rep != np.arange(len(first))) & (second[rep] == second)
        leader[alike] = game[rep[alike]]
        mine = np.flatnonzero(~alike)
        place = first[mine] & self.mask
        there, stood = self.first[place], self.game[place]
        met = np.flatnonzero((there == first[mine]) & (self.second[place] == second[mine]))
        root = stood[met]
        for _ in range(len(lead)):
            on = lead[root] >= 0
            if not on.any():
                break
            root[on] = lead[root[on]]
        own = root == game[mine[met]]
        later = root > game[mine[met]]
        swap = ~own & later & ~over[root]
        own |= later & over[root]  # a later row's game, ended: this one goes on, its marks noted in order
        follow = ~own & ~swap
        leader[mine[met[follow]]] = root[follow]
        self.game[place[met[own | swap]]] = game[mine[met[own | swap]]]
        empty = np.flatnonzero(there == 0)
        new = mine[empty[np.unique(place[empty], return_index=True)[1]]]
        slot = first[new] & self.mask
        self.first[slot], self.second[slot], self.game[slot] = first[new], second[new], game[new]
        return leader, (root[swap], game[mine[met[swap]]])
