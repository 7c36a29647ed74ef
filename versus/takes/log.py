"""A take's actions in plain words, for `versus run` and the TUI's play log (not the narration)."""

from __future__ import annotations

from versus.rulebook import plural, space_label
from versus.rules import events as ev
from versus.rules.board import Board
from versus.rules.game import Action
from versus.scenes.model import Aside, Scene

SOURCE = {"script": "scripted", "seed": "drawn", "take": "chosen"}


def describe(action: Action, board: Board, names: list[str]) -> str:
    """What one action did, in a short sentence (without the turn and player)."""
    parts = []
    for event in action.events:
        text = _event(event, board, names, action.player)
        if text:
            parts.append(text)
    return "; ".join(parts)


def _event(e: ev.Event, board: Board, names: list[str], actor: int) -> str:
    pool = board.pool_name
    if isinstance(e, ev.Landed):
        return f"lands on {space_label(board, e.space)}"
    if isinstance(e, ev.Advanced):
        return f"advances to {space_label(board, e.to)}"
    if isinstance(e, ev.Sent):
        return f"goes {_to(board, e.to)}"
    if isinstance(e, ev.Fined):
        short = f" (had only {e.paid})" if e.paid < e.due else ""
        return f"pays {e.due} into the {pool}{short}" if e.due else ""
    if isinstance(e, ev.Paid):
        if e.player == actor:
            return f"pays {e.amount} to {names[e.to]}"
        return f"receives {e.amount} from {names[e.player]}"
    if isinstance(e, ev.Received):
        return f"receives {e.amount} from the {pool}" if e.frm is None else ""
    if isinstance(e, ev.Confined):
        what = "month" if board.overshoot == "seat" else "turn"
        return f"confined for {plural(e.turns, what)}" if what == "month" else f"must wait {plural(e.turns, what)}"
    if isinstance(e, ev.Waited):
        return f"sits out this turn ({e.left} more)" if e.left else "sits out this turn (the last)"
    if isinstance(e, ev.Released):
        return f"released, and begins again from {space_label(board, e.to)}"
    if isinstance(e, ev.Relieved):
        return f"{names[e.player]} is relieved and goes {_to(board, e.to)}"
    if isinstance(e, ev.Displaced):
        return f"{names[e.player]} is sent back {_to(board, e.to)}"
    if isinstance(e, ev.Respun):
        return f"a prisoner is there: back to {space_label(board, e.origin)} to spin again"
    if isinstance(e, ev.Stayed):
        return "the same number again: stays put"
    if isinstance(e, ev.Overshot):
        return {"seat": f"spins past {board.goal}: to {space_label(board, e.to)}",
                "begin-again": f"spins past {board.goal} again: begins again",
                "bounce": f"spins past {board.goal}: back to {space_label(board, e.to)}"}[e.outcome]
    if isinstance(e, ev.ExtraSpin):
        return "spins again" if e.spins == 1 else f"spins {e.spins} more times"
    if isinstance(e, ev.Won):
        return "WINS"
    return ""


def aside_words(scene: Scene, aside: Aside) -> str:
    """An aside as the plain log shows it: the narration, or each speaker's line."""
    if aside.narrate:
        return aside.narrate
    return " ".join(f"{scene.person(who).called}: \u201c{line}\u201d" for who, line in aside.say)


def _to(board: Board, number: int) -> str:
    return "off the board" if number == 0 else f"to {space_label(board, number)}"


def spin_words(spin: int | None, source: str | None) -> str:
    return "sits out" if spin is None else f"spins {spin} ({SOURCE.get(source or '', source)})"
