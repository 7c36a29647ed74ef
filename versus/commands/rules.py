"""`versus rules BOARD [--preset P]`: every space, what it does under the preset, and its printed rule."""

from __future__ import annotations

import argparse
import textwrap

from versus.commands.common import add_rules_arguments, board_and_rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("board", help="a board id, e.g. mansion-of-happiness")
    parser.add_argument("--all", action="store_true", help="list plain spaces too")
    add_rules_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from versus.rulebook import describe_space, general_rules

    board, rules = board_and_rules(args.board, args.preset, args.set)
    print(f"{board.title}, {board.edition}")
    print(f"Preset {rules.preset}: " + ", ".join(f"{k}={v}" for k, v in rules.values))
    print()
    for line in general_rules(board, rules):
        print(textwrap.fill(line, 78, subsequent_indent="  "))
    print()
    for space in board.spaces[1:]:
        if space.kind == "blank" and not args.all:
            continue
        name = space.name or "(plain space)"
        print(f"{space.number:>3}  {name} [{space.kind}]: {describe_space(board, rules, space)}")
        if space.rule:
            quote = f"{space.cite}: \u201c{space.rule}\u201d"
            print(textwrap.fill(quote, 78, initial_indent="       ", subsequent_indent="       "))
        if space.note:
            print(textwrap.fill(space.note, 78, initial_indent="       ", subsequent_indent="       "))
    cited = {space.cite for space in board.spaces}
    general = [(cite, text) for cite, text in board.rule_texts.items() if cite not in cited]
    if general:
        print("\nRules for the whole board:")
    for cite, text in general:
        print(textwrap.fill(f"{cite}: \u201c{text}\u201d", 78, initial_indent="  ", subsequent_indent="  "))
    return 0
