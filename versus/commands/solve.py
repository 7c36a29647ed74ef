"""`versus solve SCENE`: find spins under which every beat holds, changing as few as possible; save a take."""

from __future__ import annotations

import argparse
import json
import sys
import time

from versus.commands.common import (
    MAX_SECONDS,
    MAX_SEED,
    MAX_TURNS,
    at_least,
    load_scene_or_fail,
    seconds,
    working_scene,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", help="a scene file with beats (scenes/*.yaml)")
    parser.add_argument("--max-edits", type=at_least(0), default=4, metavar="K",
                        help="change at most K spins (default 4)")  # versus.solve.DEFAULT_MAX_EDITS
    parser.add_argument("--max-turns", type=at_least(1, MAX_TURNS), metavar="N",
                        help="stop the game after N turns instead of the scene's end.max_turns")
    parser.add_argument("--free-script", action="store_true",
                        help="allow the scene's scripted spins to be changed too")
    parser.add_argument("--seed", type=at_least(0, MAX_SEED), help="draw the unscripted spins from this seed instead")
    parser.add_argument("--time-limit", type=seconds(), default=60.0, metavar="SECONDS",
                        help=f"give up after this long (default 60, at most {MAX_SECONDS:g})")
    parser.add_argument("--json", action="store_true",
                        help='print {"take": NAME, "spins": [...], "edits": [[position, old, new], ...]}')


class Progress:
    """A line on the terminal while the search runs longer than half a second, redrawn a few times a second."""

    shown = False

    def __init__(self) -> None:
        self.started = self.last = time.perf_counter()

    def __call__(self, edits: int, candidates: int) -> None:
        now = time.perf_counter()
        if now - self.started < 0.5 or now - self.last < 0.2:
            return
        self.last = now
        Progress.shown = True
        sys.stderr.write(f"\rsearching: changing {edits} spin{'s' if edits != 1 else ''}, "
                         f"{candidates:,} games tried, {now - self.started:.1f} s   ")
        sys.stderr.flush()

    @classmethod
    def clear(cls) -> None:
        if cls.shown:
            sys.stderr.write("\r" + " " * 70 + "\r")
            cls.shown = False


# The solver's remedies (versus.solve.REMEDIES) as this command's flags.
FLAGS = {"max_turns": "a larger --max-turns", "time_limit": "a larger --time-limit",
         "max_edits": "a larger --max-edits", "free_script": "--free-script"}


def run(args: argparse.Namespace) -> int:
    from versus.cli import Failure
    from versus.commands.common import judged_by_chances
    from versus.solve import Unsolvable, save, solve
    from versus.takes.outcome import ending_lines
    from versus.takes.store import TakesError

    scene = load_scene_or_fail(working_scene(args.scene))
    try:
        solution = solve(scene, max_edits=args.max_edits, max_turns=args.max_turns,
                         free_script=args.free_script, seed=args.seed, time_limit=args.time_limit,
                         progress=Progress() if sys.stderr.isatty() else None)
    except Unsolvable as error:
        Progress.clear()
        raise Failure(error.told(FLAGS), status=1) from None
    Progress.clear()
    edits = len(solution.edits)
    try:
        saved, store = save(solution, args.max_turns)
    except (TakesError, OSError) as error:
        raise Failure(f"versus: the solution was not saved: {error}", status=1) from None
    out = sys.stdout
    if args.json:
        out.write(json.dumps({"take": saved.name, "spins": list(solution.spins),
                              "edits": [list(e) for e in solution.edits]}) + "\n")
        return 0
    play = solution.play
    out.write(f"{scene.title}: every beat holds with {edits} spin{'s' if edits != 1 else ''} changed "
              f"of the {len(solution.spins)} the game uses ({solution.seconds:.2f} s).\n")
    if solution.proof:
        out.write(f"  ({solution.proof}: the time for the proof ran out before fewer could be ruled out; "
                  "a larger --time-limit gives it longer)\n")
    for k, old, new in solution.edits:
        out.write(f"  spin {k}: {old} -> {new}\n")
    out.writelines(line + "\n" for line in ending_lines(play, judged_by_chances(play)))
    out.write(f"Saved as {saved.name} in {store.path}\n")
    return 0
