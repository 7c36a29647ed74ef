"""How long `q` takes to close the app on a long take, timed from outside as a person sees it.

    python benchmarks/quit.py [--turns 300,100000] [--runs 3] [--wait 1.0]

For each length, the Netherfield scene is given room for that many turns, and a take in which
nobody wins (every spin a 1: the players go round the board for ever) is saved to it. Then
`versus play` is spawned in a fresh 120x40 pseudo-terminal; once its first frame is drawn (the
footer's Quit is written), it is left --wait seconds (the prose and odds begin after a key's
pause, as they would for a person who opens the scene and looks), `q` is sent, and the clock runs
until the process has exited. The figure is the median of --runs. Nothing here is a test: the
figures move with the machine's load.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tui import Plain  # noqa: E402 - the escape codes taken out as a terminal reads them


def prepare(folder: Path, turns: int) -> Path:
    """A copy of Netherfield with room for `turns` turns, and a take of that many turns saved beside it."""
    from versus.scenes.load import load_scene
    from versus.takes.outcome import as_take
    from versus.takes.replay import replay
    from versus.takes.store import TakeStore

    scene = folder / "scenes" / "netherfield.yaml"
    scene.parent.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "scenes" / "netherfield.yaml").read_text(encoding="utf-8")
    text = re.sub(r"max_turns: \d+", f"max_turns: {turns}", text)
    text = re.sub(r"(?m)^spins: .*$", "spins: []", text)
    scene.write_text(text, encoding="utf-8")
    loaded = load_scene(scene)
    play = replay(loaded, [1] * turns, loaded.seed).play
    assert play.game.state.winner is None, "a spin of 1 every time should win nothing"
    TakeStore(scene).save(as_take(play, "long"))
    return scene


def quit_once(scene: Path, wait: float, env: dict[str, str]) -> tuple[float, float]:
    """(seconds to the first frame, seconds from q to the process's exit)."""
    import fcntl
    import select
    import signal
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "versus", "play", str(scene)], cwd=scene.parent.parent,
                               stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    text = Plain()
    painted = float("nan")
    gone = float("nan")
    try:
        while time.perf_counter() - start < 120:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    text.add(os.read(master, 1 << 16))
                except OSError:
                    break
            if painted != painted and b"Quit" in text.text:
                painted = time.perf_counter() - start
                asked = painted + wait
            if painted == painted and time.perf_counter() - start >= asked:
                os.write(master, b"q")
                pressed = time.perf_counter()
                while process.poll() is None and time.perf_counter() - pressed < 300:
                    if select.select([master], [], [], 0.02)[0]:
                        with contextlib.suppress(OSError):
                            os.read(master, 1 << 16)
                gone = time.perf_counter() - pressed if process.poll() is not None else float("inf")
                break
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(master)
    return painted, gone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", default="300,100000", help="lengths of take, separated by commas")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--wait", type=float, default=1.0, help="seconds between the first frame and q")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "VERSUS_CONFIG_DIR": str(Path(tmp) / "config"), "TERM": "xterm-256color"}
        for turns in (int(t) for t in args.turns.split(",")):
            scene = prepare(Path(tmp) / f"t{turns}", turns)
            runs = [quit_once(scene, args.wait, env) for _ in range(args.runs)]
            paint = statistics.median(p for p, _ in runs)
            quits = [q for _, q in runs]
            print(f"turn {turns:>7,}: first frame {paint:6.2f} s; q to exit: median {statistics.median(quits):6.2f} s "
                  f"(runs: {', '.join(f'{q:.2f}' for q in quits)})", flush=True)


if __name__ == "__main__":
    main()
