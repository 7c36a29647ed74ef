"""`versus cast [SCENE] [--match NAME]`: the people the narration knows, what they are to each other,
and how a scene's people (or one name) would be matched to them."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", nargs="?", metavar="SCENE",
                        help="a scene: show how its people are matched (its folder's cast.yaml included)")
    parser.add_argument("--match", metavar="NAME", help='the member a name would be matched to, e.g. "Mrs. Darcy"')


def run(args: argparse.Namespace) -> int:
    from versus.narration.cast import CastError, bundled, cast_for, match
    from versus.narration.company import report
    from versus.scenes.load import load_scene
    from versus.scenes.model import Person
    from versus.scenes.problems import SceneError

    try:
        scene = load_scene(args.scene) if args.scene else None
        cast = cast_for(scene) if scene else bundled()
    except SceneError as error:
        print("\n".join(error.lines()), file=sys.stderr)
        return 2
    except CastError as error:
        print(error, file=sys.stderr)
        return 2
    if args.match:
        member = match(Person("x", args.match, args.match, "they"), cast)
        found = f"{member.id} ({', '.join(member.names)})" if member else "nobody in the cast"
        print(f"{args.match}: {found}")
        return 0 if member else 1
    if scene is not None:
        for line in report(scene):
            print(line)
        return 0
    for member in cast.values():
        kin = ", ".join(f"{word} of {other}" for other, word in member.relations)
        print(f"{member.id}: {' / '.join(member.names[:3])} ({member.temper or 'no temper'})")
        if kin:
            print(f"    {kin}")
    return 0
