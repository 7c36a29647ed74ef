"""Times `versus solve` on the example scenes: their own beats, then beat sets written for them here.

    python benchmarks/solve.py [--max-edits 3] [--time-limit 60]

Prints, for each scene and beat set, the edits found (or why none), the candidate games played
out, and the seconds taken. The target is under 2 s for typical sets of two to four beats.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from versus.boards import load_board  # noqa: E402
from versus.scenes.load import load_scene  # noqa: E402
from versus.scenes.patterns import Vocabulary, parse  # noqa: E402
from versus.solve import Unsolvable, solve  # noqa: E402

BEAT_SETS = {
    "netherfield": [
        ["darcy wins", "elizabeth lands on A CHEAT"],
        ["darcy wins", "elizabeth overshoots", "darcy lands on HUMILITY"],
        ["elizabeth wins", "darcy is confined", "game lasts at most 70 turns"],
        ["elizabeth displaces darcy", "darcy displaces elizabeth", "elizabeth wins", "darcy pays 3"],
        ["darcy lands on A ROBBER", "elizabeth wins", "elizabeth reaches SEAT OF EXPECTATION"],
        # harder: three edits, or none within the limit (every way of changing up to three tried)
        ["darcy lands on A ROBBER", "elizabeth lands on A ROBBER", "elizabeth wins", "darcy overshoots",
         "game lasts at most 50 turns"],
        ["darcy wins", "game lasts at most 24 turns"],
    ],
    "pemberley-canton": [
        ["darcy lands on A CHEAT", "elizabeth wins", "georgiana displaces elizabeth"],
        ["georgiana wins", "darcy reaches SEAT OF EXPECTATION"],
        ["elizabeth wins", "darcy displaces elizabeth", "georgiana is confined", "game lasts at least 60 turns"],
    ],
    "rosings": [
        ["darcy wins", "collins lands on Hypocrisy", "lady_catherine pays 4"],
        ["elizabeth wins", "game lasts at most 40 turns"],
        ["fitzwilliam wins", "darcy lands on Civility", "elizabeth is confined", "collins overshoots"],
    ],
    "longbourn": [
        ["lydia wins", "mary lands on TEMPERANCE", "kitty is confined"],
        ["jane wins", "lydia lands on IMMODESTY", "game lasts at most 150 turns"],
        ["elizabeth wins", "elizabeth displaces lydia", "mary overshoots"],
        # harder: three edits
        ["jane overshoots", "elizabeth overshoots", "lydia lands on CHARITY", "game lasts at most 73 turns"],
    ],
}


def with_beats(scene, texts: list[str]):
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    vocab = Vocabulary(tuple(p.id for p in scene.players), board, rules, scene.max_turns)
    return dataclasses.replace(scene, beats=tuple(parse(t, vocab, beat=True) for t in texts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-edits", type=int, default=3, help="(the command's default is 4)")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    times = []
    for path in sorted((ROOT / "scenes").glob("*.yaml")):
        scene = load_scene(path)
        sets = [[str(b) for b in scene.beats]] + BEAT_SETS.get(scene.name, [])
        for texts in sets:
            started = time.perf_counter()
            try:
                solution = solve(with_beats(scene, texts), max_edits=args.max_edits, time_limit=args.time_limit)
                what = (f"{len(solution.edits)} edit{'s' if len(solution.edits) != 1 else ''} "
                        f"{[list(e) for e in solution.edits]}, {solution.candidates:,} candidates")
            except Unsolvable as error:
                what = error.lines[0]
            seconds = time.perf_counter() - started
            times.append(seconds)
            print(f"{scene.name:17} {seconds:6.2f} s  {'; '.join(texts)}\n{'':27}{what}")
    times.sort()
    print(f"\n{len(times)} beat sets: median {times[len(times) // 2]:.2f} s, worst {times[-1]:.2f} s")


if __name__ == "__main__":
    main()
