"""Odds by simulation: a vectorised simulator of the rules, and the chances it gives.

- live_odds(scene, state, games=2000, seed=0) -> {seat: chance of winning}: for the TUI.
- estimate(scene, state, prefix, games, seed) -> Odds: wins, turns still to play, beats.

Win chances, turns and every beat are all judged by the vectorised simulator (versus.odds.simulate),
which plays the engine's rules game for game; nothing here falls back to the engine.
"""

from versus.odds.estimate import Odds, estimate, live_odds

__all__ = ["Odds", "estimate", "live_odds"]
