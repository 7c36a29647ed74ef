"""`versus check SCENE...`: validate scene files; one line each, or every problem located."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from versus.scenes.model import Scene


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenes", nargs="+", metavar="SCENE", help="scene files (scenes/*.yaml)")


def run(args: argparse.Namespace) -> int:
    from versus.scenes.load import load_scene
    from versus.scenes.problems import SceneError

    status = 0
    for path in args.scenes:
        try:
            scene = load_scene(path)
        except SceneError as error:
            for line in error.lines():
                print(line, file=sys.stderr)
            status = 2
            continue
        scripted = sum(1 for s in scene.spins if s is not None)
        rules = scene.preset or "default rules"
        if scene.switches:
            rules += " with " + ", ".join(f"{k}={_as_written(v)}" for k, v in scene.switches)
        print(f"ok {path}: {scene.game} ({rules}), {len(scene.players)} players, "
              f"{scripted} scripted spins, {len(scene.beats)} beats, {len(scene.asides)} asides")
        status = max(status, _people(scene))
    return status


def _as_written(value: object) -> str:
    """A switch as a scene writes it: YAML reads `collisions: off` as False, which is printed off."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _people(scene: Scene) -> int:
    """Who the narration takes each person to be; a cast file that cannot be read is a located error."""
    from versus.narration.cast import CastError
    from versus.narration.company import report

    try:
        lines = report(scene)
    except CastError as error:
        print(error, file=sys.stderr)
        return 2
    for line in lines:
        print(line, file=sys.stderr if ": warning:" in line else sys.stdout)
    return 0
