"""A playthrough summed up as a take."""

from __future__ import annotations

from versus.takes.playthrough import Playthrough
from versus.takes.store import Take


def outcome(play: Playthrough) -> str:
    state = play.game.state
    if state.winner is not None:
        return f"{play.scene.players[state.winner].id} wins"
    if play.finished:
        return f"unfinished after {state.turn} turns"
    return f"in play at turn {state.turn}"


def as_take(play: Playthrough, name: str, note: str = "") -> Take:
    return Take(name=name, spins=tuple(play.spins()), seed=play.seed, scene_digest=play.scene.digest,
                turns=play.game.state.turn, outcome=outcome(play), note=note)


def ending_lines(play: Playthrough, judged: dict[str, bool] | None = None) -> list[str]:
    """How the game ended and which beats held, as `versus run` and `versus solve` print them; judged says
    of beats the scene tracker cannot settle (by their text) whether they hold."""
    state = play.game.state
    if state.winner is not None:
        lines = [f"{play.scene.players[state.winner].called} wins at turn {state.turn}."]
    else:
        lines = [f"Unfinished after {state.turn} turns."]
    judged = judged or {}
    lines += [f"  beat {'held    ' if judged.get(beat, held) else 'not held'}  {beat}" for beat, held in play.beats()]
    return lines
