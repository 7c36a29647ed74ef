"""The terminal app's key-to-repaint at turns 50 and 300 of a five-player take, and its first paint.

    python benchmarks/tui.py [--keys 20] [--size 120x40] [--runs 7] [--only keys|paint] [--narrator none]

The Rosings scene (five players) is given room for 400 turns, and a take is played in which
nobody wins, to turn 300. The app is opened headless (real narrator and odds, as an author has
them: the narrator's process is started before the app, as `versus play` starts it) at turn 50
and at turn 300; each figure is the median time from a key (alternately u and U) to the first
frame that shows it, with a quarter second between keys so that the prose and odds run between
them as they would for a person. "CPU" is the CPU time the app's process (every thread of it;
the narrator's process is not counted) used over the same stretch: on a shared machine it moves
less than the wall time. "held" is 30 spaces sent at once, and the time until the last is shown;
"q" is the time a q takes to close the app after them. `--narrator none` leaves the narrator's
process unstarted, as this script once did: the narration then fails at once and the prose panel
holds one line, so the figures leave out the prose panel's work (and, where the live odds are worked
out in a process started with the narrator's, the odds too).

First paint is timed from outside, as a person sees it: `versus play scenes/SCENE.yaml` is spawned
in a fresh pseudo-terminal of the given size, and the clock stops when the text it has written
(escape codes taken out) holds both the board's title (on its panel, or in capitals in the
spiral's centre) and the footer's Quit: the first frame of the main screen, which Textual writes
top to bottom in one go. The sizes are 120x40 and 80x24 (the tabs of a small terminal).
Each figure is the median of --runs starts after one untimed start. Python's compiled modules are
cached under a temporary PYTHONPYCACHEPREFIX, as an installed copy has them (the checkout is not
written to); one figure is without that cache (PYTHONDONTWRITEBYTECODE, as on the build machines),
where every module of Versus is compiled afresh at each start. The CPU time the app's process had
used by its first frame is given too: on a shared machine it moves less than the wall time, and the
heading says how far a plain busy loop's wall time stands above its CPU time at that moment.
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
from dataclasses import dataclass
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
        for spin in [preferred, *list(range(1, play.faces + 1))]:
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


async def settled(app) -> None:
    """Wait until no worker is running. A worker that a newer one of its group cancelled (the prose of a
    spin since played) is not waited for: Textual's wait_for_complete raises for it."""
    from textual.worker import WorkerCancelled

    for _ in range(2400):
        try:
            await app.workers.wait_for_complete()
            return
        except WorkerCancelled:
            await asyncio.sleep(0.05)
    raise SystemExit("the app's workers did not finish within two minutes")


@dataclass(frozen=True)
class Keys:
    """What measure() found, in seconds: each key's wall and CPU time to its frame, the held spaces, the q."""

    walls: list[float]
    cpus: list[float]
    held: float
    quit_after: float
    prose: str  # the prose panel's first line at the end: the narrator's prose, or the error it gave


async def measure(scene: Path, keys: int, size: tuple[int, int], narrator: bool = True) -> Keys:
    """Each key's time to its frame, the 30 held spaces and the q behind them (see Keys).

    A key's time runs from the key sent to the first frame drawn that shows its spin (the app's own
    frames, caught at App._display): Pilot's pause, which waits for the whole process to idle, is
    not part of it."""
    from textual import events

    from versus.tui import prose_process
    from versus.tui.app import VersusApp

    if narrator:
        prose_process.start()  # as `versus play` does, before the app takes the terminal
    app = VersusApp(scene)
    frames: list[tuple[float, float, int]] = []  # (when, CPU time by then, the version of the play it showed)
    show = app._display

    def display(screen, renderable) -> None:
        show(screen, renderable)
        main = app.screen_stack[0] if len(app.screen_stack) < 2 else app.screen_stack[1]
        view = getattr(main, "view", None)
        if view is not None and not getattr(main, "_repaint_due", False):
            frames.append((time.perf_counter(), time.process_time(), view.version))

    app._display = display  # type: ignore[method-assign]

    async def key_to_frame(key: str, count: int = 1) -> tuple[float, float]:
        screen = app.screen
        want = screen.session.play.played.__len__() + (count if key != "u" else -count)
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(count):  # all at once, as a held key's repeats arrive
            app.post_message(events.Key(key, {"space": " "}.get(key, key)))
        while True:
            await asyncio.sleep(0.002)
            shown = [(when, used) for when, used, version in frames if when > start and version == want]
            if shown:
                return shown[0][0] - start, shown[0][1] - cpu
            if time.perf_counter() - start > 120:
                raise SystemExit(f"{key} was not shown within two minutes")

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await settled(app)
        await pilot.pause()
        times = []
        for i in range(keys):
            times.append(await key_to_frame("u" if i % 2 == 0 else "U"))
            await asyncio.sleep(0.25)
        await settled(app)
        await pilot.pause()
        prose = app.screen.query_one("#prose")
        first = next(iter(prose.children), None)
        shown = getattr(first, "source", "") if first is not None else ""
        held, _ = await key_to_frame("space", 30)
        start = time.perf_counter()
        await pilot.press("q")
        quit_after = time.perf_counter() - start
    prose_process.shutdown()
    return Keys([wall for wall, _ in times], [cpu for _, cpu in times], held, quit_after,
                (shown or "").splitlines()[0][:60] if shown else "(empty)")


ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


class Plain:
    """The text written so far with its escape codes taken out, a chunk at a time: read as fast as a
    terminal would (going over the whole of it at each read took some 15 ms a start, while the app's
    writes waited on a full pseudo-terminal)."""

    def __init__(self) -> None:
        self.text = b""
        self._rest = b""  # an escape code begun at the end of the last chunk

    def add(self, chunk: bytes) -> None:
        data = self._rest + chunk
        cut = data.rfind(b"\x1b")
        if cut < 0 or ESCAPES.match(data, cut):
            cut = len(data)
        self.text += ESCAPES.sub(b"", data[:cut])
        self._rest = data[cut:]


def first_paint_once(command: list[str], cwd: Path, size: tuple[int, int], shows: list[tuple[bytes, ...]],
                     env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawning `command` in a fresh pseudo-terminal of `size` until the text it has
    written (escape codes taken out) holds one of each of `shows`: the first frame of the main screen.
    With it, the CPU seconds the app's process had used by then (it is stopped at once)."""
    import fcntl
    import os
    import select
    import signal
    import struct
    import termios

    columns, rows = size
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdin=slave, stdout=slave, stderr=slave, env=env,
                               start_new_session=True)
    os.close(slave)
    text = Plain()
    took = float("nan")
    try:
        while time.perf_counter() - start < 20:
            if not select.select([master], [], [], 0.05)[0]:
                continue
            try:
                text.add(os.read(master, 1 << 16))
            except OSError:  # the app has gone
                break
            if all(any(words in text.text for words in either) for either in shows):
                took = time.perf_counter() - start
                break
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the app and the narrator's process with it, at once
        _, _, usage = os.wait4(process.pid, 0)
        process.returncode = -signal.SIGKILL
        os.close(master)
    return took, usage.ru_utime + usage.ru_stime


def first_paint(scene: Path, runs: int, size: tuple[int, int], bytecode: bool) -> list[tuple[float, float]]:
    """`versus play SCENE` as the README runs it, `runs` times after one run to warm the disk cache.

    bytecode: with compiled modules cached as an installed (or once-run editable) copy has them,
    kept under a private PYTHONPYCACHEPREFIX so that the checkout is not touched; else with
    PYTHONDONTWRITEBYTECODE, every module of Versus compiled afresh at each start."""
    import os

    versus = Path(sys.executable).with_name("versus")
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    cache = tempfile.mkdtemp(prefix="versus-pycache-")
    if bytecode:
        env["PYTHONPYCACHEPREFIX"] = cache
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    title = _board_title(scene)
    shows = [(title.encode(), title.upper().encode()), (b"Quit",)]  # the board (its title) and the footer
    times = []
    try:
        for run in range(runs + 1):
            took = first_paint_once([str(versus), "play", str(scene.relative_to(scene.parent.parent))],
                                    scene.parent.parent, size, shows, env)
            if run:
                times.append(took)
            time.sleep(0.2)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return times


def _board_title(scene: Path) -> str:
    from versus.boards import load_board
    from versus.scenes.load import load_scene

    return load_board(load_scene(scene).game).title


def fresh_netherfield(folder: Path) -> Path:
    """The bundled scene in a folder of its own, with no takes: what `versus play` first opens."""
    scene = folder / "scenes" / "netherfield.yaml"
    scene.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "scenes" / "netherfield.yaml", scene)
    return scene


def contention() -> float:
    """How much longer than its CPU time a fixed busy loop takes on this machine now (1.0: a core of
    its own). The machines here are shared: wall times are this much above what the work costs."""
    ratios = []
    for _ in range(5):
        wall, cpu = time.perf_counter(), time.process_time()
        total = 0
        for n in range(1_000_000):
            total += n
        ratios.append((time.perf_counter() - wall) / max(time.process_time() - cpu, 1e-9))
    return statistics.median(ratios)


def _load() -> str:
    try:
        return Path("/proc/loadavg").read_text(encoding="ascii").split()[0]
    except OSError:
        return "unknown"


def report(label: str, times: list[tuple[float, float]]) -> None:
    walls = [wall for wall, _ in times]
    shown = " ".join(f"{t:.2f}" for t in walls)
    print(f"  {label}: median {statistics.median(walls):.3f} s of {len(times)} ({shown}); "
          f"CPU {statistics.median(cpu for _, cpu in times):.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--runs", type=int, default=7, help="starts timed for each first-paint figure")
    parser.add_argument("--only", choices=("keys", "paint"), help="only key-to-repaint, or only first paint")
    parser.add_argument("--narrator", choices=("process", "none"), default="process",
                        help="start the narrator's process as `versus play` does (default), or not (the prose "
                        "panel then holds the narrator's error, as in this script's figures before)")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    if args.only != "paint":
        print(f"key-to-repaint, {args.keys} keys (u/U) at {args.size}, Rosings (five players), narrator "
              f"{'in its process' if args.narrator == 'process' else 'not started'}; load average "
              f"{_load()} (a busy loop here takes {contention():.2f}x its CPU time):")
        for turns in (50, 300):
            with tempfile.TemporaryDirectory() as folder:
                scene = prepare(Path(folder), turns)
                got = asyncio.run(measure(scene, args.keys, size, args.narrator == "process"))  # type: ignore[arg-type]
                print(f"  turn {turns:>3}: median {statistics.median(got.walls) * 1000:6.1f} ms, worst "
                      f"{max(got.walls) * 1000:6.1f} ms; CPU median {statistics.median(got.cpus) * 1000:6.1f} ms, "
                      f"worst {max(got.cpus) * 1000:6.1f} ms; 30 held spaces shown after {got.held:5.2f} s; "
                      f"q behind them {got.quit_after * 1000:6.1f} ms")
                each = " ".join(f"{w * 1000:.0f}/{c * 1000:.0f}" for w, c in zip(got.walls, got.cpus, strict=True))
                print(f"    each key, wall/CPU ms: {each}")
                print(f"    prose panel at the end: {got.prose!r}")
    if args.only == "keys":
        return
    print("first paint: process start to the board and footer shown, in a pseudo-terminal "
          f"(a busy loop here takes {contention():.2f}x its CPU time):")
    with tempfile.TemporaryDirectory() as folder:
        scene = fresh_netherfield(Path(folder))
        for shape in ((120, 40), (80, 24)):
            report(f"netherfield, new take, {shape[0]}x{shape[1]}", first_paint(scene, args.runs, shape, True))
        report("netherfield, new take, 120x40, no bytecode cache",
               first_paint(scene, args.runs, (120, 40), False))
    with tempfile.TemporaryDirectory() as folder:
        scene = prepare(Path(folder), 300)
        report("rosings at turn 300, 120x40", first_paint(scene, args.runs, (120, 40), True))


if __name__ == "__main__":
    main()
