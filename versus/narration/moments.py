"""Which actions the narration tells one by one, and which it gathers into summary (STYLE.md rule 1)."""

from __future__ import annotations

from dataclasses import dataclass

from versus.rules import events as ev
from versus.rules.board import Board
from versus.rules.game import Action
from versus.rules.state import State

GOOD, BAD = "glad", "vexed"  # the mood of a moment for the player it befell

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
    kept: bool = False  # told whatever the budget: the finish, and the author's asides


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
    return Told(index, value, must, collision, fired or ev.Won in kinds)


def leader(state: State) -> int | None:
    """The player furthest on, if only one is."""
    best = max(state.pos)
    leaders = [i for i, p in enumerate(state.pos) if p == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None


def select(scores: list[Told], turns: int, pace: str, limit: int | None = None) -> set[int]:
    """Indices of the actions told one by one; the rest go into summaries.

    With a limit (a word budget being met), the finish and the author's asides are kept and the
    limit most salient of the rest are told; everything else is tallied in the summaries.
    """
    if pace == "full":
        return set(range(len(scores)))
    if limit is not None:
        kept = {t.index for t in scores if t.kept}
        ranked = sorted((t for t in scores if not t.kept and t.score >= 12), key=lambda t: (-t.score, t.index))
        return kept | {t.index for t in ranked[:limit]}
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


def candidates(scores: list[Told]) -> int:
    """How many actions a limit can choose among."""
    return sum(1 for t in scores if not t.kept and t.score >= 12)
