"""The terminal app's key-to-repaint at turns 50 and 300 of a five-player take, and its first paint.

    python benchmarks/tui.py [--keys 20] [--size 120x40]

The Rosings scene (five players) is given room for 400 turns, and a take is played in which
nobody wins, to turn 300. The app is opened headless (real narrator and odds, as an author has
them) at turn 50 and at turn 300; each figure is the median time from a key (alternately u and U)
to the first frame that shows it, with a quarter second between keys so that the prose and odds
run between them as they would for a person. "held" is 30 spaces sent at once, and the time
until the last is shown; "q" is the time a q takes to close the app after them.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def long_take(scene_path: Path, turns: int) -> list[int]:
    """Spins that carry the scene to `turns` with nobody winning (each spin the first face that does not win)."""
    from versus.scenes.load import load_scene
    from versus.takes.playthrough import Playthrough

    play = Playthrough(load_scene(scene_path))
    while play.game.state.turn < turns + 10:
        if not play.game.state.needs_spin:
            play.step()
            continue
        preferred, _ = play.next_spin()
        for spin in [preferred] + list(range(1, play.faces + 1)):
            play.step(spin)
            if not play.game.state.over:
                break
            play.undo()
        else:
            raise SystemExit("no spin avoids a win")
    return play.spins()


def prepare(folder: Path, turns: int) -> Path:
    scene = folder / "scenes" / "rosings.yaml"
    scene.parent.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "scenes" / "rosings.yaml").read_text(encoding="utf-8")
    scene.write_text(re.sub(r"max_turns: \d+", "max_turns: 400", text), encoding="utf-8")
    from versus.tui.session import Session

    session = Session(scene)
    session.play.take_spins = long_take(scene, turns)
    while session.play.game.state.turn < turns or session.play.played[-1].action.spin is None:
        session.play.step()  # to a spin, so that u and U take back and play again a spin
    session.save()
    return scene


async def measure(scene: Path, keys: int, size: tuple[int, int]) -> tuple[float, float, float, float]:
    """(median key-to-repaint, worst, seconds for 30 held spaces to be shown, q behind them), in seconds.

    A key's time runs from the key sent to the first frame drawn that shows its spin (the app's own
    frames, caught at App._display): Pilot's pause, which waits for the whole process to idle, is
    not part of it."""
    from textual import events

    from versus.tui.app import VersusApp

    app = VersusApp(scene)
    frames: list[tuple[float, int]] = []  # (when, the version of the play it showed)
    show = app._display

    def display(screen, renderable) -> None:
        show(screen, renderable)
        main = app.screen_stack[0] if len(app.screen_stack) < 2 else app.screen_stack[1]
        view = getattr(main, "view", None)
        if view is not None and not getattr(main, "_repaint_due", False):
            frames.append((time.perf_counter(), view.version))

    app._display = display  # type: ignore[method-assign]

    async def key_to_frame(key: str, count: int = 1) -> float:
        screen = app.screen
        want = screen.session.play.played.__len__() + (count if key != "u" else -count)
        start = time.perf_counter()
        for _ in range(count):  # all at once, as a held key's repeats arrive
            app.post_message(events.Key(key, {"space": " "}.get(key, key)))
        while True:
            await asyncio.sleep(0.002)
            shown = [when for when, version in frames if when > start and version == want]
            if shown:
                return shown[0] - start
            if time.perf_counter() - start > 120:
                raise SystemExit(f"{key} was not shown within two minutes")

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        times = []
        for i in range(keys):
            times.append(await key_to_frame("u" if i % 2 == 0 else "U"))
            await asyncio.sleep(0.25)
        await app.workers.wait_for_complete()
        await pilot.pause()
        held = await key_to_frame("space", 30)
        start = time.perf_counter()
        await pilot.press("q")
        quit_after = time.perf_counter() - start
    return statistics.median(times), max(times), held, quit_after


def first_paint(scene: Path) -> float:
    """Seconds from `versus play` to its first screen, in a real pseudo-terminal (tmux)."""
    if shutil.which("tmux") is None:
        return float("nan")
    session = f"versus-bench-{id(scene)}"
    versus = Path(sys.executable).with_name("versus")
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
                    f"{versus} play {scene}"], check=True)
    try:
        while time.perf_counter() - start < 20:
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                                    text=True).stdout
            if "Rosings" in screen:
                return time.perf_counter() - start
            time.sleep(0.01)
        return float("nan")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--size", default="120x40")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    print(f"key-to-repaint, {args.keys} keys (u/U) at {args.size}, Rosings (five players):")
    for turns in (50, 300):
        with tempfile.TemporaryDirectory() as folder:
            scene = prepare(Path(folder), turns)
            median, worst, held, quit_after = asyncio.run(measure(scene, args.keys, size))  # type: ignore[arg-type]
            print(f"  turn {turns:>3}: median {median * 1000:6.1f} ms, worst {worst * 1000:6.1f} ms; "
                  f"30 held spaces shown after {held:5.2f} s; q behind them {quit_after * 1000:6.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        scene = prepare(Path(folder), 50)
        print(f"first paint (tmux, 120x40): {first_paint(scene):.2f} s")


if __name__ == "__main__":
    main()
