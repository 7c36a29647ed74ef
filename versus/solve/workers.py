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


@dataclass(frozen=True)
class Result:
    ok: np.ndarray  # rows whose every beat held
    spins: np.ndarray  # spins used by each row's game
    too_long: np.ndarray  # the spin on which the game began too long a turn (else 2**40)
    score: np.ndarray  # beats held
    held: np.ndarray  # (rows, beats): which
    pos: np.ndarray  # (rows, players): where each player ended


_PLAY: Callable[[Batch], Result] | None = None  # the forked worker's copy of the search's play


def _serve(conn, not_mine: list) -> None:
    """A worker: play each batch that comes down the pipe and send its result back, until None.

    The parent's ends of every pipe, copied by the fork, are closed here: so that when the parent
    goes, the pipe is seen to close and the worker goes too.
    """
    for other in not_mine:
        other.close()
    try:
        while True:
            batch = conn.recv()
            if batch is None:
                return
            conn.send(_PLAY(batch))  # type: ignore[misc]
    except (EOFError, OSError):
        return


class Runner:
    """Plays batches with play(batch) -> Result, here or in worker processes (forked, each with a pipe).

    Batches go to the workers in turn and each answers its own in order, so results are read back
    in the order the batches went in. Left early, with batches in flight, the workers are stopped
    outright (their answers are not wanted) and forked afresh if more work comes.
    """

    def __init__(self, play: Callable[[Batch], Result], workers: int = 1) -> None:
        self.play = play
        self.workers = workers if "fork" in multiprocessing.get_all_start_methods() else 1
        self.procs: list = []  # (process, connection)

    def start(self) -> None:
        """Fork the workers now, so that they share the search as it stands."""
        global _PLAY
        if self.workers > 1 and not self.procs:
            _PLAY = self.play
            ctx = multiprocessing.get_context("fork")
            for _ in range(self.workers):
                mine, theirs = ctx.Pipe()
                parents_ends = [conn for _, conn in self.procs] + [mine]
                proc = ctx.Process(target=_serve, args=(theirs, parents_ends), daemon=True)
                proc.start()
                theirs.close()
                self.procs.append((proc, mine))

    def map(self, batches: Iterable[Batch]) -> Iterator[tuple[Batch, Result]]:
        if self.workers > 1 and not self.procs:
            self.start()
        if not self.procs:
            for batch in batches:
                yield batch, self.play(batch)
            return
        flying: deque = deque()
        turn = 0
        try:
            for batch in batches:
                conn = self.procs[turn % len(self.procs)][1]
                turn += 1
                conn.send(batch)
                flying.append((batch, conn))
                if len(flying) >= len(self.procs):  # one batch each: a worker never waits to send while sent to
                    done, conn = flying.popleft()
                    yield done, conn.recv()
            while flying:
                done, conn = flying.popleft()
                yield done, conn.recv()
        finally:
            if flying:  # left early: answers still owed would be read as the next batches' answers
                self.close(now=True)

    def memory(self) -> int:
        """Resident bytes of this process and its workers, a page they share (forked, not yet written)
        counted once between them, not once in each."""
        return sum(_resident(pid) for pid in [os.getpid()] + [proc.pid for proc, _ in self.procs])

    def close(self, now: bool = False) -> None:
        for proc, conn in self.procs:
            try:
                if now:
                    proc.kill()
                else:
                    conn.send(None)
            except OSError:
                proc.kill()
        for proc, conn in self.procs:
            proc.join()
            conn.close()
        self.procs = []


def _resident(pid: int) -> int:
    """The process's proportional share of resident memory (Pss: a page shared by n processes counts
    1/n in each), where the system says it; else all its resident pages."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0
