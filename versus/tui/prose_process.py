"""The narrator in a process of its own, so that writing the prose never holds the app's keys.

At turn 300 the narrator takes about two seconds of CPU; in a thread it would share the
interpreter with the app and slow every key. One spawned process (not forked: the app has
threads) takes one request at a time; a request not yet begun is dropped when a newer one comes.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_waiting: Future | None = None


def _narrate(scene, spins: tuple[int, ...], seed: int, actions: int, pace: str, words: int | None,
             annotate: bool = False) -> str:
    from versus.narration import annotated, prose_markdown, told

    play = replayed(scene, spins, seed, actions)
    if annotate:  # each paragraph after a note of the actions it tells, as export --annotate writes them
        return "\n\n".join(annotated(told(play, pace, words))) + "\n"
    return prose_markdown(play, pace, words)


def replayed(scene, spins: tuple[int, ...], seed: int, actions: int):
    """The play the app holds, made again here from its spins: sending the spins costs the app's process
    some 0.3 ms, pickling the play itself 12-16 ms at turn 300 (while the author's key waits)."""
    from versus.takes.playthrough import Playthrough

    play = Playthrough(scene, take_spins=list(spins), seed=seed)
    while len(play.played) < actions:
        play.step()
    return play


def _yield_to_the_app() -> None:
    """The narrator's process gives way to the app's when they want the same core (at start-up, the
    app draws its first frame while the narrator loads its phrasebooks; later, keys come first)."""
    import contextlib
    import os

    with contextlib.suppress(AttributeError, OSError):  # no nice (Windows), or not allowed: the same, less polite
        os.nice(10)


def _ready() -> None:
    import versus.narration  # noqa: F401 - loaded while the app starts, so that the first prose is quick


def start() -> None:
    """Start the narrator's process now: before the app takes the terminal, whose replaced stdout and
    stderr a spawn cannot hand on ("bad value(s) in fds_to_keep")."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_yield_to_the_app)
            _pool.submit(_ready)


def narrate(play, pace: str = "brisk", words: int | None = None, annotate: bool = False) -> str:
    """The prose for the play, written in the narrator's process (blocks the calling worker thread);
    annotate: each paragraph after an HTML comment naming the actions it tells."""
    global _waiting
    start()
    with _lock:
        if _waiting is not None:
            _waiting.cancel()  # an older request not yet begun: its answer would be dropped anyway
        future = _waiting = _pool.submit(_narrate, play.scene, tuple(play.spins()), play.seed,  # type: ignore[union-attr]
                                         len(play.played), pace, words, annotate)
    return future.result()


def shutdown() -> None:
    global _pool
    with _lock:
        if _pool is not None:  # a narration under way is stopped, not waited for: quitting is at once
            for process in list(getattr(_pool, "_processes", {}).values()):
                process.terminate()
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None
