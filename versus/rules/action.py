"""One action of a game: a skipped turn (spin None) or one spin with everything it caused."""

from __future__ import annotations

from typing import NamedTuple

from versus.rules.events import Event, TurnBegan
from versus.rules.records import record


@record
class Action(NamedTuple):
    """One action: a skipped turn (spin None) or one spin with everything it caused."""

    player: int
    spin: int | None
    events: tuple[Event, ...]

    @property
    def turn(self) -> int | None:
        """The turn this action began, if it began one (the engine puts TurnBegan first)."""
        events = self.events
        if events and type(events[0]) is TurnBegan:
            return events[0].turn
        began = next((e for e in events if isinstance(e, TurnBegan)), None)
        return began.turn if began else None
