"""Times `versus run` and `versus export` on games of 30, 300, 3,000 and 10,000 turns.

    python benchmarks/run_export.py [--turns 30,300,3000,10000] [--repeat 3] [--keep DIR]

Each game is the Netherfield scene with a long `end: {max_turns: N}` and a scripted spin list
that never wins (a random spin, or the next face that does not win), written to a temporary
folder. Each command runs as its own process, as the author runs it; the figures are the best
wall and CPU seconds of --repeat runs, and the ratio of each size to the 300-turn game's (the
target: 10,000 turns at most 8x 300). --keep DIR keeps every output, to compare two versions.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def never_winning_spins(turns: int, seed: int) -> list[int]:
    """Spins for a two-player Mansion game (ives) that lasts at least `turns` turns."""
    from versus.boards import load_board
    from versus.rules import Game

    board = load_board("mansion-of-happiness")
    rules = board.rules("ives")
    game, rng, spins = Game(board, rules, 2), random.Random(seed), []
    while game.state.turn < turns or game.state.pending is not None:
        if not game.state.needs_spin:
            game.play(None)
            continue
        first = rng.randint(1, rules.teetotum)
        for spin in [first] + [s for s in range(1, rules.teetotum + 1) if s != first]:
            game.play(spin)
            if not game.state.over:
                spins.append(spin)
                break
            game.undo()
    return spins


def write_scene(folder: Path, turns: int) -> Path:
    data = yaml.safe_load((ROOT / "scenes" / "netherfield.yaml").read_text(encoding="utf-8"))
    data["spins"] = never_winning_spins(turns, seed=turns)
    data["end"] = {"max_turns": turns}
    path = folder / f"long-{turns}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None),
                    encoding="utf-8")
    return path


def timed(argv: list[str]) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of the child, its standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def measure(command: str, scene: Path, folder: Path, repeat: int, keep: Path | None) -> tuple[float, float]:
    best_wall = best_cpu = float("inf")
    for i in range(repeat):
        argv = [sys.executable, "-m", "versus", command, str(scene)]
        out = folder / f"{scene.stem}-{command}-{i}.md"
        argv += ["--no-save"] if command == "run" else ["-o", str(out)]
        wall, cpu, stdout = timed(argv)
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
        if keep is not None and i == 0:
            body = stdout if command == "run" else out.read_bytes()
            (keep / f"{scene.stem}-{command}.out").write_bytes(body)
    return best_wall, best_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", default="30,300,3000,10000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--commands", default="run,export")
    parser.add_argument("--keep", type=Path, help="keep each command's output in this folder")
    args = parser.parse_args()
    sizes = [int(t) for t in args.turns.split(",")]
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    import versus

    print(f"versus from {Path(versus.__file__).parent}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        scenes = {n: write_scene(folder, n) for n in sizes}
        for command in args.commands.split(","):
            figures = {n: measure(command, scenes[n], folder, args.repeat, args.keep) for n in sizes}
            base = figures.get(300, figures[sizes[0]])
            for n in sizes:
                wall, cpu = figures[n]
                print(f"{command:6} {n:>6} turns: wall {wall:6.2f} s, cpu {cpu:6.2f} s "
                      f"({cpu / base[1]:5.2f}x the {300 if 300 in figures else sizes[0]}-turn cpu)")
    os.sys.stdout.flush()


if __name__ == "__main__":
    main()
