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
