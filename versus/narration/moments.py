"""Which actions the narration tells one by one, and which it gathers into summary (STYLE.md rule 1)."""

from __future__ import annotations

from dataclasses import dataclass

from versus.rules import events as ev
from versus.rules.board import Board
from versus.rules.game import Action
from versus.rules.state import State

# Salience of what an action did; the highest event decides.
MUST = 100  # always told on its own: the finish, confinement, relief, re-spin, overshoot, asides
COLLISION = 80
SCORES = {"offense": 45, "toll": 30, "vice": 35, "virtue": 35, "sent": 30, "place": 12, "named": 15,
          "goal": MUST, "blank": 0}


@dataclass(frozen=True, slots=True)
class Told:
    """An action and how it ranks."""

    index: int
    score: int
    must: bool
    collision: bool


def score(index: int, action: Action, board: Board, before: State, after: State, fired: bool) -> Told:
    kinds = {type(e) for e in action.events}
    must = fired or bool(kinds & {ev.Won, ev.Confined, ev.Relieved, ev.Respun, ev.Stayed, ev.Overshot})
    collision = ev.Displaced in kinds
    value = MUST if must else COLLISION if collision else 0
    for e in action.events:
        if isinstance(e, ev.Landed):
            space = board.space(e.space)
            value = max(value, SCORES.get(space.kind, 0) + (10 if space.direction else 0))
    if leader(after) is not None and leader(after) != leader(before) and leader(before) is not None:
        value = max(value, 40)
    return Told(index, value, must, collision)


def leader(state: State) -> int | None:
    """The player furthest on, if only one is."""
    best = max(state.pos)
    leaders = [i for i, p in enumerate(state.pos) if p == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None


def select(scores: list[Told], turns: int, pace: str) -> set[int]:
    """Indices of the actions told one by one; the rest go into summaries."""
    if pace == "full":
        return set(range(len(scores)))
    chosen = {t.index for t in scores if t.must}
    collisions = [t.index for t in scores if t.collision and not t.must]
    cap = 8 + turns // 20  # beyond this, collisions are tallied in the summaries (still named)
    room = max(0, cap - len(chosen))
    if collisions and room:
        step = max(1, len(collisions) / room)  # spread the ones told over the whole game
        chosen.update(collisions[int(k * step)] for k in range(min(room, len(collisions))))
    budget = 4 + turns // 12
    optional = sorted((t for t in scores if t.index not in chosen and t.score >= 30),
                      key=lambda t: (-t.score, t.index))
    chosen.update(t.index for t in optional[:budget])
    return chosen
