"""`versus plot SCENE [--take NAME] [-o race.svg]`: a take's race as a picture, SVG and PNG, never over a file."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", help="a scene file (scenes/*.yaml)")
    parser.add_argument("--take", metavar="NAME", help="the take to draw (default: the latest; with no takes, "
                                                       "the scene as written, played to its end)")
    parser.add_argument("-o", "--output", metavar="PATH",
                        help="the SVG to write (default: SCENE-TAKE-race.svg in the working folder); a PNG is "
                             "written beside it. An existing file is never overwritten: the next free name "
                             "(race-2.svg, ...) is taken instead")
    parser.add_argument("--no-png", action="store_true", help="write the SVG alone")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from versus.cli import Failure
    from versus.commands.common import load_scene_or_fail, open_playthrough
    from versus.commands.export import latest_or_fail
    from versus.files import write_export
    from versus.race import race_of
    from versus.race.picture import draw, png_bytes, subtitle_of, svg_bytes
    from versus.takes.outcome import outcome
    from versus.takes.store import TakesError, TakeStore, slug

    if args.output and not args.output.lower().endswith(".svg"):
        raise Failure(f"versus: -o {args.output}: the picture is written as SVG, so the name should end in .svg")
    scene = load_scene_or_fail(args.scene)
    take_name = args.take or latest_or_fail(TakeStore(scene.path), TakesError)
    play, _ = open_playthrough(scene, take_name)
    for _ in play.play_out():
        pass
    race = race_of(play)
    name = take_name or "as written"
    heading = subtitle_of(race.drama, outcome(play), _names(scene))
    fig = draw(race.course, race.chances, f"{scene.title}: {name}", heading)
    target = Path(args.output) if args.output else Path(slug(f"{scene.name}-{take_name or 'as-written'}-race") + ".svg")
    try:
        svg, written, _ = write_export(target, svg_bytes(fig))
        print(f"drew {name} of {scene.path} in {svg}" if written else f"{svg} already holds this picture")
        if not args.no_png:
            png, written, _ = write_export(svg.with_suffix(".png"), png_bytes(fig))
            print(f"and in {png}" if written else f"{png} already holds this picture")
    except OSError as error:
        raise Failure(f"versus: could not write the picture: {error}", status=1) from None
    return 0


def _names(scene) -> dict[str, str]:
    return {p.id: p.called for p in scene.players}
