"""The static game: a board's spaces and directions, its switches and presets, resolved rules.

Immutable records (versus.rules.records) with dataclass manners, as the states and events are:
the dataclasses module and the building of dataclasses were a fifth of `versus trace`'s start-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from versus.rules.records import as_dataclass, record


class RulesError(ValueError):
    """A rules choice that the board does not offer (unknown switch, value or preset)."""


# Verbs a direction may use, in the order the board data lists them.
VERBS = frozenset({
    "pay", "pay-each", "pay-half", "receive", "receive-each", "take-pool",
    "go", "advance", "back", "confine", "wait", "spin",
})


@as_dataclass
@record
class Effect(NamedTuple):
    """One step of a space's direction, e.g. pay 1, go 30, confine 1."""

    verb: str
    amount: int = 0


@as_dataclass
@record
class Space(NamedTuple):
    number: int
    name: str
    kind: str  # virtue | vice | place | toll | offense | sent | named | goal | blank
    direction: tuple[Effect, ...] = ()
    cite: str = ""
    rule: str = ""  # the printed rule text the direction comes from
    note: str = ""

    @property
    def sends_to(self) -> int | None:
        return next((e.amount for e in self.direction if e.verb == "go"), None)

    @property
    def confines(self) -> int:
        return next((e.amount for e in self.direction if e.verb == "confine"), 0)


@as_dataclass
@record
class Switch(NamedTuple):
    name: str
    about: str
    values: Mapping[str, int] | None = None  # named values (and their numeric meaning, if any)
    low: int | None = None  # integer range, when the switch is a number
    high: int | None = None

    def parse(self, raw: object) -> object:
        """Return the switch value for raw, or raise RulesError naming what is allowed."""
        if self.values is not None:
            text = _switch_text(raw)
            if text not in self.values:
                raise RulesError(f"{self.name} must be one of {', '.join(self.values)}, not {text!r}")
            return text
        try:
            number = int(str(raw), 10)
        except ValueError:
            raise RulesError(f"{self.name} must be a whole number from {self.low} to {self.high}") from None
        if not (self.low <= number <= self.high):  # type: ignore[operator]
            raise RulesError(f"{self.name} must be from {self.low} to {self.high}, not {number}")
        return number


def _switch_text(raw: object) -> str:
    # YAML 1.1 turns unquoted on/off into booleans; the switch still means "on"/"off".
    if raw is True:
        return "on"
    if raw is False:
        return "off"
    return str(raw)


@as_dataclass
@record
class Preset(NamedTuple):
    name: str
    about: str
    values: Mapping[str, object]
    source: str = ""


# id(spaces) -> (spaces, its places); the entry holds the spaces, so that their id stays their own
_PLACES: dict[int, tuple[tuple[Space, ...], frozenset[int]]] = {}


@as_dataclass
@record
class Board(NamedTuple):
    id: str
    title: str
    goal: int
    counters: int
    stake: int
    spaces: tuple[Space, ...]  # index n is space n; index 0 is off the board
    switches: Mapping[str, Switch]
    presets: Mapping[str, Preset]
    overshoot: str  # "seat" (Mansion rule 17) or "bounce" (Darton rule VI)
    seat: int | None = None
    min_players: int = 2
    max_players: int | None = None
    pool_name: str = "pool"
    edition: str = ""
    source: str = ""
    rule_texts: Mapping[str, str] = {}  # never written to, as no field of a board is

    def space(self, number: int) -> Space:
        return self.spaces[number]

    @property
    def places(self) -> frozenset[int]:
        """The places (POVERTY, the STOCKS, …), which counting may pass over (switch counting)."""
        spaces = self.spaces
        known = _PLACES.get(id(spaces))
        if known is None or known[0] is not spaces:  # a record has no room to cache it: found once a board
            if len(_PLACES) > 64:
                _PLACES.clear()
            known = _PLACES[id(spaces)] = (spaces, frozenset(s.number for s in spaces if s.kind == "place"))
        return known[1]

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def rules(self, preset: str | None = None, **overrides: object) -> Rules:
        """Resolve a preset plus switch overrides into Rules; RulesError on anything unknown."""
        name = preset or self.default_preset
        if name not in self.presets:
            raise RulesError(f"unknown preset {name!r} for {self.id} (presets: {', '.join(self.presets)})")
        values = dict(self.presets[name].values)
        for key, raw in overrides.items():
            if key not in self.switches:
                raise RulesError(f"unknown switch {key!r} for {self.id} (switches: {', '.join(self.switches)})")
            values[key] = raw
        parsed = {key: self.switches[key].parse(raw) for key, raw in values.items()}
        return Rules.from_values(self, name, parsed)


@as_dataclass
@record
class Rules(NamedTuple):
    """Switch values resolved for one game. Switches a board lacks keep the plain reading."""

    preset: str
    teetotum: int
    start: int = 0
    skip_places: bool = False
    collisions: bool = False
    relief: str = "begin-again"
    values: tuple[tuple[str, object], ...] = ()  # as chosen, for display and export

    @classmethod
    def from_values(cls, board: Board, preset: str, values: Mapping[str, object]) -> Rules:
        start_switch = board.switches.get("start")
        start = start_switch.values[cast(str, values["start"])] if start_switch and start_switch.values else 0
        teetotum: Any = values.get("teetotum", 6)  # checked against the switch's range before it comes here
        return cls(
            preset=preset,
            teetotum=int(teetotum),
            start=int(start),
            skip_places=values.get("counting") == "skip-places",
            collisions=values.get("collisions") == "on",
            relief=str(values.get("relief", "begin-again")),
            values=tuple(values.items()),
        )
