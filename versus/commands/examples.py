"""`versus examples`: copy the bundled example scenes and the scene schema into ./scenes/ to work on."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--into", metavar="FOLDER", default="scenes",
                        help="the folder to copy them into (default: ./scenes/)")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from versus.cli import Failure
    from versus.paths import copy_examples

    try:
        copied, kept = copy_examples(Path(args.into))
    except OSError as error:
        raise Failure(f"versus: could not copy the examples into {args.into}/: {error}", status=1) from None
    for path in copied:
        print(f"copied {path}")
    for path in kept:
        print(f"kept your own {path} (already there)")
    if copied:
        scene = next((p for p in copied if p.name == "rosings.yaml"), copied[0])
        print(f"versus: the examples are in {args.into}/; try `versus run {scene}`")
    return 0
