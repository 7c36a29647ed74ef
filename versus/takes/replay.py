"""A take's spins played again under a scene: how far they carry, and why not further."""

from __future__ import annotations

from dataclasses import dataclass

from versus.scenes.model import Scene
from versus.takes.playthrough import Playthrough


@dataclass(frozen=True, slots=True)
class Replayed:
    play: Playthrough
    problem: str | None = None  # why the take could not be replayed to its end, if it could not


def replay(scene: Scene, spins: tuple[int, ...] | list[int], seed: int, turns: int = 0,
           name: str = "the take") -> Replayed:
    """A playthrough of the scene with these spins played, then any skipped turns up to `turns`."""
    play = Playthrough(scene, take_spins=list(spins), seed=seed)
    try:
        while not play.finished and play.next_k <= len(spins):
            play.step()
        while not play.finished and not play.game.state.needs_spin and play.game.state.turn < turns:
            play.step()
    except ValueError as error:
        return Replayed(play, f"{name} replays only to spin {play.next_k - 1}: {error}")
    used = play.game.spins_used
    if used < len(spins):
        return Replayed(play, f"{name} has {len(spins) - used} spins after the game's end; they are not played")
    return Replayed(play)
