"""What an aside's trigger promises of where it happens, and the author's lines that name more than that.

An aside is written for a moment ("La! The House of Correction!" for `lydia is confined`), but its
trigger may fire at others (confined in the Stocks). The occasions of a trigger are worked out from
the board: each is the space a spin lands on and the space its direction leaves the player on. A
line that names a space, or a kind of space, that some occasion lacks is warned of, with the
pattern that would promise it (docs/scenes.md §6).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from versus.boards import SpaceKind, space_kinds
from versus.rules.board import Board, Rules
from versus.rules.reach import resting_and_landing
from versus.scenes.model import Pattern

SMALL = {"of", "the", "a", "an", "to", "and", "in"}
Occasion = tuple[int, int]  # the spaces one firing of a trigger is about: landed on, and left on


def occasions(p: Pattern, board: Board, rules: Rules) -> list[Occasion] | None:
    """Every kind of moment the trigger fires at, or None where it says nothing of a space (turn N, wins)."""
    land = resting_and_landing(board, rules)[1]
    if p.kind == "lands" and p.space is not None:
        return [_landing(board, p.space)]
    if p.kind == "lands-kind":
        return [_landing(board, n) for n in p.spaces]
    if p.kind == "reaches" and p.space is not None:
        return [(p.space, p.space)]
    if p.kind == "reaches-kind":
        return [(n, n) for n in p.spaces]
    if p.kind == "confined":
        confining = [s.number for s in board.spaces
                     if s.number in land and any(e.verb in ("confine", "wait") for e in s.direction)]
        return [_landing(board, n) for n in confining]
    return None


def _landing(board: Board, number: int) -> Occasion:
    sent = board.space(number).sends_to
    return number, number if sent is None else sent


def named_spaces(line: str, board: Board) -> list[int]:
    """The spaces a line names: by a name of several words in any case, or one word capitalised as a
    name is, not at the head of a sentence ("I have no patience" names no Patience)."""
    found = []
    for space in board.spaces:
        if space.name and _names(line, _bare(space.name)):
            found.append(space.number)
    return found


def _bare(name: str) -> str:
    words = name.split()
    return " ".join(words[1:] if len(words) > 1 and words[0].lower() in ("the", "a", "an") else words)


def _names(line: str, bare: str) -> bool:
    if " " in bare:
        return re.search(r"\b" + r"\s+".join(map(re.escape, bare.split())) + r"\b", line, re.IGNORECASE) is not None
    for match in re.finditer(r"\b(" + re.escape(bare.capitalize()) + "|" + re.escape(bare.upper()) + r")\b", line):
        before = line[: match.start()].rstrip(" \"'\u201c\u2018")
        if before and (before[-1] not in ".!?:;\u2014" or before.lower().endswith("the")):
            return True
        if re.search(r"\bthe$", before, re.IGNORECASE):
            return True
    return False


def named_kinds(line: str, kinds: Iterable[SpaceKind]) -> list[SpaceKind]:
    return [k for k in kinds if any(re.search(rf"\b{re.escape(w)}\b", line, re.IGNORECASE) for w in k.words)]


def told(name: str) -> str:
    """HOUSE OF CORRECTION -> the House of Correction; THE STOCKS -> the Stocks: a space named in a message."""
    words = name.split()
    out = [w.lower() if w.lower() in SMALL and k > 0 else w.capitalize() for k, w in enumerate(words)]
    if out[0] in ("The", "A", "An") and len(out) > 1:
        out[0] = out[0].lower()
    elif len(out) > 1 and "of" in out:
        out.insert(0, "the")
    return " ".join(out)


def unpromised(line: str, p: Pattern, who: str, board: Board, rules: Rules) -> list[str]:
    """A warning for each space or kind the line names that the trigger does not promise."""
    found = occasions(p, board, rules)
    if not found:
        return []
    rest, land = resting_and_landing(board, rules)
    out = []
    for number in named_spaces(line, board):
        others = [o for o in found if number not in o]
        if not others:
            continue
        where = _listed(sorted({board.space(o[1]).name for o in others}, key=lambda n: _bare(n).lower()))
        verb = "reaches" if number in rest else "lands on"
        out.append(f"this line names {told(board.space(number).name)}, but `{p.text}` also fires at {where}; "
                   f"use `{who} {verb} {board.space(number).name}`")
    for kind in named_kinds(line, space_kinds(board.id)):
        if all(set(o) & set(kind.spaces) for o in found):
            continue
        verb = "lands on" if set(kind.spaces) & land else "reaches"
        out.append(f"this line names {kind.phrase}, but `{p.text}` does not always fire at one; "
                   f"use `{who} {verb} {kind.phrase}`")
    return out


def _listed(names: list[str]) -> str:
    told_names = [told(n) for n in names]
    if len(told_names) > 4:
        told_names = [*told_names[:3], f"{len(told_names) - 3} more"]
    return told_names[0] if len(told_names) == 1 else ", ".join(told_names[:-1]) + " and " + told_names[-1]
