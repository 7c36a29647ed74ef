"""The `versus` command: parses arguments, then hands over to versus.commands.<name>.

Each command's module is imported only when it runs, so `versus trace` never pays for Textual.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

# (command, module in versus.commands, one-line help)
COMMANDS = [
    ("play", "play", "open a scene in the terminal app (the default with no command)"),
    ("serve", "serve", "serve the app to a browser tab (textual-serve)"),
    ("trace", "trace", "play spins through the rules engine and print JSON Lines"),
    ("boards", "boards", "list the boards with their presets and switches"),
    ("rules", "rules", "print a board's rules as the engine plays them"),
    ("check", "check", "validate scene files"),
    ("cast", "cast", "list the people the narration knows, and how a scene's people are matched to them"),
    ("run", "run", "play a scene headless to the end and save the take"),
    ("schema", "schema", "print the JSON Schema for scene files"),
    ("examples", "examples", "copy the four example scenes and the schema into ./scenes/"),
    ("takes", "takes", "list the takes of a scene"),
    ("export", "export", "write a take as prose for the manuscript (Markdown or .docx)"),
    ("manuscript", "manuscript", "compile the book listed in manuscript.yaml (.docx and Markdown)"),
    ("solve", "solve", "find spins under which every beat of a scene holds"),
    ("odds", "odds", "simulate a scene's chances of winning and of each beat"),
    ("plot", "plot", "draw a take's race as a picture (SVG and PNG): positions, lead changes, chances"),
]


class Failure(Exception):
    """Something the person must mend: lines for standard error and an exit status, never a traceback."""

    def __init__(self, lines: str | list[str], status: int = 2) -> None:
        self.lines = [lines] if isinstance(lines, str) else list(lines)
        self.status = status
        super().__init__("\n".join(self.lines))


class UsageError(Failure):
    """Bad arguments: one line on standard error, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def build_parser(only: str | None = None) -> Parser:
    """Every command's parser; with `only`, that command's arguments alone are read in, so that
    `versus play` does not import the modules of the ten others (the list in --help is the same)."""
    parser = Parser(prog="versus", description="Stage Regency moral board games as scenes.")
    from versus import __version__

    parser.add_argument("--version", action="version", version=f"versus {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for name, module, help_text in COMMANDS:
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or name == only:
            importlib.import_module(f"versus.commands.{module}").add_arguments(command_parser)
    return parser


def _command_of(args_list: list[str]) -> str | None:
    """The command these arguments name in first place, if any (else the whole parser is needed)."""
    if not args_list:
        return "play"
    return args_list[0] if args_list[0] in {name for name, _, _ in COMMANDS} else None


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):  # an ASCII-only terminal gets '?' for a curly quote, not a crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        if not args_list and not (sys.stdin.isatty() and sys.stdout.isatty()):
            # no terminal (a script, a pipe): the app would write escape codes to no one
            build_parser().print_usage(sys.stderr)
            print("versus: no terminal to open the app in; give a command (versus --help lists them)",
                  file=sys.stderr)
            return 2
        args = build_parser(_command_of(args_list)).parse_args(args_list or ["play"])
        module = dict((n, m) for n, m, _ in COMMANDS)[args.command or "play"]
        return int(importlib.import_module(f"versus.commands.{module}").run(args) or 0)
    except Failure as error:
        for line in error.lines:
            print(line, file=sys.stderr)
        return error.status
    except KeyboardInterrupt:
        print("versus: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `versus run SCENE | head -1`: the reader has had enough
        _quiet_stdout()
        return 0
    except Exception as error:  # a defect of ours: say so in one line, never a traceback
        if os.environ.get("VERSUS_DEBUG"):
            raise
        print(f"versus: internal error ({type(error).__name__}: {error}); set VERSUS_DEBUG=1 for details",
              file=sys.stderr)
        return 70


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the flush at exit does not fail on the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
