"""Problems found in a file, each located as FILE:LINE:COLUMN, with a suggestion for a near miss."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    line: int  # 1-based
    column: int  # 1-based
    message: str

    def located(self, filename: str) -> str:
        return f"{filename}:{self.line}:{self.column}: {self.message}"


class SceneError(Exception):
    """A scene that cannot be played; carries every problem found in it."""

    def __init__(self, filename: str, problems: Iterable[Problem]) -> None:
        self.filename = filename
        self.problems = sorted(set(problems))
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [p.located(self.filename) for p in self.problems]


def suggest(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' for a near miss, else a list of what is allowed when it is short."""
    options = [str(c) for c in choices]
    lowered = {c.lower(): c for c in options}
    near = difflib.get_close_matches(str(word).lower(), list(lowered), n=1, cutoff=0.6)
    if near:
        return f" (did you mean {lowered[near[0]]!r}?)"
    if 0 < len(options) <= 12:
        return f" (expected one of: {', '.join(options)})"
    return ""
