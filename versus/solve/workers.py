"""Candidate batches played out in this process or spread over a second one, in order either way.

A batch is (first, positions, values); its result is what the search needs of each candidate,
compact: the rows where every beat held, the spins used, where the game became too long, and
how many beats held. Results come back in the order the batches went in, so the search takes
the same first solution whether one process plays them or two.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

import numpy as np

Batch = tuple[np.ndarray, np.ndarray, np.ndarray]  # first, positions (rows, d), values (rows, d)
WINDOW = 4  # batches in flight at once: enough to keep two processes busy, few enough to bound memory


@dataclass(frozen=True)
class Result:
    ok: np.ndarray  # rows whose every beat held
    spins: np.ndarray  # spins used by each row's game
    too_long: np.ndarray  # the spin on which the game began too long a turn (else 2**40)
    score: np.ndarray  # beats held
    held: np.ndarray  # (rows, beats): which
    pos: np.ndarray  # (rows, players): where each player ended


_PLAY: Callable[[Batch], Result] | None = None  # the forked worker's copy of the search's play


def _work(batch: Batch) -> Result:
    return _PLAY(batch)  # type: ignore[misc]


class Runner:
    """Plays batches with play(batch) -> Result, here or in a pool of worker processes."""

    def __init__(self, play: Callable[[Batch], Result], workers: int = 1) -> None:
        self.play, self.pool = play, None
        self.workers = workers if "fork" in multiprocessing.get_all_start_methods() else 1

    def start(self) -> None:
        """Start the worker processes (forked, so they share the search as it stands)."""
        global _PLAY
        if self.workers > 1 and self.pool is None:
            _PLAY = self.play
            self.pool = multiprocessing.get_context("fork").Pool(self.workers)

    def map(self, batches: Iterable[Batch]) -> Iterator[tuple[Batch, Result]]:
        if self.pool is None:
            for batch in batches:
                yield batch, self.play(batch)
            return
        flying: deque = deque()
        for batch in batches:
            flying.append((batch, self.pool.apply_async(_work, (batch,))))
            if len(flying) >= WINDOW:
                done, result = flying.popleft()
                yield done, result.get()
        while flying:
            done, result = flying.popleft()
            yield done, result.get()

    def memory(self) -> int:
        """Resident bytes of this process and its workers."""
        pids = [os.getpid()] + ([p.pid for p in self.pool._pool] if self.pool is not None else [])  # type: ignore[attr-defined]
        return sum(_resident(pid) for pid in pids)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None


def _resident(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0
