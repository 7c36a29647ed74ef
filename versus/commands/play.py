"""`versus play [SCENE] [--take NAME]`: open a scene in the terminal app, resuming its latest take.

The scene is checked before Textual is imported: a scene that cannot be played prints its located
problems and exits 2 without starting the app.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from versus.paths import data_dir

BUNDLED = data_dir("scenes") / "netherfield.yaml"
THEMES = ("regency", "regency-dark")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", nargs="?", help=f"a scene file (default: the bundled "
                        f"{BUNDLED.name})")
    parser.add_argument("--take", metavar="NAME", help="play this take (default: the latest, or a new one)")
    parser.add_argument("--theme", choices=THEMES, default=None,
                        help="cream paper (regency, the default) or candlelight (regency-dark); the app "
                        "remembers the theme last chosen (ctrl+p), which this overrides")


def run(args: argparse.Namespace) -> int:
    import gc

    # Start-up makes some half a million objects (Textual's classes, the scene, the take) and frees
    # few: the garbage collector would walk them all a hundred times before the first paint (about
    # 0.1 s). It waits until the screen is drawn, and then leaves them out of its rounds for good.
    gc.disable()
    try:
        return _run(args)
    finally:
        gc.enable()


def _collect_from_now() -> None:
    import gc

    gc.enable()  # what start-up made is frozen by then (the app's first_painted, versus.tui.collector)


def _no_terminal() -> str | None:
    """Why the app cannot be shown here (its keys come from stdin, its screen goes to stderr), or None."""
    import sys

    for name, stream in (("standard input", sys.stdin), ("standard error", sys.stderr)):
        try:
            if stream is None or not stream.isatty():
                return f"{name} is not a terminal"
        except (AttributeError, ValueError):  # closed, or not a real stream
            return f"{name} is not a terminal"
    return None


def _run(args: argparse.Namespace) -> int:
    from versus.cli import Failure
    from versus.commands.common import load_scene_or_fail, working_scene
    from versus.takes.store import TakesError, TakeStore

    told: list[str] = []
    path = Path(working_scene(args.scene or str(BUNDLED), told))  # a bundled scene: a copy where the author works
    scene = load_scene_or_fail(str(path))
    if args.take:
        try:
            TakeStore(path).get(args.take)
        except TakesError as error:
            raise Failure(f"versus: {error}") from None

    no_terminal = _no_terminal()
    if no_terminal:
        raise Failure(f"versus: {no_terminal}; the app needs one to draw in and read keys from "
                      "(versus run SCENE plays a scene without one)")

    from versus.tui.app import VersusApp  # Textual is imported here, and only here
    from versus.tui.prose_process import shutdown, start

    start()  # the narrator's own process, spawned while the terminal is still ours to hand on
    app = VersusApp(path, args.take, scene=scene, theme=args.theme, notices=tuple(told))
    app.after_first_paint(_collect_from_now)
    try:
        app.run()
    finally:
        shutdown()
    _exit_now(app.return_code or 0)
    return 0


def _exit_now(status: int) -> None:
    """Leave at once, now that every take is on disk and the terminal is given back: the interpreter's own
    exit would free a long take's objects one by one first (some 5 s at turn 100,000), a blank wait."""
    import os
    import sys
    from contextlib import suppress

    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):  # a closed or broken stream has nothing left to flush
            stream.flush()
    os._exit(status)
