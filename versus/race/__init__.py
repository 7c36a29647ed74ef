"""The race a take runs: positions by turn, marks, lead changes, chances, and the drama in figures.

    course = course_of(play)                  # a Playthrough's race, as plain values (course.py)
    odds = chances(scene, course.states)      # each player's chance at every turn (chances.py, numpy)
    figures = drama(course, odds)             # the drama in figures (drama.py, pure)

Nothing here draws: the TUI's race screen and `versus plot` (picture.py, matplotlib) draw from
these values. docs/race.md defines the lead and each figure.
"""

from __future__ import annotations

from dataclasses import dataclass

from versus.race.chances import Chances, chances
from versus.race.course import Course, course_of
from versus.race.drama import Drama, drama
from versus.takes.playthrough import Playthrough

__all__ = ["Race", "race_of"]


@dataclass(frozen=True)
class Race:
    course: Course
    chances: Chances | None
    drama: Drama


def race_of(play: Playthrough, with_chances: bool = True) -> Race:
    """A playthrough's race: its course, each turn's chances (unless told not to: they cost most), its drama."""
    course = course_of(play)
    odds = chances(play.scene, course.states) if with_chances else None
    return Race(course, odds, drama(course, odds))
