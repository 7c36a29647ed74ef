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


def chance_beats(play: Playthrough) -> dict[str, bool]:
    """Whether each `the winner's chance falls below 1 in N` beat of the scene holds in the game so far
    (docs/race.md §3): somebody has won, and after some turn his chance was below 1 in N. The scene
    tracker cannot say (it needs every turn's chances); this plays them out."""
    beats = [b for b in play.scene.beats if b.kind == "chance-below"]
    if not beats:
        return {}
    winner = play.game.state.winner
    if winner is None:
        return {str(b): False for b in beats}
    course = course_of(play)
    lowest = min(row[winner] for row in chances(play.scene, course.states))
    return {str(b): lowest < 1 / (b.number or 1) for b in beats}
