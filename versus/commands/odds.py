"""`versus odds`: not yet built."""

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rest", nargs="*")


def run(args: argparse.Namespace) -> int:
    raise SystemExit("versus odds: not yet available")
