"""What a search for spins gives back, and why it may stop: plain values shared by the search and the
likely edits (versus.solve.search, versus.solve.likely), so that neither imports the other for them."""

from __future__ import annotations

from dataclasses import dataclass, field

from versus.odds.beats import Prefix
from versus.odds.simulate import NEVER
from versus.rules.state import State

__all__ = ["NEVER", "BasePath", "Cancelled", "Found", "OutOfMemory", "OutOfTime", "Partial"]


class Cancelled(Exception):
    """The caller asked the search to stop."""


class OutOfTime(Exception):
    """The time allowed ran out before the search could finish a level."""

    def __init__(self, level: int) -> None:
        super().__init__(level)
        self.level = level  # the level being searched; every smaller one was searched in full


class OutOfMemory(OutOfTime):
    """The search reached its memory limit before it could finish a level."""


@dataclass(frozen=True)
class Found:
    edits: tuple[tuple[int, int], ...]  # (position from 1, new spin)
    spins_used: int
    proven: int | None = None  # every change of this many spins or fewer was tried (None: the minimum)


@dataclass
class Partial:
    """How far a level was searched before it stopped at a limit: its first batches held no solution."""

    batches: int = 0  # batches searched
    tried: int = 0  # candidates in them
    kept: list | None = field(default_factory=list)  # their (batch, result), to be the next level's parents


@dataclass
class BasePath:
    """The scene's own game: the state and beats settled just before each spin it uses."""

    states: list[State]  # states[k - 1]: before the action that uses spin k
    prefixes: list[Prefix]
    spins_used: int
    held: tuple[bool, ...]
    too_long_at: int  # the spin position on which turn N + 1 began (lasts at most N), else NEVER
