"""Times what `versus check` adds from the odds: how long each scene's games run with random spins.

    python benchmarks/check.py

Prints, for each example scene and the authored test scene (as written, and cut at 39 turns), the
share of 1,000 games unfinished at its max_turns, the max_turns that would let nine in ten finish
(worked out only when more than half are unfinished), and the seconds taken. The target is under
a second a scene, so that checking a folder of scenes stays quick.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from versus.odds.estimate import game_length
from versus.scenes.load import load_scene

ROOT = Path(__file__).parent.parent


def main() -> None:
    paths = sorted((ROOT / "scenes").glob("*.yaml")) + [ROOT / "tests" / "authored" / "lucas-lodge.yaml"]
    scenes = [(p.stem, load_scene(p)) for p in paths]
    scenes.append(("lucas-lodge, max_turns 39", dataclasses.replace(scenes[-1][1], max_turns=39)))
    game_length(scenes[0][1], games=10)  # imports and first-call costs, outside the figures
    for name, scene in scenes:
        start = time.perf_counter()
        length = game_length(scene)
        took = time.perf_counter() - start
        nine = f", nine in ten by {length.nine_in_ten}" if length.nine_in_ten else ""
        print(f"{name:28} {len(scene.players)} players, max_turns {scene.max_turns:4}: "
              f"{length.unfinished:6.1%} unfinished{nine}  ({took:.2f} s)")


if __name__ == "__main__":
    main()
