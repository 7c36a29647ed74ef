"""The narrator and the live odds, each in a process of its own, so that neither holds the app's keys.

At turn 300 the narrator takes about two seconds of CPU, and the odds 50 ms after every spin; in a
thread either would share the interpreter with the app and slow the keys that come meanwhile. Each
has one spawned process (not forked: the app has threads), which takes one request at a time; a
request not yet begun is dropped when a newer one of its kind comes.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

_lock = threading.Lock()
_pools: dict[str, ProcessPoolExecutor] = {}  # "prose", "odds": each kind's process
_waiting: dict[str, Future] = {}  # each kind's latest request


def _narrate(scene, spins: tuple[int, ...], seed: int, actions: int, pace: str, words: int | None,
             annotate: bool = False) -> str:
    from versus.narration import annotated, told

    play = replayed(scene, spins, seed, actions)
    paragraphs = told(play, pace, words, going_on=True)  # the take as far as the author has played it: no close
    # with annotate, each paragraph after a note of the actions it tells, as export --annotate writes them
    return "\n\n".join(annotated(paragraphs) if annotate else [p.text for p in paragraphs]) + "\n"


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


def _ready_odds() -> None:
    import versus.odds  # noqa: F401 - numpy and the simulator, loaded while the app starts


def _odds(scene, state) -> dict[int, float]:
    from versus.odds import live_odds

    return live_odds(scene, state, games=2000, seed=0)


def start() -> None:
    """Start the narrator's and the odds' processes now: before the app takes the terminal, whose replaced
    stdout and stderr a spawn cannot hand on ("bad value(s) in fds_to_keep")."""
    with _lock:
        for kind, ready in (("prose", _ready), ("odds", _ready_odds)):
            if kind not in _pools:
                _pools[kind] = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                   initializer=_yield_to_the_app)
                _pools[kind].submit(ready)


def _ask(kind: str, work: Callable[..., Any], *args: Any) -> Any:
    """The answer of work(*args) in the kind's process (blocks the calling worker thread)."""
    start()
    with _lock:
        older = _waiting.get(kind)
        if older is not None:
            older.cancel()  # an older request not yet begun: its answer would be dropped anyway
        future = _waiting[kind] = _pools[kind].submit(work, *args)
    return future.result()


def narrate(play, pace: str = "brisk", words: int | None = None, annotate: bool = False) -> str:
    """The prose for the play, written in the narrator's process (blocks the calling worker thread);
    annotate: each paragraph after an HTML comment naming the actions it tells."""
    return _ask("prose", _narrate, play.scene, tuple(play.spins()), play.seed, len(play.played), pace, words,
                annotate)


def odds(scene, state) -> dict[int, float]:
    """Each player's chance of winning from this state, worked out in the odds' process."""
    return _ask("odds", _odds, scene, state)


def shutdown() -> None:
    with _lock:
        for pool in _pools.values():  # a narration under way is stopped, not waited for: quitting is at once
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
        _pools.clear()
        _waiting.clear()
