"""Candidate batches played out in this process or spread over a second one, in order either way.

A batch is (first, positions, values); its result is what the search needs of each candidate,
compact: the rows where every beat held, the spins used, where the game became too long, and
how many beats held. Results come back in the order the batches went in, so the search takes
the same first solution whether one process plays them or two.

The second process is kept only where it pays (trial=True, as the search asks): the first batch is
played here and timed, the next few by the workers; unless two processes play candidates at least
PAYS times as fast as one did, the workers are let go and the rest is played here. On a board of
many players whose games seldom meet again, or a machine whose other core is busy, a second
process costs more (the batches and results sent, the news passed on) than it brings.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import dataclasses
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

Batch = tuple[np.ndarray, np.ndarray, np.ndarray]  # first, positions (rows, d), values (rows, d)
TRIM_ABOVE = 150 * 2**20  # a worker holding more than this after a batch gives what it has freed back
PAYS = 1.25  # two processes must play candidates this many times as fast as one, or one plays them all
TRIAL_BATCHES = 4  # batches the workers play, timed, before that is decided


@dataclass(frozen=True)
class Result:
    ok: np.ndarray  # rows whose every beat held
    spins: np.ndarray  # spins used by each row's game
    too_long: np.ndarray  # the spin on which the game began too long a turn (else 2**40)
    score: np.ndarray  # beats held
    held: np.ndarray  # (rows, beats): which
    pos: np.ndarray  # (rows, players): where each player ended
    news: object = None  # what the process that played it learnt, for the others (taken off by the Runner)
    keys: np.ndarray | None = None  # (rows, 2): hashes of each row's position at its last edit, 0 for none
    marks: np.ndarray | None = None  # (marks, 4): where rows' games stand later on (versus.solve.resume.Marks)
    meets: np.ndarray | None = None  # the spin position from which each row's game goes on as an earlier
    # candidate's did (versus.solve.known.Seen): its children have their last edit before it (NEVER: none)


_PLAY: Callable[[Batch], Result] | None = None  # the forked worker's copy of the search's play
_HEAR: Callable[[Any], None] | None = None  # ... and of what it is told of the others' news


def _serve(conn, not_mine: list) -> None:
    """A worker: hear the news that comes with each batch down the pipe, play the batch and send its
    result back, until None.

    The parent's ends of every pipe, copied by the fork, are closed here: so that when the parent
    goes, the pipe is seen to close and the worker goes too.
    """
    for other in not_mine:
        other.close()
    steady_heap()
    try:
        while True:
            sent = conn.recv()
            if sent is None:
                return
            batch, news = sent
            for told in news:
                _HEAR(told)  # type: ignore[misc]
            conn.send(_PLAY(batch))  # type: ignore[misc]
            if _resident(os.getpid()) > TRIM_ABOVE:
                trim()
    except (EOFError, OSError):
        return


class Runner:
    """Plays batches with play(batch) -> Result, here or in worker processes (forked, each with a pipe).

    Batches go to the workers in turn and each answers its own in order, so results are read back
    in the order the batches went in. A result's news (what its worker learnt of positions met before)
    goes to each other worker with its next batch, for hear() there. Left early, with batches in
    flight, their answers are read and let go: the workers, and what they have learnt, live on.
    """

    def __init__(self, play: Callable[[Batch], Result], workers: int = 1,
                 hear: Callable[[Any], None] | None = None, trial: bool = False) -> None:
        self.play, self.hear = play, hear  # hear: told, in a worker, what another worker's result learnt
        self.workers = workers if "fork" in multiprocessing.get_all_start_methods() else 1
        self.procs: list = []  # (process, connection)
        # with trial: candidates a second played here, then by the workers (None: not yet timed)
        self.trial = trial and self.workers > 1
        self.alone: float | None = None
        self.together: float | None = None
        self._window = [0.0, 0.0, 0.0]  # the workers' trial so far: candidates, when it began, batches

    def start(self) -> None:
        """Fork the workers now, so that they share the search as it stands."""
        global _PLAY, _HEAR
        if self.workers > 1 and not self.procs:
            _PLAY, _HEAR = self.play, self.hear
            trim()  # the memory this process has freed is not copied into each worker as its own
            ctx = multiprocessing.get_context("fork")
            for _ in range(self.workers):
                mine, theirs = ctx.Pipe()
                parents_ends = [conn for _, conn in self.procs] + [mine]
                proc = ctx.Process(target=_serve, args=(theirs, parents_ends), daemon=True)
                proc.start()
                theirs.close()
                self.procs.append((proc, mine))

    def map(self, batches: Iterable[Batch]) -> Iterator[tuple[Batch, Result]]:
        batches = iter(batches)
        if self.trial and self.alone is None:  # the first batch played here, timed
            batch = next(batches, None)
            if batch is None:
                return
            yield self._timed_here(batch)
        if self.workers > 1 and not self.procs:
            self.start()
        if self.procs:
            yield from self._spread(batches)
        for batch in batches:  # one process (or the workers let go: the rest played here)
            yield batch, dataclasses.replace(self.play(batch), news=None)  # learnt here already

    def _pays(self) -> bool | None:
        """Whether the trial found a second process pays (None: not yet known)."""
        if not self.trial or self.together is None or self.alone is None:
            return None
        return self.together >= PAYS * self.alone

    def _timed_here(self, batch: Batch) -> tuple[Batch, Result]:
        began = time.perf_counter()
        result = dataclasses.replace(self.play(batch), news=None)
        self.alone = len(batch[0]) / max(time.perf_counter() - began, 1e-6)
        return batch, result

    def _spread(self, batches: Iterator[Batch]) -> Iterator[tuple[Batch, Result]]:
        """Batches played by the workers, in order, until they run out or the trial finds a second process
        does not pay (the workers then let go, the batches not yet sent left to the caller)."""
        flying: deque = deque()
        owed: list[list] = [[] for _ in self.procs]  # news for each worker, sent with its next batch
        turn = 0
        try:
            for batch in batches:
                at = turn % len(self.procs)
                turn += 1
                self.procs[at][1].send((batch, owed[at]))
                owed[at] = []
                flying.append((batch, at))
                if len(flying) >= len(self.procs):  # one batch each: a worker never waits to send while sent to
                    yield self._answer(flying.popleft(), owed)
                    if self._pays() is False:
                        break
            while flying:
                yield self._answer(flying.popleft(), owed)
        finally:
            try:  # left early: the answers still owed are read (and let go), or the next batches would get them
                while flying:
                    self._answer(flying.popleft(), owed)
            except (EOFError, OSError):  # a worker gone: all are let go, and forked afresh if more work comes
                self.close(now=True)
        if self._pays() is False:
            self.close()
            self.workers = 1  # for the rest of this search: one process

    def _answer(self, sent: tuple[Batch, int], owed: list[list]) -> tuple[Batch, Result]:
        """A worker's result, its news passed on to the other workers with their next batches."""
        batch, at = sent
        result = self.procs[at][1].recv()
        if result.news is not None:
            for other in range(len(owed)):
                if other != at:
                    owed[other].append(result.news)
        if self.trial and self.together is None:  # the workers' trial: the candidates answered after its first
            window, now = self._window, time.perf_counter()
            if not window[1]:
                window[1] = now  # the workers are busy from here on: each answer read, the next batch is sent
            else:
                window[0] += len(batch[0])
                window[2] += 1
                if window[2] >= TRIAL_BATCHES:
                    self.together = window[0] / max(now - window[1], 1e-6)
        return batch, dataclasses.replace(result, news=None)

    def memory(self) -> int:
        """Resident bytes of this process and its workers, a page they share (forked, not yet written)
        counted once between them, not once in each (this process's free memory given back first)."""
        trim()
        return sum(_resident(pid) for pid in [os.getpid()] + [proc.pid for proc, _ in self.procs])

    def close(self, now: bool = False) -> None:
        global _PLAY, _HEAR
        if self.procs:
            _PLAY = _HEAR = None  # the search they played for may go
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


def _trimmer() -> Callable[[], Any]:
    """glibc's malloc_trim(0), where the C library has it (else nothing): the memory a batch's arrays held,
    freed, goes back to the system. Without it a process keeps the peak of its heap, in pieces too small
    for the next large arrays: a worker held 160-180 MB for a batch that needs a third of that."""
    try:
        trim = ctypes.CDLL(ctypes.util.find_library("c") or None).malloc_trim
    except (OSError, AttributeError, TypeError):
        return lambda: None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return lambda: trim(0)


trim = _trimmer()
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters (malloc.h)


def steady_heap() -> None:
    """In a worker: the C library's heap kept between batches, not handed back and taken again. Each batch
    allocates and frees the same large arrays; given back after each (by default, anything over 128 KB is
    mapped afresh, and the heap's free top returned), every page was faulted in again: 1.5 million faults,
    3.5 s of system time in a 9 s solve (benchmarks/solve.py --hard #30), against 0.3 s kept. What it holds
    is bounded by the batch (versus.solve.search.BATCHES) and by TRIM_ABOVE. Nothing where glibc is not."""
    try:
        mallopt = ctypes.CDLL(ctypes.util.find_library("c") or None).mallopt
    except (OSError, AttributeError, TypeError):
        return
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    mallopt(M_MMAP_THRESHOLD, 32 * 2**20)  # arrays up to 32 MB from the heap (glibc's largest)
    mallopt(M_TRIM_THRESHOLD, 2**30)  # its free top kept


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
