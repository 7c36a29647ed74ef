"""One action of a game: a skipped turn (spin None) or one spin with everything it caused.

Most actions are played and never told (`versus trace`, the solver's replays, the odds), so an
action keeps the state before it and the compiled rules that played it, and works out its events
only when they are first read, by playing the action again with events on; they are kept from
then on. It is a named tuple (the cheapest thing to build, read by name at a named tuple's speed);
read it by its names: player, spin, events, turn (docs/architecture.md §6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from versus.rules.events import Event, TurnBegan
from versus.rules.records import new
from versus.rules.state import State

if TYPE_CHECKING:
    from versus.rules.turn import Turn


class _Events:
    """Action.events: played again from the state before, on first reading, then kept in the instance's dict
    (a non-data descriptor, so that the kept tuple is found first and read as fast as any attribute)."""

    def __get__(self, action: Action | None, owner: type) -> Any:
        if action is None:
            return self
        compiled = action.compiled
        assert compiled is not None and action.before is not None  # an action without events is a played one
        events = action.__dict__["events"] = compiled.events(action.before, action.player, action.spin)
        return events


class _Played(NamedTuple):
    """What the engine knows of an action as it plays it."""

    player: int  # whose action it was
    spin: int | None  # the spin, or None for a skipped turn
    before: State | None  # the state before it (None for an action built from its events)
    compiled: Turn | None  # the rules that played it, to tell its events on demand (None: they are known)


class Action(_Played):
    """One action: a skipped turn (spin None) or one spin with everything it caused.

    The engine builds it as (player, spin, state before, compiled rules); Action(player, spin,
    events) builds one whose events are given. Equal when player, spin and events are equal.
    """

    events: tuple[Event, ...] = _Events()  # type: ignore[assignment]  # a descriptor that gives the tuple

    def __new__(cls, player: int, spin: int | None, events: tuple[Event, ...]) -> Action:
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
        return self is other or (self.player == other.player and self.spin == other.spin
                                 and self.events == other.events)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.player, self.spin, self.events))

    def __repr__(self) -> str:
        return f"Action(player={self.player!r}, spin={self.spin!r}, events={self.events!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _told, (self.player, self.spin, self.events)  # the events, not the state and rules they come from


def played(player: int, spin: int | None, before: State, compiled: Turn) -> Action:
    """An action as the engine plays it: its events are worked out when first read."""
    action: Action = new(Action, (player, spin, before, compiled))
    return action


def _told(player: int, spin: int | None, events: tuple[Event, ...]) -> Action:
    """An action whose events are known."""
    action: Action = new(Action, (player, spin, None, None))
    action.__dict__["events"] = events
    return action
