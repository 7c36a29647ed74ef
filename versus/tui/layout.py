"""Where each space of a board sits on the screen: a spiral of cells round the goal."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from versus.rules.board import Board

DATA = Path(__file__).parent / "data" / "boards.yaml"
ARTICLES = ("THE ", "A ", "AN ")


@dataclass(frozen=True)
class Layout:
    columns: int
    rows: int
    cells: tuple[tuple[int, int], ...]  # (column, row) of spaces 1..goal-1, in order
    centre: tuple[int, int, int, int]  # the goal's cells: first column, first row, columns, rows
    shape: str = "spaces"


def spiral(columns: int, rows: int, count: int) -> list[tuple[int, int]]:
    """The first count cells of a clockwise spiral from the top left, round and inwards."""
    cells: list[tuple[int, int]] = []
    top, left, bottom, right = 0, 0, rows - 1, columns - 1
    while len(cells) < count and top <= bottom and left <= right:
        cells += [(c, top) for c in range(left, right + 1)]
        cells += [(right, r) for r in range(top + 1, bottom + 1)]
        if top < bottom:
            cells += [(c, bottom) for c in range(right - 1, left - 1, -1)]
        if left < right:
            cells += [(left, r) for r in range(bottom - 1, top, -1)]
        top, left, bottom, right = top + 1, left + 1, bottom - 1, right - 1
    return cells[:count]


def _centre(columns: int, rows: int, cells: list[tuple[int, int]]) -> tuple[int, int, int, int] | None:
    """The cells the track leaves, when they make a rectangle."""
    taken = set(cells)
    left = [(c, r) for r in range(rows) for c in range(columns) if (c, r) not in taken]
    if not left:
        return None
    cs = [c for c, _ in left]
    rs = [r for _, r in left]
    box = (min(cs), min(rs), max(cs) - min(cs) + 1, max(rs) - min(rs) + 1)
    return box if box[2] * box[3] == len(left) else None


def _make(columns: int, rows: int, count: int, shape: str) -> Layout | None:
    if columns * rows <= count:
        return None
    cells = spiral(columns, rows, count)
    centre = _centre(columns, rows, cells)
    return Layout(columns, rows, tuple(cells), centre, shape) if centre else None


def layout_for(board: Board) -> Layout:
    return _layout(board.id, board.goal)


@cache
def _layout(board_id: str, goal: int) -> Layout:
    track = goal - 1
    known = (yaml.safe_load(DATA.read_text(encoding="utf-8")) or {}).get(board_id)
    if known:
        made = _make(int(known["columns"]), int(known["rows"]), track, str(known.get("shape", "spaces")))
        if made:
            return made
    # A board without a drawing of its own: the squarest-looking spiral that leaves a centre.
    best = None
    for rows in range(3, 16):
        for columns in range(rows, 2 * rows + 3):
            made = _make(columns, rows, track, "spaces")
            if made:
                spare = columns * rows - track
                score = (spare, abs(columns - 1.5 * rows))
                if best is None or score < best[0]:
                    best = (score, made)
    if best is None:  # pragma: no cover - every track length has a spiral with a centre
        raise ValueError(f"no layout for {board_id}")
    return best[1]


def contract(word: str, width: int) -> str:
    """A word shortened as an abbreviation is printed (TEMPER.), when it does not fit."""
    if len(word) <= width:
        return word
    if width >= 5:  # the head of the word and a full stop (AUDACI.), which reads as the word; AUDA'TY did not
        return f"{word[:width - 1]}."
    return word[:width]


def short_name(name: str, width: int, lines: int) -> list[str]:
    """The name in at most `lines` lines of `width`: whole words if they fit, else contracted."""
    if width <= 0 or lines <= 0 or not name:
        return []
    text = name
    if len(text) > width:
        for article in ARTICLES:
            if text.upper().startswith(article):
                text = text[len(article):]
                break
    wrapped = _wrap(text.split(), width)
    if len(wrapped) <= lines:
        return wrapped
    words = text.split()
    if lines == 1:
        longest = max(words, key=len)
        return [contract(longest, width)]
    kept = [w for w in words if w.upper() not in ("OF", "TO", "AND")]
    wrapped = _wrap([contract(w, width) for w in kept], width)
    return wrapped[:lines]


def _wrap(words: list[str], width: int) -> list[str]:
    lines: list[str] = []
    for word in words:
        word = contract(word, width)
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
