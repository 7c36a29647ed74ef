"""The race screen: from its key to the first frame that shows it, at turn 10 and at turn 300, and how
long the chances then take to fill in.

    python benchmarks/race.py [--size 120x40] [--runs 5]

Netherfield is played to turn 10; Rosings (five players, given room for 400 turns) to turn 300 with
nobody winning (benchmarks/tui.py's take). The app is opened headless at each; the figure is the
median time from the key (g) to the first frame drawn with the race screen up, and the time until
its chances chart has every turn (the worker fills it in after the first frame). Each run closes the
screen and forgets the chances worked out, so that every run starts cold.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.tui import long_take  # noqa: E402


def prepare(folder: Path, name: str, turns: int) -> Path:
    scene = folder / "scenes" / f"{name}.yaml"
    scene.parent.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "scenes" / f"{name}.yaml").read_text(encoding="utf-8")
    scene.write_text(re.sub(r"max_turns: \d+", "max_turns: 400", text), encoding="utf-8")
    from versus.tui.session import Session

    session = Session(scene)
    session.play.take_spins = long_take(scene, turns)
    while session.play.game.state.turn < turns:
        session.play.step()
    session.save()
    return scene


async def measure(scene: Path, size: tuple[int, int], runs: int) -> tuple[float, float]:
    from versus.tui.app import VersusApp
    from versus.tui.screens.race import RaceScreen
    from versus.tui.widgets import race

    app = VersusApp(scene)
    frames: list[float] = []
    show = app._display

    def display(screen, renderable) -> None:
        show(screen, renderable)
        if isinstance(app.screen, RaceScreen):
            frames.append(time.perf_counter())

    app._display = display  # type: ignore[method-assign]
    shown, filled = [], []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        for _ in range(runs):
            race._CACHE.clear()
            frames.clear()
            start = time.perf_counter()
            await pilot.press("g")
            while not frames:
                await asyncio.sleep(0.002)
            shown.append(frames[0] - start)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            chart = screen.query_one("#chances-0", race.ChancesChart)
            while len(chart.known()) < len(screen.courses[0].states):
                await asyncio.sleep(0.01)
            filled.append(time.perf_counter() - start)
            await pilot.press("escape")
            await pilot.pause()
    return statistics.median(shown), statistics.median(filled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        for name, turns in (("netherfield", 10), ("rosings", 300)):
            scene = prepare(Path(folder), name, turns)
            shown, filled = asyncio.run(measure(scene, size, args.runs))  # type: ignore[arg-type]
            print(f"{name} at turn {turns} ({args.size}): race screen shown {shown * 1000:.0f} ms after g; "
                  f"chances of every turn in {filled:.2f} s")


if __name__ == "__main__":
    main()
