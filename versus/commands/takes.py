"""`versus takes SCENE [--json]`: the takes of a scene, oldest first (the latest is last)."""

from __future__ import annotations

import argparse
import json
import sys

from versus.commands.common import load_scene_or_fail, warn_store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", help="a scene file (scenes/*.yaml)")
    parser.add_argument("--json", action="store_true",
                        help='print a JSON list of {"name", "spins", "outcome", "note", "parent", "drama"}; drama '
                             "holds the figures of docs/race.md §2 (lead_changes, last_lead_change, comeback, "
                             "comeback_by, closest_finish, winner_under_quarter, winner_swing)")


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
        scene = load_scene_or_fail(args.scene)
        out.write(json.dumps([{"name": t.name, "spins": list(t.spins), "outcome": t.outcome, "note": t.note,
                               "parent": t.parent or None, "drama": _drama(scene, t)} for t in takes],
                             ensure_ascii=False) + "\n")
        return 0
    if not takes:
        out.write(f"No takes of {store.scene_name} yet (they are kept in {store.folder}).\n")
        return 0
    width = max(len(t.name) for t in takes)
    for take in takes:
        note = f"  ({take.note})" if take.note else ""
        out.write(f"{take.name:<{width}}  {len(take.spins):>4} spins  {take.turns:>4} turns  {take.outcome}{note}\n")
    return 0


def _drama(scene, take) -> dict | None:
    """The take's drama in figures (docs/race.md §2), None when its spins no longer replay under the scene."""
    from versus.race import race_of
    from versus.takes.playthrough import Playthrough

    play = Playthrough(scene, take_spins=list(take.spins), seed=take.seed)
    try:
        while not play.finished and play.next_k <= len(take.spins):
            play.step()
    except ValueError:  # a spin the scene's teetotum does not have: the take is listed, its figures are not
        return None
    return race_of(play).drama.to_data()
