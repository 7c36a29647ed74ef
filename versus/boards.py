"""Load the games kept as data in board/*.yaml into the engine's Board values."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import yaml

from versus.paths import data_dir
from versus.rules.board import VERBS, Board, Effect, Preset, Space, Switch

BOARD_DIR = data_dir("board")
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: the same data at a quarter of the time


class BoardError(ValueError):
    """A board file that is missing or does not describe a playable board."""


@cache
def _ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in BOARD_DIR.glob("*.yaml")))


def board_ids() -> list[str]:
    """The board ids: board/<id>.yaml (the folder is read once)."""
    return list(_ids())


@cache
def _data(board_id: str) -> dict[str, Any]:
    if board_id not in board_ids():
        raise BoardError(f"unknown board {board_id!r} (boards: {', '.join(board_ids())})")
    return yaml.load((BOARD_DIR / f"{board_id}.yaml").read_text(encoding="utf-8"), Loader=LOADER)


@cache
def load_board(board_id: str) -> Board:
    """The board with this id, from board/<id>.yaml (ids only, never paths)."""
    return board_from_data(_data(board_id))


class SpaceKind(NamedTuple):
    """A kind of space as a scene's patterns name it ("a vice"), and the spaces it means."""

    phrase: str  # "a vice"
    spaces: tuple[int, ...]
    also: tuple[str, ...] = ()  # other ways to write the phrase ("an offense")
    words: tuple[str, ...] = ()  # how a line of the author's names the kind ("vice", "vices")

    def named(self, text: str) -> bool:
        return " ".join(text.lower().split()) in (self.phrase, *self.also)


@cache
def space_kinds(board_id: str) -> tuple[SpaceKind, ...]:
    """The kinds of space the board's data names (its kinds: section), in the order it gives them."""
    if board_id not in board_ids():
        return ()
    data = _data(board_id)
    board = load_board(board_id)
    by_name = {s.name.lower(): s.number for s in board.spaces if s.name}
    out = []
    for phrase, entry in (data.get("kinds") or {}).items():
        kinds = set(entry.get("kinds") or ())
        named = [by_name[str(n).lower()] for n in entry.get("spaces") or ()]  # KeyError: a board file at fault
        spaces = sorted({s.number for s in board.spaces if s.kind in kinds} | set(named))
        out.append(SpaceKind(str(phrase).lower(), tuple(spaces), tuple(str(a).lower() for a in entry.get("also") or ()),
                             tuple(str(w).lower() for w in entry.get("words") or ())))
    return tuple(out)


def board_from_data(data: dict[str, Any]) -> Board:
    rule_texts = {str(k): str(v) for k, v in (data.get("rule_texts") or {}).items()}
    goal = int(data["goal"])
    listed = {int(s["number"]): _space(s, rule_texts) for s in data["spaces"]}
    spaces = tuple(listed.get(n, Space(n, "", "blank")) for n in range(goal + 1))
    players = data.get("players") or {}
    return Board(
        id=str(data["id"]),
        title=str(data["title"]),
        goal=goal,
        counters=int(data["counters"]),
        stake=int(data.get("stake", 0)),
        spaces=spaces,
        switches={name: _switch(name, s) for name, s in data["switches"].items()},
        presets={name: _preset(name, p) for name, p in data["presets"].items()},
        overshoot=str(data["overshoot"]),
        seat=data.get("seat"),
        min_players=int(players.get("min", 2)),
        max_players=players.get("max"),
        pool_name=str(data.get("pool", "pool")),
        edition=str(data.get("edition", "")),
        source=str(data.get("source", "")),
        rule_texts=rule_texts,
    )


def _space(data: dict[str, Any], rule_texts: dict[str, str]) -> Space:
    cite = str(data.get("cite", ""))
    return Space(
        number=int(data["number"]),
        name=str(data["name"]),
        kind=str(data["kind"]),
        direction=tuple(_effect(e) for e in data.get("direction") or ()),
        cite=cite,
        rule=rule_texts.get(cite, ""),
        note=str(data.get("note", "")),
    )


def _effect(data: str | dict[str, Any]) -> Effect:
    verb, amount = (data, 0) if isinstance(data, str) else next(iter(data.items()))
    if verb not in VERBS:
        raise BoardError(f"unknown direction {verb!r}")
    return Effect(str(verb), int(amount))


def _switch(name: str, data: dict[str, Any]) -> Switch:
    values = data.get("values")
    if isinstance(values, list):
        values = {str(v): None for v in values}
    low, high = data.get("range", (None, None))
    return Switch(name=name, about=str(data.get("about", "")), values=values, low=low, high=high)


def _preset(name: str, data: dict[str, Any]) -> Preset:
    return Preset(name=name, about=str(data.get("about", "")), values=dict(data["values"]),
                  source=str(data.get("source", "")))
