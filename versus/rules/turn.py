"""One action worked out (RULES.md: "A turn", steps 1 to 6), as cheaply as a plain loop allows.

Turn is compiled once for a board and rules: each space's direction as (verb, amount) pairs,
counting as a table. An action copies into lists only what it changes (positions always; the
rest on first change) and leaves every other tuple of the state shared with the state before.
"""

from __future__ import annotations

from versus.rules import events as ev
from versus.rules.action import Action
from versus.rules.board import Board, Rules
from versus.rules.reach import counts
from versus.rules.records import new
from versus.rules.state import Pending, State

_TURN_BEGAN, _SPUN, _MOVED, _LANDED, _WON = ev.TurnBegan, ev.Spun, ev.Moved, ev.Landed, ev.Won


class Turn:
    """A board and its rules compiled for play; act(state, spin) is one action."""

    def __init__(self, board: Board, rules: Rules) -> None:
        self.goal, self.seat, self.start = board.goal, board.seat, rules.start
        self.bounce = board.overshoot == "bounce"
        self.collisions, self.relief_spins = rules.collisions, rules.relief != "begin-again"
        spaces = board.spaces
        self.direction = [tuple((e.verb, e.amount) for e in s.direction) for s in spaces]
        self.offense = [s.kind == "offense" for s in spaces]
        self.sends_to = [s.sends_to for s in spaces]
        self.confines = [s.confines for s in spaces]
        # simple[space]: () for no direction, (verb, amount) for a lone "spin", or a lone "go" where
        # no collision can follow; None for everything else (and the goal, and past it)
        self.simple: list = [_simple(s, board.goal, rules.collisions) for s in spaces] + [None] * 13
        longest = max([rules.teetotum] + [e.amount for s in spaces for e in s.direction if e.verb == "advance"])
        # counted[origin][steps]: the space reached by counting (a table: skip-places walks over places)
        self.counted = [counts(board, rules, o, longest) for o in range(board.goal + 1)]

    def act(self, before: State, spin: int | None) -> tuple[State, Action]:
        pos, counters, pool, waiting, confined, seat_used, crime, player, turn, pending, _ = before
        n = len(pos)
        events: list = []
        if pending is None:
            actor = player
            turn += 1
            events.append(new(_TURN_BEGAN, (actor, turn, (turn - 1) // n + 1)))
        else:
            actor = pending[1]
        if spin is None:
            state = self.skip(before, actor, turn, events)
        elif pending is not None and pending[0] == "respin" and spin == pending[2]:
            here = pos[actor]
            events.append(new(_SPUN, (actor, spin, here)))
            events.append(new(ev.Stayed, (actor, here)))  # "Should he spin as before, he must remain"
            state = new(State, (pos, counters, pool, waiting, confined, seat_used, crime, (player + 1) % n,
                                turn, None, None))
        else:
            owed = pending[3] - 1 if pending is not None and pending[0] == "extra" else 0
            origin = pos[actor]
            target = self.counted[origin][spin]
            simple = self.simple[target]
            if simple is not None and (not self.collisions or target not in pos):
                # The common cases: a plain space nobody else holds, or one that only sends the player
                # on (no collisions) or gives another spin; nothing else happens.
                events += (new(_SPUN, (actor, spin, origin)), new(_MOVED, (actor, origin, target)),
                           new(_LANDED, (actor, target)))
                rest = target
                if simple:
                    verb, amount = simple
                    if verb == "go":
                        events.append(new(ev.Sent, (actor, target, amount)))
                        rest = amount
                    else:
                        events.append(new(ev.ExtraSpin, (actor, amount)))
                        owed += amount
                extra = new(Pending, ("extra", player, 0, owed)) if owed > 0 else None
                state = new(State, (pos[:actor] + (rest,) + pos[actor + 1:], counters, pool, waiting, confined,
                                    seat_used, crime, player if extra else (player + 1) % n, turn, extra, None))
            else:
                state = _spin(self, before, actor, spin, turn, owed, events)
        return state, new(Action, (actor, spin, tuple(events)))

    def skip(self, before: State, p: int, turn: int, events: list) -> State:
        """Step 1: a skipped turn; the last month of a confinement releases to the start square."""
        pos, counters, pool, waiting, confined, seat_used, crime, player, _, _, _ = before
        left = waiting[p] - 1
        waiting = _put(waiting, p, left)
        events.append(new(ev.Waited, (p, left)))
        if left == 0 and confined[p]:
            confined, pos, seat_used = _put(confined, p, False), _put(pos, p, self.start), _put(seat_used, p, False)
            events.append(new(ev.Released, (p, self.start)))
        return new(State, (pos, counters, pool, waiting, confined, seat_used, crime, (player + 1) % len(pos),
                           turn, None, None))


def _simple(space, goal: int, collisions: bool) -> tuple | None:
    if space.number >= goal:
        return None
    direction = tuple((e.verb, e.amount) for e in space.direction)
    if not direction:
        return ()
    if len(direction) == 1 and (direction[0][0] == "spin" or (direction[0][0] == "go" and not collisions
                                                                and direction[0][1] < goal)):
        return direction[0]
    return None


def _put(values: tuple, i: int, value: object) -> tuple:
    """values with values[i] replaced."""
    return values[:i] + (value,) + values[i + 1:]


def _spin(t: Turn, before: State, m: int, s: int, turn: int, owed: int, events: list) -> State:
    """Steps 2 to 6 of one spin, in locals: positions in a list, the rest copied on first change."""
    pos, counters, pool, waiting, confined, seat_used, crime, player, _, _, _ = before
    pos, cash, emit, goal = list(pos), None, events.append, t.goal
    turn_over, pending, winner = False, None, None
    origin = pos[m]
    emit(new(_SPUN, (m, s, origin)))
    target = t.counted[origin][s]
    if target > goal:
        turn_over = True  # rule 17 (the Seat of Expectation) or Darton's rule VI (back by the excess)
        if t.bounce:
            pos[m] = max(1, origin - (target - goal))
            emit(new(ev.Overshot, (m, origin, pos[m], "bounce")))
        elif not seat_used[m] and t.seat is not None:
            seat_used, pos[m] = _put(seat_used, m, True), t.seat
            emit(new(ev.Overshot, (m, origin, pos[m], "seat")))
            if t.collisions and pos.count(pos[m]) > 1:
                pool, cash, waiting, confined, seat_used, pending = _collide(
                    t, m, origin, 0, None, pos, cash or list(counters), pool, waiting, confined, seat_used, crime,
                    events)
        else:
            pos[m] = t.start
            if seat_used[m]:
                seat_used = _put(seat_used, m, False)
            emit(new(ev.Overshot, (m, origin, pos[m], "begin-again")))
    else:
        pos[m] = target
        emit(new(_MOVED, (m, origin, target)))
        emit(new(_LANDED, (m, target)))
        for verb, amount in t.direction[target]:  # once, in order; no chaining
            if verb == "go":
                emit(new(ev.Sent, (m, pos[m], amount)))
                pos[m] = amount
            elif verb == "advance":
                to = min(t.counted[pos[m]][amount], goal)
                emit(new(ev.Advanced, (m, pos[m], to)))
                pos[m] = to
            elif verb == "back":
                emit(new(ev.Sent, (m, pos[m], origin)))
                pos[m] = origin
            elif verb == "spin":
                owed += amount
                emit(new(ev.ExtraSpin, (m, amount)))
            elif verb == "confine":
                waiting, confined, crime = _put(waiting, m, amount), _put(confined, m, True), _put(crime, m, origin)
                emit(new(ev.Confined, (m, pos[m], amount)))
            elif verb == "wait":
                waiting = _put(waiting, m, amount)
                emit(new(ev.Confined, (m, pos[m], amount)))
                turn_over, owed = True, 0  # spins still owed are lost
            else:
                cash = cash or list(counters)
                pool = _money(verb, amount, m, cash, pool, events)
        if pos[m] == goal:
            winner = m
            emit(new(_WON, (m, goal)))
        elif t.collisions and pos[m] != t.start and pos.count(pos[m]) > 1:
            pool, cash, waiting, confined, seat_used, pending = _collide(
                t, m, origin, s, target, pos, cash or list(counters), pool, waiting, confined, seat_used, crime,
                events)
    if winner is None and pending is None:
        if not turn_over and owed > 0:
            pending = new(Pending, ("extra", player, 0, owed))
        else:
            player = (player + 1) % len(pos)  # the turn passes on
    return new(State, (tuple(pos), counters if cash is None else tuple(cash), pool, waiting, confined, seat_used,
                       crime, player, turn, pending, winner))


def _money(verb: str, amount: int, m: int, cash: list[int], pool: int, events: list) -> int:
    """A direction that moves counters; returns the pool after it."""
    emit, n = events.append, len(cash)
    if verb == "pay" or verb == "pay-half":
        due = amount if verb == "pay" else cash[m] // 2
        paid = min(due, cash[m])
        cash[m] -= paid
        emit(new(ev.Fined, (m, due, paid)))
        return pool + paid
    if verb == "receive" or verb == "take-pool":
        got = min(amount if verb == "receive" else pool, pool)
        cash[m] += got
        emit(new(ev.Received, (m, None, got)))
        return pool - got
    for q in _others(m, n):  # pay-each, receive-each
        payer, payee = (m, q) if verb == "pay-each" else (q, m)
        paid = min(amount, cash[payer])
        if paid:
            cash[payer] -= paid
            cash[payee] += paid
            emit(new(ev.Paid, (payer, payee, paid)))
            emit(new(ev.Received, (payee, payer, paid)))
    return pool


def _collide(t: Turn, m: int, origin: int, s: int, landed: int | None, pos: list[int], cash: list[int], pool: int,
             waiting: tuple, confined: tuple, seat_used: tuple, crime: tuple, events: list):
    """Step 6, rule 16, when someone else stands on the mover's final space.

    Returns (pool, counters, waiting, confined, seat_used, pending).
    """
    emit, final = events.append, pos[m]
    pending = None
    by_offense = landed is not None and t.offense[landed]
    sent_by_crime = by_offense and t.sends_to[landed] == final  # type: ignore[index]
    if final == origin and not sent_by_crime:
        return pool, cash, waiting, confined, seat_used, None
    others = [q for q in _others(m, len(pos)) if pos[q] == final]
    prisoner = next((q for q in others if confined[q] and waiting[q] > 0), None)
    if prisoner is not None:
        if sent_by_crime and t.confines[landed]:  # type: ignore[index]
            # Rule 15: one guilty of the same crime is sent there; the prisoner goes free.
            q = prisoner
            waiting, confined = _put(waiting, q, 0), _put(confined, q, False)
            if t.relief_spins:
                pos[q] = crime[q]
                pending = new(Pending, ("relief", q, 0, 1))
            else:
                pos[q] = t.start
                if seat_used[q]:
                    seat_used = _put(seat_used, q, False)
            emit(new(ev.Relieved, (q, m, pos[q])))
            for q in others:
                if q != prisoner:
                    emit(new(ev.Displaced, (q, m, pos[q], origin)))
                    pos[q] = origin
        else:
            pos[m] = origin
            emit(new(ev.Respun, (m, origin)))
            pending = new(Pending, ("respin", m, s, 1))
        return pool, cash, waiting, confined, seat_used, pending
    if not by_offense:
        pool = _money("pay", 1, m, cash, pool, events)
    for q in others:
        emit(new(ev.Displaced, (q, m, pos[q], origin)))
        pos[q] = origin
    return pool, cash, waiting, confined, seat_used, None


def _others(p: int, n: int) -> list[int]:
    """Every other player in seat order, starting after p."""
    return [(p + k) % n for k in range(1, n)]
