"""Where the vectorised simulator's spins come from, one per row per action.

A source hands out the next spin of every row given each row's next spin position k (from 1),
and is told which rows to keep when finished rows are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np


class SpinSource(Protocol):
    def take(self, k: np.ndarray) -> np.ndarray: ...

    def keep(self, rows: np.ndarray) -> None: ...


class RandomSpins:
    """Fresh spins from a seeded numpy generator, drawn in blocks (same seed, same spins)."""

    def __init__(self, faces: int, rng: np.random.Generator, block: int = 1 << 16) -> None:
        self.faces, self.rng, self.block = faces, rng, block
        self.buf = np.empty(0, dtype=np.int64)
        self.off = 0

    def take(self, k: np.ndarray) -> np.ndarray:
        need = len(k)
        if self.off + need > len(self.buf):
            size = max(self.block, need * 4)
            self.buf = np.concatenate([self.buf[self.off:], self.rng.integers(1, self.faces + 1, size)])
            self.off = 0
        out = self.buf[self.off:self.off + need]
        self.off += need
        return out

    def keep(self, rows: np.ndarray) -> None:
        pass


class TableSpins:
    """Each row has its own spins, row r's k-th spin being matrix[r, k - 1] (for checks against the engine)."""

    def __init__(self, matrix: np.ndarray) -> None:
        self.matrix = np.asarray(matrix, dtype=np.int64)
        self.rows = np.arange(len(self.matrix))
        self.last = self.matrix.shape[1] - 1
        self.overrun = False  # a row asked for more spins than it has (its result is then not the engine's)

    def take(self, k: np.ndarray) -> np.ndarray:
        col = k - 1
        if col.size and col.max() > self.last:
            self.overrun = True
            col = np.minimum(col, self.last)
        return self.matrix[self.rows, col]

    def keep(self, rows: np.ndarray) -> None:
        self.rows = self.rows[rows]


class EditedSpins:
    """One shared sequence (a scene's script and seed draws), with a few positions changed per row.

    base(k) gives the k-th spin; edits are (rows, d) arrays of positions (0 for none) and values.
    """

    def __init__(self, base: Callable[[int], int], positions: np.ndarray, values: np.ndarray,
                 cache: np.ndarray | None = None) -> None:
        self.base = base
        self.table = cache if cache is not None else np.zeros(1, dtype=np.int64)
        self.positions = np.asarray(positions, dtype=np.int64).reshape(len(positions), -1)
        self.values = np.asarray(values, dtype=np.int64).reshape(len(values), -1)

    def _extend(self, upto: int) -> None:
        old = len(self.table)
        size = max(upto + 1, old * 2)
        more = np.array([self.base(k) for k in range(old, size)], dtype=np.int64)
        self.table = np.concatenate([self.table, more])

    def take(self, k: np.ndarray) -> np.ndarray:
        if k.size and k.max() >= len(self.table):
            self._extend(int(k.max()))
        s = self.table[k]
        for j in range(self.positions.shape[1]):
            s = np.where(k == self.positions[:, j], self.values[:, j], s)
        return s

    def keep(self, rows: np.ndarray) -> None:
        self.positions = np.take(self.positions, rows, axis=0)  # quicker than indexing, rows of several
        self.values = np.take(self.values, rows, axis=0)
