"""`versus export SCENE`: write a take as prose for the manuscript, in Markdown or as a .docx."""

from __future__ import annotations

import argparse

from versus.commands.common import load_scene_or_fail, open_playthrough, tell_written, working_scene


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", help="a scene file (scenes/*.yaml)")
    parser.add_argument("--take", metavar="NAME", help="the take to export (default: the latest)")
    parser.add_argument("-o", "--output", metavar="PATH",
                        help="where to write (default: manuscript_exports/ in the working folder, or where "
                             "manuscript.yaml's exports: says)")
    parser.add_argument("--pace", choices=["summary", "brisk", "full"], default="brisk",
                        help="summary: the whole game in a paragraph or two; brisk (the default): a chapter's worth, "
                             "400 to 1,600 words; full: every turn")
    parser.add_argument("--words", type=budget, metavar="N",
                        help="a word budget for the prose (front matter and headings not counted), met within 15%%")
    parser.add_argument("--ledger", action="store_true", help="append a table of the play")
    parser.add_argument("--annotate", action="store_true",
                        help="before each paragraph, an HTML comment naming the actions it tells (as versus trace "
                             "counts them); renderers drop the comments")
    parser.add_argument("--force", action="store_true", help="replace an existing export, keeping it as .bak")
    parser.add_argument("--format", choices=["md", "docx"],
                        help="md: Markdown (the default); docx: a Word file in standard manuscript format "
                             "(the default when -o names a .docx)")
    parser.add_argument("--font", choices=["times", "courier"],
                        help="for docx: Times New Roman (the default) or Courier New, at 12 pt")


def budget(text: str) -> int:
    """--words: a whole number of words from 50 to 100,000."""
    try:
        words = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a word budget is a whole number, not {text!r}") from None
    from versus.wordbudget import budget_problem

    problem = budget_problem(words)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return words


def run(args: argparse.Namespace) -> int:
    from versus.cli import Failure
    from versus.export.markdown import export_play
    from versus.narration.phrasebook import PhrasebookError
    from versus.takes.store import TakesError, TakeStore, slug

    fmt = args.format or ("docx" if (args.output or "").lower().endswith(".docx") else "md")
    if fmt == "md" and args.font:
        raise Failure("versus: --font is for --format docx; Markdown has no font")
    if fmt == "docx" and args.ledger:
        raise Failure("versus: --ledger is for --format md; a manuscript has no table of the play")
    manuscript = load_manuscript_or_fail()
    scene = load_scene_or_fail(working_scene(args.scene))
    take_name = args.take
    if take_name is None:
        take_name = latest_or_fail(TakeStore(scene.path), TakesError)
    play, _ = open_playthrough(scene, take_name)
    for _ in play.play_out():
        pass
    name = take_name or "as written"
    notes: list[str] = []
    default_name = slug(f"{scene.name}-{take_name}") if args.take else None  # a file name, never a path
    try:
        if fmt == "docx":
            from versus.export.word import export_docx

            result = export_docx(play, name, args.output, args.pace, args.force, default_name,
                                 font=args.font or "times", manuscript=manuscript, annotate=args.annotate,
                                 words=args.words, notes=notes)
        else:
            result = export_play(play, name, args.output, args.pace, args.ledger, args.force,
                                 default_name=default_name, manuscript=manuscript, annotate=args.annotate,
                                 words=args.words, notes=notes)
    except PhrasebookError as error:
        raise Failure(f"versus: {error}") from None
    except OSError as error:
        raise Failure(f"versus: could not write the export: {error}", status=1) from None
    tell_written(notes, result, "already holds this export; nothing written", f"exported {name} of {scene.path} to")
    return 0


def latest_or_fail(store, errors: type[Exception]) -> str | None:
    """The name of the newest take (None: no takes), or Failure when a take newer than any readable one
    cannot be read: an older take is never exported in its place without the author's word (--take)."""
    from versus.cli import Failure

    try:
        latest = store.latest()
    except errors as error:
        raise Failure(f"versus: {error}") from None
    if not store.problems:
        return latest.name if latest else None
    older = f"; to export the newest readable one, give --take {latest.name!r}" if latest else ""
    raise Failure([f"versus: {problem}" for problem in store.problems]
                  + [f"versus: the newest take cannot be read, so nothing was exported: mend it{older}"])


def load_manuscript_or_fail():
    """manuscript.yaml in the working folder (None when there is none), or Failure with its problems."""
    from versus.cli import Failure
    from versus.export.config import ManuscriptError, find_manuscript

    try:
        return find_manuscript()
    except ManuscriptError as error:
        raise Failure(error.lines()) from None
