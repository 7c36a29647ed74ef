"""Two takes side by side: where they part company and how each ends (plain values, no Textual)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from versus.rulebook import space_label
from versus.scenes.model import Scene
from versus.takes.log import describe, spin_words
from versus.takes.replay import replay
from versus.takes.store import Take


@dataclass(frozen=True)
class Side:
    take: Take
    play: object  # the take replayed (a Playthrough), for its prose
    lines: tuple[str, ...]  # the play log from where the takes part
    ending: str
    beats: tuple[tuple[str, bool], ...]
    problem: str | None = None
    parted_at: int | None = None  # the first action (0-based, as the play holds them) after the takes part


@dataclass(frozen=True)
class Comparison:
    a: Side
    b: Side
    summary: str


def compare(scene: Scene, a: Take, b: Take) -> Comparison:
    shared = 0
    for x, y in zip(a.spins, b.spins, strict=False):  # the takes may be of any lengths: the shared start
        if x != y:
            break
        shared += 1
    first = replay(scene, a.spins, a.seed, a.turns, a.name)
    second = replay(scene, b.spins, b.seed, b.turns, b.name)
    turn = _turn_of_spin(first.play, shared)
    if a.spins == b.spins:
        summary = f"{a.name} and {b.name} hold the same {len(a.spins)} spins."
    elif shared == min(len(a.spins), len(b.spins)):
        longer, shorter = (a, b) if len(a.spins) > len(b.spins) else (b, a)
        summary = (f"{shorter.name} stops after {shared} spins (turn {turn}); "
                   f"{longer.name} goes on for {len(longer.spins) - shared} more.")
    else:
        at = f"the first {shared} spins (to turn {turn})" if shared else "no spins at all"
        summary = (f"They agree for {at}. At spin {shared + 1}, {a.name} spun {a.spins[shared]} "
                   f"and {b.name} spun {b.spins[shared]}.")
    return Comparison(_side(scene, a, first, shared), _side(scene, b, second, shared), summary)


def _turn_of_spin(play, spins: int) -> int:
    count, turn = 0, 0
    for played in play.played:
        if count == spins:
            break
        turn = played.action.turn or turn
        if played.action.spin is not None:
            count += 1
    return turn


def _side(scene: Scene, take: Take, result, shared: int) -> Side:
    play = result.play
    names = [p.called for p in scene.players]
    start, spins = len(play.played), 0
    for index, played in enumerate(play.played):
        if played.action.spin is not None:
            if spins == shared:
                start = index
                break
            spins += 1
    lines = []
    for played in play.played[start:]:
        action = played.action
        turn = f"{action.turn:>3} " if action.turn else "    "
        what = describe(action, play.board, names)
        if action.spin is None:  # "sits out this turn (the last)", said once
            lines.append(f"{turn}{names[action.player]} {what}")
        else:
            lines.append(f"{turn}{names[action.player]} {spin_words(action.spin, played.source)}: {what}")
    state = play.game.state
    if state.winner is not None:
        ending = f"{names[state.winner]} wins at turn {state.turn}."
    else:
        where = "; ".join(f"{names[s]} off the board" if p == 0 else f"{names[s]} on {space_label(play.board, p)}"
                          for s, p in enumerate(state.pos))
        stop = "Unfinished" if play.finished else "In play"
        ending = f"{stop} at turn {state.turn}: {where}."
    parted = start if start < len(play.played) else None
    return Side(take, play, tuple(lines), ending, tuple(play.beats()), result.problem, parted)


PART = "\u25b6 they part here"
NOTE = re.compile(r"<!-- versus: actions (none|([0-9]+)-([0-9]+)) -->")


def marked_prose(text: str, parted_at: int | None) -> tuple[list[str], int | None]:
    """Prose written with each paragraph after a note of the actions it tells: its paragraphs without the
    notes, and which of them first tells the action where the takes part (None: none does, or no notes)."""
    paragraphs: list[str] = []
    first: int | None = None
    span: tuple[int, int] | None = None
    for block in text.split("\n\n"):
        block = block.strip()
        match = NOTE.fullmatch(block)
        if match:
            span = (int(match.group(2)), int(match.group(3))) if match.group(2) else None
            continue
        if not block:
            continue
        if first is None and parted_at is not None and span is not None and span[1] >= parted_at + 1:
            first = len(paragraphs)
        paragraphs.append(block)
        span = None
    return paragraphs, first
