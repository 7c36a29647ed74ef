"""`versus takes SCENE [--json]`: the takes of a scene, oldest first (the latest is last)."""

from __future__ import annotations

import argparse
import json
import sys

from versus.commands.common import warn_store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", help="a scene file (scenes/*.yaml)")
    parser.add_argument("--json", action="store_true",
                        help='print a JSON list of {"name", "spins", "outcome", "note", "parent"}')


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from versus.cli import Failure
    from versus.takes.store import TakesError, TakeStore

    if not Path(args.scene).is_file():
        raise Failure(f"versus: {args.scene}: no such scene file")
    store = TakeStore(args.scene)
    try:
        takes = store.load()
    except TakesError as error:
        raise Failure(f"versus: {error}") from None
    warn_store(store)
    out = sys.stdout
    if args.json:
        out.write(json.dumps([{"name": t.name, "spins": list(t.spins), "outcome": t.outcome, "note": t.note,
                               "parent": t.parent or None} for t in takes], ensure_ascii=False) + "\n")
        return 0
    if not takes:
        out.write(f"No takes of {store.scene_name} yet (they are kept in {store.folder}).\n")
        return 0
    width = max(len(t.name) for t in takes)
    for take in takes:
        note = f"  ({take.note})" if take.note else ""
        out.write(f"{take.name:<{width}}  {len(take.spins):>4} spins  {take.turns:>4} turns  {take.outcome}{note}\n")
    return 0
