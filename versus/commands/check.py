"""`versus check SCENE...`: validate scene files; one line each, or every problem located."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from versus.scenes.model import Scene
    from versus.scenes.problems import Problem


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
        problems = named_file_problems(scene)
        if problems:
            for line in problems:
                print(line, file=sys.stderr)
            status = 2
            continue
        for warning in (*scene.warnings, *_length(scene)):
            print(warning.located(path), file=sys.stderr)
        scripted = sum(1 for s in scene.spins if s is not None)
        rules = scene.preset or "default rules"
        if scene.switches:
            rules += " with " + ", ".join(f"{k}={_as_written(v)}" for k, v in scene.switches)
        print(f"ok {path}: {scene.game} ({rules}), {len(scene.players)} players, "
              f"{scripted} scripted spins, {len(scene.beats)} beats, {len(scene.asides)} asides")
        status = max(status, _people(scene))
    problems = manuscript_problems()
    for line in problems:
        print(line, file=sys.stderr)
    return 2 if problems else status


def _length(scene: Scene) -> list[Problem]:
    """A warning when end.max_turns leaves more than half the games unfinished, from the odds."""
    from versus.odds.estimate import game_length
    from versus.scenes.problems import Problem

    length = game_length(scene)
    if length.unfinished <= 0.5:
        return []
    line, column = scene.max_turns_at
    enough = (f"max_turns: {length.nine_in_ten} would let nine in ten finish" if length.nine_in_ten
              else "even 2000 turns would leave more than one in ten unfinished")
    return [Problem(line, column, f"warning: max_turns {scene.max_turns} leaves {length.unfinished:.0%} of games "
                                  f"unfinished ({length.games:,} games with random spins); {enough}")]


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


def named_file_problems(scene: Scene) -> list[str]:
    """What the scene's phrasebook holds that export would refuse, as FILE:LINE:COLUMN lines (it is read
    with export's own bounds and checks)."""
    import re

    out: list[str] = []
    if scene.phrasebook:
        from versus.narration.phrasebook import PhrasebookError, load_author  # only a scene with one pays for it

        try:
            load_author(scene.phrasebook)
        except PhrasebookError as error:
            path = str(scene.phrasebook)
            located = re.compile(re.escape(path) + r":[0-9]+:[0-9]+: ")
            for line in str(error).splitlines():
                if line.startswith(f"{path}: ") and not located.match(line):
                    line = f"{path}:1:1: {line[len(path) + 2:]}"  # a whole-file problem: at its start
                out.append(line)
    return out


def manuscript_problems() -> list[str]:
    """The problems of the manuscript.yaml in the working folder, which every export would use."""
    from versus.export.config import ManuscriptError, find_manuscript

    try:
        find_manuscript()
    except ManuscriptError as error:
        return error.lines()
    return []
