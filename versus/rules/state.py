"""The changing state of one game, immutable so that undo is a pop.

Named tuples (versus.rules.records), built cheaply once an action; dataclasses.replace and
dataclasses.fields still work on them, for tests and callers that derive one state from another.
"""

from __future__ import annotations

from typing import NamedTuple

from versus.rules.records import as_dataclass, record


@as_dataclass
@record
class Pending(NamedTuple):
    """A spin owed within the current turn, before the turn passes on.

    kind: "extra" (Virtue: spin again; owed counts this spin), "respin" (Mansion rule 16:
    back to the origin to spin again; spin is the spin to compare), "relief" (a relieved
    prisoner's spin under return-and-spin, out of turn order).
    """

    kind: str
    spinner: int
    spin: int = 0
    owed: int = 1


@as_dataclass
@record
class State(NamedTuple):
    pos: tuple[int, ...]
    counters: tuple[int, ...]
    pool: int
    waiting: tuple[int, ...]  # turns to be skipped: Mansion months confined, Virtue turns to wait
    confined: tuple[bool, ...]  # waiting is a confinement that ends by beginning again
    seat_used: tuple[bool, ...]  # the Seat of Expectation used since last beginning again
    crime_origin: tuple[int, ...]  # origin of the spin that brought each player to a crime
    player: int  # whose turn it is (or will be)
    turn: int  # turns begun so far
    pending: Pending | None = None
    winner: int | None = None

    @property
    def players(self) -> int:
        return len(self.pos)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def spinner(self) -> int:
        """Whose action comes next."""
        return self.pending.spinner if self.pending else self.player

    @property
    def needs_spin(self) -> bool:
        """True when the next action is a spin; False when it is a skipped turn or the game is over."""
        if self.winner is not None:
            return False
        return self.pending is not None or self.waiting[self.player] == 0

    @property
    def round(self) -> int:
        """The round the next fresh turn belongs to (from 1)."""
        return self.turn // len(self.pos) + 1
