"""The garbage collector's full rounds, kept out of the way of the keys.

A full round walks every object made since start-up that is still alive (at turn 300 some 80,000:
the take's trail, the prose panel's paragraphs, Textual's caches of drawn lines) and took 40-50 ms
of CPU, landing in the middle of a key every few dozen keys. Once the first frame is drawn, what
start-up made is frozen out of the collector's sight, and the collector no longer starts full
rounds by itself (its young rounds go on as ever, a few ms at most). The main screen asks for a full
round instead once the keys have been still for IDLE seconds, when nobody waits for a frame.
"""

from __future__ import annotations

import gc

IDLE = 2.0  # seconds without a key before a full round
NEVER = 1 << 30  # full rounds the collector would start by itself: after this many rounds of the middle one

_held: tuple[int, int, int] | None = None  # the thresholds before hold(), to give back on release()


def hold() -> None:
    """Freeze what exists now (it lives as long as the app) and leave full rounds to full_round()."""
    global _held
    gc.freeze()
    if _held is None:
        _held = gc.get_threshold()
        young, middle, _ = _held
        gc.set_threshold(young, middle, NEVER)


def full_round() -> None:
    """A full round now: the cycles let go since the last one (panels' paragraphs replaced, and the like)."""
    gc.collect()


def release() -> None:
    """The collector's own thresholds again (the app has closed)."""
    global _held
    if _held is not None:
        gc.set_threshold(*_held)
        _held = None
