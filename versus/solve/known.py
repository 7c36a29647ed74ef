"""Positions met before: a candidate whose game stands, at its last edit, where an earlier candidate's
stood, and makes the same last edit, ends as that one did, and is not played again.

No spin after a candidate's last edit is changed, so from that spin on its game is decided by the
simulator's row as it stands then (where each player is, waits, confinement, the beats held so far,
whose turn, the spin position, the counters where money is followed: every array that decides
anything, versus.solve.resume._decisive) and the face the edit gives.
Games of different edits meet again often: a player sent back to the start, or confined, forgets the
spin that sent him there, and a fine is the same whatever was spun. On netherfield-quiet, of the
games with four edits, more than four in five stand, at their last edit, where one played before stood.

A (position, face) is told by two 64-bit hashes of the row, with random weights: the first finds it
in a table, the second must agree as well (both agreeing on different rows: about one chance in
2**120). Bounded: at most BUDGET bytes in a process; once full, nothing more is kept, and what is kept
is still looked up; nor is more kept where, after a fair trial, less than a fifth is found (Longbourn's
five players seldom meet again: one in ten). A worker keeps its own, and is told what the others
learnt (news), so each knows nearly all the search has met. An end looked up is the end the game
has: the answer is the same with one process or two, and with or without this.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from versus.odds.simulate import NEVER, Outcome

BUDGET = 48 * 2**20  # bytes, at most, for what is kept, in each process
ENDS = tuple(f.name for f in dataclasses.fields(Outcome))
TRIAL, FOUND_ENOUGH = 200_000, 0.2  # looked up, and the share found, below which nothing more is kept
_PLACE = 12  # bytes a place in the table costs (a first hash, an entry's number)


@dataclasses.dataclass(frozen=True)
class News:
    """Entries one process learnt, for the others: both hashes and the end of each."""

    first: np.ndarray
    second: np.ndarray
    ends: dict[str, np.ndarray]


class Known:
    """(position, face) pairs met before in one search, and how their games ended."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.keys = np.zeros(1, np.int64)  # the table: first hashes (0: empty), and their entries
        self.entry = np.full(1, -1, np.int32)
        self.check = np.zeros(0, np.int64)  # each entry's second hash
        self.ends: dict[str, np.ndarray] = {}
        self.count = self.room = 0  # entries kept, and room for them now (growing to self.most)
        self.looked = self.found = 0  # looked up, and found

    # -- looking up -------------------------------------------------------------------------------
    def find(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """Each entry's number, or -1 where none is kept (or another is kept under its first hash)."""
        out = np.full(len(first), -1, np.int64)
        self.looked += len(first)
        if not self.count:
            return out
        place = self._places(first)
        entry = self.entry[place]
        found = np.flatnonzero(entry >= 0)
        good = found[self.check[entry[found]] == second[found]]
        out[good] = entry[good]
        self.found += len(good)
        return out

    def worth_keeping(self) -> bool:
        """Whether more is worth keeping: not where, after a fair trial, few were found (games of many
        players, say, that seldom meet again), for keeping and telling them costs more than it saves."""
        return self.looked < TRIAL or self.found >= FOUND_ENOUGH * self.looked

    def outcome(self, entries: np.ndarray) -> Outcome:
        return Outcome(**{name: np.take(self.ends[name], entries, axis=0).astype(bool if name == "held" else np.int64)
                          for name in ENDS})

    # -- keeping ----------------------------------------------------------------------------------
    def keep(self, first: np.ndarray, second: np.ndarray, outcome: Outcome) -> News | None:
        """Keep these (not yet found) as far as the budget goes; what was kept, as news for the others."""
        ends = {name: getattr(outcome, name) for name in ENDS}
        new = self._add_new(first, second, ends)
        return None if new is None else News(first[new], second[new], {name: a[new] for name, a in ends.items()})

    def absorb(self, news: News) -> None:
        """What another process learnt: kept here too, where it is not already, as far as the budget goes."""
        self._add_new(news.first, news.second, news.ends)

    def _add_new(self, first: np.ndarray, second: np.ndarray, ends: dict[str, np.ndarray]) -> np.ndarray | None:
        """Those of these entries not kept already (the first of any alike), as many as the budget has
        room for, kept, the store grown by doubling to hold them; which they were (None: none)."""
        if not self.worth_keeping():
            return None
        new = np.flatnonzero(self.entry[self._places(first)] < 0) if self.count else np.arange(len(first))
        new = new[np.sort(np.unique(first[new], return_index=True)[1])]
        if not self.ends:
            small = {name: np.int64 if name == "too_long" else bool if name == "held" else np.int32 for name in ENDS}
            self.ends = {name: np.zeros((0, *a.shape[1:]), small[name]) for name, a in ends.items()}
            each = 8 + sum(a.itemsize * int(np.prod(a.shape[1:])) for a in self.ends.values())
            self.most, self.size = max((min(size // 2, (self.budget - size * _PLACE) // each), size)  # half full
                                       for size in (2**i for i in range(1, 40)) if size * _PLACE <= self.budget)
        new = new[:max(0, self.most - self.count)]
        if not new.size:
            return None
        if self.count + len(new) > self.room:
            self._grow(min(self.most, max(self.count + len(new), 2 * self.room, 1024)))
        self._add(first[new], second[new], {name: a[new] for name, a in ends.items()})
        return new

    def _grow(self, room: int) -> None:
        self.room = room
        self.check = _grown(self.check, room)
        self.ends = {name: _grown(a, room) for name, a in self.ends.items()}
        old = np.flatnonzero(self.keys)
        size = min(self.size, 1 << int(2 * room - 1).bit_length())
        keys, entries = self.keys[old], self.entry[old]
        self.keys, self.entry = np.zeros(size, np.int64), np.full(size, -1, np.int32)
        self._insert(keys, entries)

    def _add(self, first: np.ndarray, second: np.ndarray, ends: dict[str, np.ndarray]) -> None:
        entries = np.arange(self.count, self.count + len(first))
        self.check[entries] = second
        for name in ENDS:
            self.ends[name][entries] = ends[name]
        self.count += len(first)
        self._insert(first, entries)

    def _insert(self, first: np.ndarray, entries: np.ndarray) -> None:
        mask = len(self.keys) - 1
        place = first & mask
        todo = np.arange(len(first))
        while todo.size:  # linear probing, each wave placing one key in each empty place it finds
            here = place[todo]
            empty = self.keys[here] == 0
            wanting = todo[empty]
            winners = wanting[np.unique(here[empty], return_index=True)[1]]
            self.keys[place[winners]], self.entry[place[winners]] = first[winners], entries[winners]
            todo = np.setdiff1d(todo, winners, assume_unique=True)
            place[todo] = (place[todo] + 1) & mask

    def _places(self, first: np.ndarray) -> np.ndarray:
        """Where each first hash is in the table, or the empty place that ends its search."""
        mask = len(self.keys) - 1
        place = first & mask
        todo = np.arange(len(first))
        while todo.size:
            key = self.keys[place[todo]]
            todo = todo[(key != 0) & (key != first[todo])]
            place[todo] = (place[todo] + 1) & mask
        return place


class Seen:
    """Where (position and face) the exhaustive levels' candidates made their last edit, and where their
    games stood later on (versus.solve.resume.Marks), in the order the search took them: one found here
    goes on as an earlier one did, spin for spin, from its last edit (or from the later spin position q
    at which they stood alike, neither with an edit from q on), so its children (one more edit, later;
    from q on) go as that one's children with the same edit do, and need not be tried. That one's
    children are tried at the same level as these, or were at this level, without a solution (or are
    left out in turn, for one earlier still). Kept in the search's own process, in order, so the answer
    is the same with one process or two. At most `most` are kept (16 bytes each); after that, those
    kept are still found."""

    def __init__(self, most: int = 4_000_000) -> None:
        self.most = most
        self.first = np.zeros(0, np.int64)  # sorted
        self.second = np.zeros(0, np.int64)

    def meets(self, keys: np.ndarray, marks: np.ndarray | None = None) -> np.ndarray:
        """For a batch's rows, from their hashes at their last edits (keys: versus.solve.resume.play_from_last)
        and later on (marks: versus.solve.resume.Marks), the spin position from which each goes on as an
        earlier candidate did: 0 where it did from its last edit, else the first position marked where an
        earlier one stood alike (NEVER: none)."""
        rows = len(keys)
        out = np.full(rows, NEVER, np.int64)
        if marks is None or not len(marks):
            out[self.met(keys)] = 0
            return out
        row = np.concatenate([np.arange(rows), marks[:, 0]])
        at = np.concatenate([np.zeros(rows, np.int64), marks[:, 1]])
        order = np.lexsort((at, row))  # each row's own first (its last edit, then later), rows in order
        both = np.concatenate([keys, marks[:, 2:]])[order]
        met = self.met(both)
        np.minimum.at(out, row[order][met], at[order][met])
        return out

    def met(self, keys: np.ndarray) -> np.ndarray:
        """For rows of (first, second) hashes (0, 0 for none): whether each was met before, in an earlier
        row here or kept from before; those first met are kept, as far as there is room."""
        first, second = keys[:, 0], keys[:, 1]
        alike = np.zeros(len(keys), dtype=bool)
        rows = np.flatnonzero(first != 0)
        if len(self.first) and rows.size:
            at = np.empty(rows.size, np.int64)
            order = np.argsort(first[rows])  # looked up in order: ten times as quick among millions
            at[order] = np.minimum(np.searchsorted(self.first, first[rows][order]), len(self.first) - 1)
            there = self.first[at] == first[rows]
            alike[rows[there & (self.second[at] == second[rows])]] = True
            rows = rows[~there]  # (a first hash kept with another second is neither alike nor kept)
        _, index, inverse = np.unique(first[rows], return_index=True, return_inverse=True)
        earliest = rows[index[inverse.reshape(-1)]]
        alike[rows[(earliest != rows) & (second[earliest] == second[rows])]] = True
        new = np.sort(rows[index])[:max(0, self.most - len(self.first))]  # the earliest, as far as there is room
        if new.size:  # merged in, not sorted again with the millions kept
            new = new[np.argsort(first[new], kind="stable")]
            at = np.searchsorted(self.first, first[new])
            self.first, self.second = np.insert(self.first, at, first[new]), np.insert(self.second, at, second[new])
        return alike


def with_face(first: np.ndarray, second: np.ndarray, face: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The hashes of (position, face) pairs, from the positions'."""
    with np.errstate(over="ignore"):
        first, second = first + face * _FACE[0], second + face * _FACE[1]
    first[first == 0] = 1  # 0 marks an empty place in the table
    return first, second


_FACE = np.random.default_rng(1).integers(1, 2**62, 2) | 1


def _grown(a: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros((size, *a.shape[1:]), a.dtype)
    out[:len(a)] = a
    return out
