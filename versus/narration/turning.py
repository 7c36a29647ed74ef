"""Turning points: the moments of a game worth a conversation, found in the facts and ranked by salience.

A turning point is what a reader would feel: the lead changing hands (above all late), the leader
confined or sent back, a near miss at the goal, a rival's crime, a collision between the rivals,
the finish. The plan gives the few most salient of them a conversation and the rest a clause.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from versus.narration.facts import ActionFacts

CRIME_KINDS = {"offense"}
FALL_KINDS = {"vice", "sent"}
WINNER = 8  # salience the winner's own moments gain
NEAR = 20  # salience a setback gains when it befell a player within one spin of the goal
LOST = 10  # salience a leader's setback gains when it put another in front: the lead changing hands
RESTART = 6  # an overshoot that carries a player further back than this began the road again
BASE = {"finish": 100, "confined": 55, "overshoot": 50, "crime": 45, "lead": 26, "collision": 35, "fall": 30,
        "virtue": 12}


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """One moment: the action it happened in, what kind of moment, whom it befell and who else it touched."""

    index: int  # the action (0-based)
    event: str  # lead | crime | fall | confined | collision | overshoot | virtue | finish
    actor: int  # seat
    other: int | None  # the overtaken, the one turned out, the runner-up
    salience: int
    space: int | None
    late: bool
    again: bool = False  # a second overshoot, which sends the player back to the start
    waits: bool = False  # the player must sit out turns (Virtue Rewarded's waits, the Mansion's prisons)
    near: int = 0  # a setback within one spin of the goal: the spaces then wanted (a near miss), else 0
    wanted: int = 0  # a near miss: the spin that would have won from the square spun from, where one could, else 0
    lost: bool = False  # a leader's setback that put another in front


@dataclass(frozen=True, slots=True)
class Goal:
    """Where the game ends and how far one spin can carry a player: what makes a setback a near miss."""

    space: int
    reach: int  # the teetotum's highest number

    def near(self, a: ActionFacts) -> int:
        """The spaces a player still wanted when a setback or an overshoot befell them within one spin of
        the goal (the square the spin came to, or the one it began from), else 0."""
        if not (a.turned_back or a.overshot):
            return 0
        closest = max(a.frm, a.landed or 0) if not a.overshot else a.frm
        wanted = self.space - closest
        return wanted if 0 < wanted <= self.reach else 0

    def wanted(self, a: ActionFacts) -> int:
        """The spin that would have carried a player home from the square they spun from, where one could
        (a near miss told as the page's hand tells it: "she wanted a four, and spun a three"), else 0."""
        wanted = self.space - a.frm
        return wanted if a.spin is not None and a.spin < wanted <= self.reach else 0


def began_again(a: ActionFacts, board_kind: str) -> bool:
    """A second overshoot on a board that seats the first: the player goes back to the start."""
    return a.overshot and a.to < a.frm - RESTART and board_kind == "seat"


def events_of(a: ActionFacts, board_kind: str, total: int, rivals: tuple[int, int],
              won: int | None = None, goal: Goal | None = None) -> list[TurningPoint]:
    """The turning points one action holds (an action may hold two: a crime that also loses the lead)."""
    late = a.index >= total * 2 // 3
    out: list[TurningPoint] = []
    pair = set(rivals)
    near = goal.near(a) if goal else 0
    wanted = goal.wanted(a) if goal and near else 0
    lost = a.before.leader == a.player and a.after.leader not in (None, a.player)

    def add(event: str, other: int | None = None, bonus: int = 0, **more: bool) -> None:
        setback = event in ("confined", "crime", "fall", "overshoot")
        bonus += (NEAR if near and setback else 0) + (LOST if lost and setback else 0)
        score = BASE[event] + bonus + (12 if late else 0)
        if a.player in pair and (other is None or other in pair):
            score += 10  # the spine of the scene
        if a.player == won:
            score += WINNER  # the one who wins is seen on the way, not met first at the finish
        out.append(TurningPoint(a.index, event, a.player, other, score, a.landed, late,
                                near=near if setback else 0, wanted=wanted if setback else 0,
                                lost=lost and setback, **more))

    if a.confined:
        add("confined", bonus=10 if a.before.leader == a.player else 0, waits=True)
    elif (a.kind in CRIME_KINDS or a.kind == "vice") and a.paid > 0:  # a crime is fined: one with
        add("crime", bonus=10 if a.before.leader == a.player else 0)  # empty pockets is only a fall
    elif (a.kind in FALL_KINDS or a.kind in CRIME_KINDS) and a.moved == "back":
        add("fall", bonus=10 if a.before.leader == a.player else 0)
    if a.overshot:
        again = began_again(a, board_kind)
        add("overshoot", bonus=8 if again else 0, again=again)
    for who, _, _ in a.displaced:
        add("collision", who, bonus=5 if a.before.leader == who else 0)
    if a.after.leader == a.player and a.before.leader not in (None, a.player):
        add("lead", a.before.leader, bonus=15 if late else 0)
    if a.kind == "virtue" and not out:
        add("virtue")
    return out


def aside_point(a: ActionFacts) -> TurningPoint | None:
    """The action an author's aside spoke of, as a moment of its player's (a turning point or not: the aside
    may speak of any landing), for the answer to it; None for an action that befell nobody in particular."""
    displaced = a.displaced[0][0] if a.displaced else None
    if a.confined:
        event = "confined"
    elif a.kind in CRIME_KINDS or a.kind == "vice":
        event = "crime" if a.paid > 0 else "fall"
    elif a.moved == "back":
        event = "fall"
    elif a.overshot:
        event = "overshoot"
    elif displaced is not None:
        event = "collision"
    elif a.kind == "virtue":
        event = "virtue"
    else:
        return None
    return TurningPoint(a.index, event, a.player, displaced if event == "collision" else None, 0, a.landed, False)


def points(actions: Sequence[ActionFacts], won: int | None, overshoot: str,
           rivals: tuple[int, int], goal: Goal | None = None) -> list[TurningPoint]:
    """Every turning point of the game, in order."""
    out: list[TurningPoint] = []
    total = len(actions)
    for a in actions:
        if won is not None and a.index == total - 1:
            out.append(TurningPoint(a.index, "finish", a.player, None, BASE["finish"] + 30, a.landed, True))
            continue
        out.extend(events_of(a, overshoot, total, rivals, won, goal))
    return out
