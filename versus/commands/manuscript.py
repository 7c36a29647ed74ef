"""`versus manuscript [manuscript.yaml]`: compile the book, its chapters in order, as .docx and Markdown."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("manuscript", metavar="MANUSCRIPT", nargs="?", default="manuscript.yaml",
                        help="manuscript.yaml with the book's chapters: (default: the working folder's)")
    parser.add_argument("-o", "--output", metavar="FOLDER",
                        help="the folder to write into (default: manuscript.yaml's exports:, else "
                             "manuscript_exports/ beside it)")
    parser.add_argument("--font", choices=["times", "courier"], default="times",
                        help="Times New Roman (the default) or Courier New, at 12 pt")
    parser.add_argument("--force", action="store_true", help="replace an earlier book, keeping it as .bak")


def run(args: argparse.Namespace) -> int:
    from versus.cli import Failure
    from versus.commands.common import tell_written
    from versus.export.book import compile_book
    from versus.export.config import ManuscriptError, load_manuscript
    from versus.narration.phrasebook import PhrasebookError

    path = Path(args.manuscript)
    if not (path.exists() or path.is_symlink()):
        raise Failure(f"versus: no {path}; a book is listed in manuscript.yaml (title, author and chapters:)")
    try:
        manuscript = load_manuscript(path)
        folder = Path(args.output) if args.output else manuscript.export_folder()
        notes: list[str] = []
        book = compile_book(manuscript, folder, args.force, args.font, progress=_say, notes=notes)
    except ManuscriptError as error:
        raise Failure(error.lines()) from None
    except PhrasebookError as error:
        raise Failure(f"versus: {error}") from None
    except OSError as error:
        raise Failure(f"versus: could not write the book: {error}", status=1) from None
    done = f"wrote the book ({book.chapters} chapters, {book.words:,} words) to"
    for written in (book.markdown, book.docx):
        tell_written(notes, written, "already holds this book; nothing written", done)
        notes = []  # said once, before the first
    return 0


def _say(line: str) -> None:
    print(f"versus: {line}", file=sys.stderr, flush=True)
