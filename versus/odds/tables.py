"""The rules of one board and rules choice, flattened into lookup tables for the vectorised simulator.

Everything a spin does to the spinner alone depends only on (origin, spin): where the count
lands, where the direction leaves him, what it costs. Those are tabulated once here, indexed by
`origin * faces + spin - 1`; what a landing space does (fines, confinement, waits, extra spins,
offense) is tabulated by space, with one extra index NONE for "no landing this action".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from versus.rules.board import Board, Rules
from versus.rules.reach import one_spin

# Money verbs, in the codes the simulator uses.
PAY, PAY_EACH, PAY_HALF, RECEIVE, RECEIVE_EACH, TAKE_POOL = 1, 2, 3, 4, 5, 6
MONEY_VERBS = {"pay": PAY, "pay-each": PAY_EACH, "pay-half": PAY_HALF, "receive": RECEIVE,
               "receive-each": RECEIVE_EACH, "take-pool": TAKE_POOL}


@dataclass(frozen=True, eq=False)
class Tables:
    faces: int
    goal: int
    start: int
    seat: int  # -1 when the board has no Seat of Expectation (overshoot by bounce)
    bounce: bool
    collisions: bool
    relief_spin: bool  # relief: return-and-spin
    none: int  # the space index meaning "landed nowhere this action" (goal + 1)
    land: np.ndarray  # by code: the space counted onto, or 0 for an overshoot
    final: np.ndarray  # by code: where the direction leaves the spinner (overshoot: seat or bounce)
    fine: np.ndarray  # by space (Mansion-style pay into the pool; all pays when no other money)
    confine: np.ndarray  # by space: months confined (Mansion)
    wait: np.ndarray  # by space: turns to wait (Virtue); ends the turn
    extra: np.ndarray  # by space: spins added to this turn
    offense: np.ndarray  # by space: kind offense (rule 16 b)
    sent_by_crime: np.ndarray  # by space: offense that sends the spinner where he ends
    crime_confines: np.ndarray  # by space: sent_by_crime and confines (may relieve, rule 15)
    money: tuple[tuple[int, np.ndarray, np.ndarray, tuple[int, ...]], ...]  # (slot, verbs, amounts, verbs used)

    @property
    def confines(self) -> bool:
        return bool(self.confine.any())

    @property
    def waits(self) -> bool:
        return bool(self.wait.any())

    @property
    def extras(self) -> bool:
        return bool(self.extra.any())


_CACHE: dict[tuple[str, Rules], Tables] = {}


def tables_for(board: Board, rules: Rules) -> Tables:
    """The tables for this board and rules (built once, then cached)."""
    key = (board.id, rules)
    if key not in _CACHE:
        _CACHE[key] = _build(board, rules)
    return _CACHE[key]


def _build(board: Board, rules: Rules) -> Tables:
    faces, goal = rules.teetotum, board.goal
    size = goal + 2
    none = goal + 1
    land = np.zeros((goal + 1) * faces, dtype=np.int64)
    final = np.zeros((goal + 1) * faces, dtype=np.int64)
    bounce = board.overshoot == "bounce"
    seat = board.seat if (board.seat is not None and not bounce) else -1
    for origin in range(goal + 1):
        for s in range(1, faces + 1):
            land[origin * faces + s - 1], final[origin * faces + s - 1] = one_spin(board, rules, origin, s)
    fine = np.zeros(size, dtype=np.int64)
    confine = np.zeros(size, dtype=np.int64)
    wait = np.zeros(size, dtype=np.int64)
    extra = np.zeros(size, dtype=np.int64)
    offense = np.zeros(size, dtype=bool)
    sent = np.zeros(size, dtype=bool)
    crime = np.zeros(size, dtype=bool)
    slots: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for space in board.spaces[1:]:
        n = space.number
        for effect in space.direction:
            if effect.verb == "pay":
                fine[n] += effect.amount
            elif effect.verb == "confine":
                confine[n] = effect.amount
            elif effect.verb == "wait":
                wait[n] = effect.amount
            elif effect.verb == "spin":
                extra[n] += effect.amount
            if effect.verb in MONEY_VERBS:
                slots[n].append((MONEY_VERBS[effect.verb], effect.amount))
        offense[n] = space.kind == "offense"
        # Where the direction leaves the spinner, when it does not depend on the origin.
        sends = space.sends_to
        ends = sends
        for effect in space.direction:
            if effect.verb in ("back", "advance"):
                ends = None
        sent[n] = offense[n] and sends is not None and ends == sends
        crime[n] = bool(sent[n] and space.confines)
    depth = max((len(s) for s in slots), default=0)
    money = []
    for j in range(depth):
        verbs = np.zeros(size, dtype=np.int64)
        amounts = np.zeros(size, dtype=np.int64)
        for n in range(size):
            if j < len(slots[n]):
                verbs[n], amounts[n] = slots[n][j]
        money.append((j, verbs, amounts, tuple(sorted(set(int(v) for v in verbs if v)))))
    return Tables(
        faces=faces, goal=goal, start=rules.start, seat=seat, bounce=bounce,
        collisions=rules.collisions, relief_spin=rules.relief == "return-and-spin", none=none,
        land=land, final=final, fine=fine, confine=confine, wait=wait, extra=extra,
        offense=offense, sent_by_crime=sent, crime_confines=crime, money=tuple(money),
    )
