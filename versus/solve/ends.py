"""Games that end as another did: looked up mid-game, not played on.

After a candidate's last edit its game is decided by where it stands (the simulator's row, the
arrays versus.solve.resume._decisive keeps) and the scene's own spins from there on: two games that
stand alike at the same spin position, neither edited from there on, end alike, spin for spin.
So where a game stands is hashed at its marks (the spin positions versus.solve.resume.Marks notes
for versus.solve.known.Seen, the hash already paid for), and versus.solve.resume.run:

- finds it in Ends (games of earlier batches, in this process): its end is that game's, read from
  there, and it is played no further;
- finds it among the marks of this batch's games: the game of the lowest row to stand there goes
  on, the others follow it (Seen reads the marks in row order: the lowest row's are noted from
  there on, the others are found alike there, as they would have been);
- else it is played on, and once the batch has ended, every mark a game passed is kept with its end.

On the five sisters' longest games (a hundred turns: #33's three edits) the steps played halve; the
last level's games, short once edited (nine spins on #30), are not looked up: a look costs more there
than it saves. Ends is a direct-mapped table: a mark takes its place from whatever held it (the latest
games are the likeliest to be met again), and a lookup must agree on both 64-bit hashes, as in
versus.solve.known. A game's end is the same whether it was played or read: the answer is the same
with or without; a game looked up notes no marks past it (Seen then finds fewer meetings: sound).
"""

from __future__ import annotations

import numpy as np

from versus.odds.simulate import Outcome

SLOTS = 1 << 17  # places in a process's table (about 50 bytes each with five players, 90 with money: 6-12 MB)


class Ends:
    """(two hashes of where a game stood at a spin position) -> how it ended, for as many as there is room.

    What is kept of an end is what Simulator.run gives before judging the beats (the flags held, the
    winner, the turns, the spins used, where it was given up, where everyone ended; the counters only
    where money is followed: elsewhere nothing moves them and each game keeps its own)."""

    def __init__(self, players: int, beats: int, money: bool, slots: int = SLOTS) -> None:
        self.mask, self.money = slots - 1, money
        self.first = np.zeros(slots, np.int64)  # 0: empty
        self.second = np.zeros(slots, np.int64)
        self.winner = np.zeros(slots, np.int8)
        self.turns = np.zeros(slots, np.int32)
        self.spins = np.zeros(slots, np.int32)
        self.too_long = np.zeros(slots, np.int64)
        self.flags = np.zeros((slots, beats), bool)
        self.pos = np.zeros((slots, players), np.int16)
        money_shape = (slots, players) if money else (0, players)
        self.counters = np.zeros(money_shape, np.int32)
        self.paid = np.zeros(money_shape, np.int32)
        self.looked = self.found = 0

    def find(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """The place of each, or -1 where it is not kept."""
        place = first & self.mask
        hit = (self.first[place] == first) & (self.second[place] == second)
        self.looked += len(first)
        self.found += int(hit.sum())
        return np.where(hit, place, -1)

    def keep(self, first: np.ndarray, second: np.ndarray, out: Outcome, rows: np.ndarray) -> None:
        """Keep (first, second) -> the raw end of out's row `rows` (one each), each in its place."""
        place = first & self.mask
        _, once = np.unique(place, return_index=True)  # one a place: its arrays written from one row
        place, rows = place[once], rows[once]
        self.first[place], self.second[place] = first[once], second[once]
        for mine, theirs in self._fields():
            getattr(self, mine)[place] = getattr(out, theirs)[rows]

    def give(self, out: Outcome, rows: np.ndarray, place: np.ndarray) -> None:
        """The raw ends kept at `place` written into out's rows (counters too where money is followed)."""
        for mine, theirs in self._fields():
            getattr(out, theirs)[rows] = getattr(self, mine)[place]

    def _fields(self) -> tuple[tuple[str, str], ...]:
        """(this table's array, the Outcome's) for each part of an end kept."""
        return FIELDS + (MONEY if self.money else ())


FIELDS = (("winner", "winner"), ("turns", "turns"), ("spins", "spins"), ("too_long", "too_long"),
          ("flags", "held"), ("pos", "pos"))
MONEY = (("counters", "counters"), ("paid", "paid"))
