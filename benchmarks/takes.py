"""The cost of saving one take, beside 1 take and beside hundreds: a save must not grow with the takes.

    python benchmarks/takes.py [--takes 1,100,500,2000] [--saves 20]

Each figure is the median time of one save in a fresh copy of the Netherfield scene beside that
many takes: a spin played in the app (its take grows by one spin), a new take (versus run), and
of that the naming of the new take alone (TakeStore.new_name, in a store just opened, as a new
process would have it). Most of a save is its fsync, so those figures move with the disk's load.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from versus.scenes.load import load_scene  # noqa: E402
from versus.takes.outcome import as_take  # noqa: E402
from versus.takes.replay import replay  # noqa: E402
from versus.takes.store import TakeStore  # noqa: E402


def save_seconds(takes: int, saves: int) -> tuple[float, float, float]:
    """Median seconds of (a take's save as it grows, a new take's save, naming it) beside `takes` takes."""
    with tempfile.TemporaryDirectory() as folder:
        scene_path = Path(folder) / "scenes" / "netherfield.yaml"
        scene_path.parent.mkdir()
        shutil.copy(ROOT / "scenes" / "netherfield.yaml", scene_path)
        scene = load_scene(scene_path)
        play = replay(scene, [], scene.seed).play
        for _ in play.play_out():
            pass
        store = TakeStore(scene_path)
        template = as_take(play, "take-1")
        for n in range(1, takes + 1):
            store.save(dataclasses.replace(template, name=f"take-{n}"))
        current = store.get("take-1")
        grow, new, named = [], [], []
        for n in range(saves):
            start = time.perf_counter()
            current = store.save(dataclasses.replace(current, spins=(*current.spins, 1 + n % 6)))
            grow.append(time.perf_counter() - start)
            start = time.perf_counter()
            store.save(dataclasses.replace(template, name=store.new_name()))
            new.append(time.perf_counter() - start)
            store = TakeStore(scene_path)  # a fresh store each time, as a new process would have
            start = time.perf_counter()
            store.new_name()
            named.append(time.perf_counter() - start)
        return statistics.median(grow), statistics.median(new), statistics.median(named)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--takes", default="1,100,500,2000", help="comma-separated counts of takes")
    parser.add_argument("--saves", type=int, default=20, help="saves timed at each count")
    args = parser.parse_args()
    counts = [int(c) for c in args.takes.split(",")]
    base = None
    for count in counts:
        grow, new, named = save_seconds(count, args.saves)
        base = base or (grow, new, named)
        print(f"{count:>6} takes: a spin's save {1000 * grow:7.2f} ms ({grow / base[0]:.1f}x), "
              f"a new take {1000 * new:7.2f} ms ({new / base[1]:.1f}x), "
              f"its name {1000 * named:6.3f} ms ({named / base[2]:.1f}x)")


if __name__ == "__main__":
    main()
