"""The race a take runs: positions by turn, marks, lead changes, chances, and the drama in figures.

    course = course_of(play)                  # a Playthrough's race, as plain values (course.py)
    odds = chances(scene, course.states)      # each player's chance at every turn (chances.py, numpy)
    figures = drama(course, odds)             # the drama in figures (drama.py, pure)

Nothing here draws: the TUI's race screen and `versus plot` (picture.py, matplotlib) draw from
these values. docs/race.md defines the lead and each figure.
"""
