"""Times win odds from 10,000 simulated continuations of a two-player Mansion game.

    python benchmarks/odds.py [--games 10000] [--plain-games 1000] [--repeat 5]

Measures the vectorised simulator (versus.odds) from the start of the game, from the middle of
one, and with the scene's beats judged as well; then a plain loop over the rules engine (one game
after another through versus.rules.Game), whose time for --plain-games is scaled to --games; and
prints the ratio. The target is 0.25 s for the 10,000 win odds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from versus.odds import estimate, live_odds  # noqa: E402
from versus.odds.estimate import scene_rules  # noqa: E402
from versus.odds.plain import simulate_plain  # noqa: E402
from versus.odds.simulate import Simulator, Start  # noqa: E402
from versus.odds.spins import RandomSpins  # noqa: E402
from versus.scenes.load import load_scene  # noqa: E402
from versus.takes.playthrough import Playthrough  # noqa: E402


def best_of(repeat: int, work) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - started)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--plain-games", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    scene = load_scene(ROOT / "scenes" / "netherfield.yaml")  # two players, ives preset
    board, rules = scene_rules(scene)
    play = Playthrough(scene)
    start = play.game.state
    while play.game.state.turn < 40:
        play.step()
    middle = play.game.state
    print(f"{scene.title}: {board.title} ({rules.preset}), 2 players, end.max_turns {scene.max_turns}")

    def wins(state):
        sim = Simulator(board, rules, 2, scene.max_turns)
        return sim.run(Start.repeat(state, args.games), RandomSpins(rules.teetotum, np.random.default_rng(1)))

    seconds, out = best_of(args.repeat, lambda: wins(start))
    fast = seconds
    share = np.bincount(out.winner + 1, minlength=3) / args.games
    print(f"vectorised, win odds from the start:      {args.games:,} games in {seconds:.3f} s "
          f"({args.games / seconds:,.0f} games/s; Elizabeth {share[1]:.3f}, Darcy {share[2]:.3f}, "
          f"unfinished {share[0]:.3f}; {out.turns.mean():.1f} turns)")
    seconds, _ = best_of(args.repeat, lambda: wins(middle))
    print(f"vectorised, win odds from turn 40:        {args.games:,} games in {seconds:.3f} s")
    seconds, _ = best_of(args.repeat, lambda: estimate(scene, games=args.games, seed=1))
    print(f"vectorised, wins, turns and both beats:   {args.games:,} games in {seconds:.3f} s")
    seconds, _ = best_of(args.repeat, lambda: live_odds(scene, middle))
    print(f"live_odds (2,000 games, from turn 40):    {seconds * 1000:.1f} ms")

    started = time.perf_counter()
    played = simulate_plain(board, rules, start, args.plain_games, scene.max_turns, seed=1)
    plain = (time.perf_counter() - started) * args.games / args.plain_games
    won = sum(1 for p in played if p.winner >= 0) / len(played)
    print(f"plain loop over the engine, from the start: {args.plain_games:,} games in "
          f"{plain * args.plain_games / args.games:.2f} s, so {args.games:,} in {plain:.2f} s (won {won:.3f})")
    print(f"ratio: the vectorised simulator is {plain / fast:.0f} times as fast "
          f"({'meets' if fast <= 0.25 else 'misses'} the 0.25 s target)")


if __name__ == "__main__":
    main()
