"""Argument helpers shared by commands that take a board and its rules on the command line."""

from __future__ import annotations

import argparse
import math
import sys

from versus.cli import UsageError

MAX_PLAYERS = 1000  # far more than sit round any table; a game's state grows with them
MAX_TURNS = 100_000  # the most a scene's end.max_turns allows
MAX_GAMES = 10_000_000
MAX_SEED = 2**63 - 1
MAX_SECONDS = 3600.0


def at_least(low: int, high: int | None = None):
    """An argparse type: a whole number from low (to high, when given)."""

    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text[:40]!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {text[:40]}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its message
    return parse


def seconds(high: float = MAX_SECONDS):
    """An argparse type: a finite number of seconds from 0 to high."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text[:40]!r}") from None
        if not math.isfinite(value) or not 0 <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from 0 to {high:g} seconds, not {text[:40]}")
        return value

    parse.__name__ = "number of seconds"
    return parse


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", help="a preset of the board (default: its first)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="set a switch, e.g. --set teetotum=8 (repeatable)")


def board_and_rules(board_id: str, preset: str | None, settings: list[str]):
    """Resolve a board id, preset and KEY=VALUE switches, or raise UsageError with one line."""
    from versus.boards import BoardError, load_board
    from versus.rules import RulesError

    try:
        board = load_board(board_id)
        overrides: dict[str, object] = {}
        for setting in settings:
            key, sep, value = setting.partition("=")
            if not sep or not key:
                raise UsageError(f"versus: --set takes KEY=VALUE, not {setting!r}")
            overrides[key.strip()] = value.strip()
        return board, board.rules(preset, **overrides)
    except (BoardError, RulesError) as error:
        raise UsageError(f"versus: {error}") from None


def working_scene(path: str, told: list[str] | None = None) -> str:
    """The scene to work on: a bundled (installed, read-only) scene is copied into ./scenes/ first, and so
    said on standard error (and added to told, for the app to say again once it is showing)."""
    import sys

    from versus.cli import Failure
    from versus.paths import working_copy

    try:
        target, notice = working_copy(path)
    except OSError as error:
        raise Failure(f"versus: could not copy the bundled scene into ./scenes/: {error}", status=1) from None
    if notice:
        print(notice, file=sys.stderr)
        if told is not None:
            line = notice.removeprefix("versus: ")
            told.append(line[:1].upper() + line[1:])
    return str(target)


def load_scene_or_fail(path: str):
    """The scene at path, or Failure with its located problems (exit status 2)."""
    from versus.cli import Failure
    from versus.scenes.load import load_scene
    from versus.scenes.problems import SceneError

    try:
        return load_scene(path)
    except SceneError as error:
        raise Failure(error.lines()) from None


def open_playthrough(scene, take_name: str | None, seed: int | None = None):
    """A Playthrough of the scene, replaying the named take; a warning goes to standard error."""
    import sys

    from versus.cli import Failure
    from versus.takes.playthrough import Playthrough
    from versus.takes.store import TakesError, TakeStore

    if take_name is None:
        return Playthrough(scene, seed=seed), None
    try:
        take = TakeStore(scene.path).get(take_name)
    except TakesError as error:
        raise Failure(f"versus: {error}") from None
    if take.scene_digest != scene.digest:
        print(f"versus: warning: {scene.path} has changed since {take.name} was played; "
              "replaying its spins under the scene as it is now", file=sys.stderr)
    play = Playthrough(scene, take_spins=list(take.spins), seed=take.seed)
    bad = next(((k, s) for k, s in enumerate(take.spins, 1) if not 1 <= s <= play.faces), None)
    if bad:
        raise Failure(f"versus: {take.name}: spin {bad[0]} is {bad[1]}, but the teetotum has "
                      f"{play.faces} faces (1 to {play.faces}); mend the take's file or play another take")
    return play, take


def warn_store(store) -> None:
    """Tell on standard error of take files passed over and of an old sidecar migrated."""
    import sys

    for problem in store.problems:
        print(f"versus: warning: {problem}", file=sys.stderr)
    store.problems.clear()
    if store.migrated:
        print(f"versus: the takes of {store.scene_name} now live one file a take in {store.folder}; "
              f"the old file is kept as {store.migrated.name}", file=sys.stderr)
        store.migrated = None


def tell_written(notes: list[str], written, already: str, done: str) -> None:
    """An export's notes on standard error, then what was written (with any backup kept) or that the same
    bytes were already there: `already` and `done` finish "<path> ..." and "<done> <path>"."""
    for note in dict.fromkeys(notes):
        print(f"versus: {note}", file=sys.stderr)
    if not written.written:
        print(f"{written.path} {already}")
    else:
        kept = f" (the old one kept as {written.backup})" if written.backup else ""
        print(f"{done} {written.path}{kept}")


def judged_by_chances(play) -> dict[str, bool]:
    """The scene's `the winner's chance falls below 1 in N` beats, judged by playing out every turn's chances
    (numpy and the simulator are loaded only for a scene that has one)."""
    if not any(b.kind == "chance-below" for b in play.scene.beats):
        return {}
    from versus.race import chance_beats

    return chance_beats(play)
