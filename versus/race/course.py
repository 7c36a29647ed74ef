"""A take's race as plain values: where each player stood after every turn, what befell them, the lead.

Read from a Playthrough's actions and states alone (docs/race.md §1, §2).
"""

from __future__ import annotations

from dataclasses import dataclass

from versus.rules import events as ev
from versus.rules.lead import LeadFollower
from versus.rules.state import State
from versus.takes.playthrough import Playthrough

MARKS = ("confined", "overshoot", "crime", "virtue")  # what the picture marks, in this order
_CRIMES = ("offense", "vice")


@dataclass(frozen=True, slots=True)
class Mark:
    turn: int
    player: int
    kind: str  # one of MARKS
    space: int


@dataclass(frozen=True, slots=True)
class LeadChange:
    turn: int
    player: int  # who took the lead
    space: int  # where he stood when he took it


@dataclass(frozen=True)
class Course:
    """The race: by turn t = 0 .. last, the positions after turn t (turn 0: before anyone spins)."""

    names: tuple[str, ...]  # the players' names as the story calls them, by seat
    ids: tuple[str, ...]
    goal: int
    start: int
    max_turns: int
    pos: tuple[tuple[int, ...], ...]  # by turn
    states: tuple[State, ...]  # the state after each turn, by turn (for the chances)
    marks: tuple[Mark, ...]
    changes: tuple[LeadChange, ...]
    winner: int | None
    comeback: tuple[int, ...]  # by seat: the largest deficit the player has overturned (docs/race.md §2)

    @property
    def turns(self) -> int:
        return len(self.pos) - 1


def course_of(play: Playthrough) -> Course:
    """The race of a playthrough so far, turn by turn."""
    board, scene = play.board, play.scene
    states = play.game.states
    lead = LeadFollower(len(scene.players))
    by_turn: list[State] = [states[0]]
    marks: list[Mark] = []
    changes: list[LeadChange] = []
    for index, played in enumerate(play.played):
        after = states[index + 1]
        turn = after.turn
        marks += _marks(played.action.events, turn, board)
        if lead.feed(after.pos, turn):
            assert lead.leader is not None  # a change is always to somebody
            changes.append(LeadChange(turn, lead.leader, after.pos[lead.leader]))
        if after.pending is None or after.over:
            if turn == len(by_turn) - 1:  # a later action of the same turn (a Virtue extra spin ended it)
                by_turn[-1] = after
            else:
                by_turn.append(after)
    return Course(tuple(p.called for p in scene.players), tuple(p.id for p in scene.players), board.goal,
                  play.rules.start, scene.max_turns, tuple(s.pos for s in by_turn), tuple(by_turn),
                  tuple(marks), tuple(changes), play.game.state.winner, tuple(lead.comeback))


def _marks(events, turn: int, board) -> list[Mark]:
    out = []
    for event in events:
        if isinstance(event, ev.Confined):
            out.append(Mark(turn, event.player, "confined", event.space))
        elif isinstance(event, ev.Overshot):
            out.append(Mark(turn, event.player, "overshoot", event.frm))
        elif isinstance(event, ev.Landed):
            kind = board.space(event.space).kind
            if kind in _CRIMES:
                out.append(Mark(turn, event.player, "crime", event.space))
            elif kind == "virtue":
                out.append(Mark(turn, event.player, "virtue", event.space))
    return out
