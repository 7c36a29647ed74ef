"""One action of a game: a skipped turn (spin None) or one spin with everything it caused.

Most actions are played and never told (`versus trace`, the solver's replays, the odds), so an
action keeps the state before it and works out its events only when they are first read, by
playing the action again with events on; they are kept from then on. Read an action by its
attributes (player, spin, events, turn): it is a tuple underneath only because a tuple is the
cheapest thing to build.
"""

from __future__ import annotations

from typing import Any

from versus.rules.events import Event, TurnBegan
from versus.rules.records import new

try:
    from _collections import _tuplegetter  # what named tuples read their fields with
except ImportError:  # not CPython
    from operator import itemgetter

    def _tuplegetter(index: int, doc: str) -> Any:  # type: ignore[no-redef]
        return property(itemgetter(index), doc=doc)


class _Events:
    """Action.events: played again from the state before, on first reading, then kept in the instance's dict
    (a non-data descriptor, so that the kept tuple is found first and read as fast as any attribute)."""

    def __get__(self, action: "Action | None", owner: type) -> Any:
        if action is None:
            return self
        player, spin, before, turn = tuple.__iter__(action)  # type: ignore[misc]
        events = action.__dict__["events"] = turn.events(before, player, spin)
        return events


class Action(tuple):
    """One action: a skipped turn (spin None) or one spin with everything it caused.

    The engine builds it as (player, spin, state before, compiled turn); Action(player, spin,
    events) builds one whose events are given. Equal when player, spin and events are equal.
    """

    player: int = _tuplegetter(0, "whose action it was")  # type: ignore[assignment]
    spin: int | None = _tuplegetter(1, "the spin, or None for a skipped turn")  # type: ignore[assignment]
    events: tuple[Event, ...] = _Events()  # type: ignore[assignment]

    def __new__(cls, player: int, spin: int | None, events: tuple[Event, ...]) -> "Action":
        return _told(player, spin, tuple(events))

    @property
    def turn(self) -> int | None:
        """The turn this action began, if it began one (the engine puts TurnBegan first)."""
        events = self.events
        if events and type(events[0]) is TurnBegan:
            return events[0].turn
        began = next((e for e in events if isinstance(e, TurnBegan)), None)
        return began.turn if began else None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an action is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an action is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not Action:
            return NotImplemented
        return self is other or (self.player == other.player and self.spin == other.spin  # type: ignore[attr-defined]
                                 and self.events == other.events)  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.player, self.spin, self.events))

    def __repr__(self) -> str:
        return f"Action(player={self.player!r}, spin={self.spin!r}, events={self.events!r})"

    def __reduce__(self) -> tuple:
        return _told, (self.player, self.spin, self.events)  # the events, not the state and turn they come from


def _told(player: int, spin: int | None, events: tuple[Event, ...]) -> Action:
    """An action whose events are known."""
    action: Action = new(Action, (player, spin, None, None))
    action.__dict__["events"] = events
    return action

