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


def suggest_person(word: str, people: Iterable[tuple[str, str]]) -> str:
    """' (did you mean 'caroline' (Miss Bingley)?)': the nearest person by id or by name alike, so that
    miss_bingley is Miss Bingley (caroline), not Mr. Bingley (bingley); else the ids, when they are few."""
    people = list(people)
    best = nearest_person(word, people)
    if best is not None:
        pid, name = best
        return f" (did you mean {pid!r} ({name})?)" if name != pid else f" (did you mean {pid!r}?)"
    ids = [pid for pid, _ in people]
    return f" (expected one of: {', '.join(ids)})" if 0 < len(ids) <= 12 else ""


def nearest_person(word: str, people: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """The (id, name) nearest to word by id or by name, if any is near."""
    asked = _plain_name(word)
    best, score = None, 0.0
    for pid, name in people:
        for form in (_plain_name(pid), _plain_name(name)):
            ratio = difflib.SequenceMatcher(None, asked, form).ratio()
            if ratio > score:
                best, score = (pid, name), ratio
    return best if score >= 0.6 else None


def _plain_name(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("-", " ").replace(".", " ").split())
