"""`the winner's chance falls below 1 in N` (docs/race.md §3), found by search and confirmed by replay.

The beat needs each turn's chances, a simulation of its own for every candidate game: far too dear for
the search, which plays out tens of thousands of candidates a second. So the search looks for the
scene's other beats, with the winner made to trail by more and more spaces (the drama beats it can
search for: an underdog is a player far behind), and each answer is replayed, every turn's chances
played out (versus.race), until the winner's chance in one falls below 1 in N.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from versus.race import chance_beats
from versus.scenes.model import Pattern, Scene

Solution = Any  # versus.solve.Solution (which imports this module: named here, not imported)

BEHIND = (0, 10, 20, 30, 40, 50)  # spaces the winner is made to trail by, in turn (0: the other beats alone)


class NotFound(Exception):
    """No answer of the search had the winner's chance fall low enough (reasons in the scene's terms)."""

    def __init__(self, tried: int, timed_out: bool) -> None:
        self.tried, self.timed_out = tried, timed_out
        super().__init__(f"{tried} answers tried")


def chance_beats_of(scene: Scene) -> list[Pattern]:
    return [b for b in scene.beats if b.kind == "chance-below"]


def solve_underdog(scene: Scene, once: Callable[[Scene, float | None], Solution], time_limit: float | None,
                   unsolvable: type[Exception]) -> Solution:
    """An answer under which every beat holds, the chance beats confirmed by replay; once(scene, time left)
    is the search for a scene's other beats (raising `unsolvable` when it finds none)."""
    started = time.perf_counter()
    rest = tuple(b for b in scene.beats if b.kind != "chance-below")
    names = [p.id for p in scene.players]
    wanted = [b.player for b in rest if b.kind == "wins" and b.player is not None]
    winners = wanted[:1] or list(range(len(names)))
    tried = 0
    for behind in BEHIND:
        for winner in winners if behind else [None]:
            left = None if time_limit is None else time_limit - (time.perf_counter() - started)
            if left is not None and left <= 0:
                raise NotFound(tried, True)
            trial = rest + _underdog(names, winner, behind, wanted)
            if not trial:  # nothing else to search for: the scene's own game first
                trial = (Pattern("lasts-at-least", number=1, text="game lasts at least 1 turns"),)
            try:
                found = once(dataclasses.replace(scene, beats=trial), left)
            except unsolvable:
                continue
            tried += 1
            play = found.play
            play.scene = scene  # the same game, judged against the scene's own beats
            if all(chance_beats(play).values()):
                return dataclasses.replace(found, scene=scene, seconds=time.perf_counter() - started)
    raise NotFound(tried, False)


def _underdog(names: list[str], winner: int | None, behind: int, wanted: list[int]) -> tuple[Pattern, ...]:
    if winner is None:
        return ()
    name = names[winner]
    trails = Pattern("trails", winner, number=behind, text=f"{name} trails by at least {behind} spaces")
    return (trails,) if winner in wanted else (Pattern("wins", winner, text=f"{name} wins"), trails)
