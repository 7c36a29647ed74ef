"""The drama of a take in figures (docs/race.md §2): pure, from its course and its chances by turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from versus.race.course import Course

QUARTER = 0.25
LATE = 10  # turns: "the last ten turns" of the swing


@dataclass(frozen=True)
class Drama:
    lead_changes: int
    last_lead_change: int | None  # the turn of the last, None when the lead never changed hands
    comeback: int  # spaces: the largest deficit later overturned, by anybody (0 for none)
    comeback_by: str | None  # who made it
    closest_finish: int  # spaces between the first and the second at the end
    winner_under_quarter: int | None  # turns the eventual winner's chance stood under 1 in 4 (None: no winner)
    winner_swing: float | None  # how far the winner's chance moved over the last ten turns (None: no winner)

    def to_data(self) -> dict:
        return asdict(self)


def drama(course: Course, chances: Sequence[Sequence[float]] | None = None) -> Drama:
    """The figures of a course; those of the winner's chance are None without chances (or a winner)."""
    comeback = max(course.comeback, default=0)
    by = course.ids[course.comeback.index(comeback)] if comeback else None
    last = course.changes[-1].turn if course.changes else None
    under = swing = None
    if course.winner is not None and chances is not None:
        mine = [row[course.winner] for row in chances]
        under = sum(1 for c in mine if c < QUARTER)
        window = mine[-(LATE + 1):]  # the chance after each of the last ten turns, and before them
        swing = round(max(window) - min(window), 4)
    return Drama(len(course.changes), last, comeback, by, closest(course.pos[-1]), under, swing)


def closest(pos: Sequence[int]) -> int:
    """Spaces between the furthest and the next furthest."""
    ranked = sorted(pos, reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else 0


def told(figures: Drama, names: dict[str, str] | None = None) -> str:
    """The figures in a line, for a picture's heading or the app (names: by player id, as the story calls them)."""
    changes = figures.lead_changes
    parts = [f"lead changed hands {_count(changes, 'time')}"
             + (f" (last at turn {figures.last_lead_change})" if figures.last_lead_change else "")]
    if figures.comeback:
        by = (names or {}).get(figures.comeback_by or "", figures.comeback_by)
        parts.append(f"largest comeback {_count(figures.comeback, 'space')} ({by})")
    parts.append(f"closest at the end {_count(figures.closest_finish, 'space')}")
    if figures.winner_under_quarter is not None:
        parts.append(f"winner under 1 in 4 for {_count(figures.winner_under_quarter, 'turn')}")
    if figures.winner_swing is not None:
        parts.append(f"winner's swing in the last ten turns {figures.winner_swing:.0%}")
    return " \u00b7 ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
