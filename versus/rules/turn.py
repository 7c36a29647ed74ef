"""One action worked out (docs/rules.md §1.3, steps 1 to 6, and §2.2), as cheaply as a plain loop allows.

Turn is compiled once for a board and rules: each space's direction as (verb, amount) pairs,
counting as a table. An action copies into lists only what it changes (positions always; the
rest on first change) and leaves every other tuple of the state shared with the state before.

This is the one place that takes a State (and a Pending) apart by position: reading its eleven
fields by name here cost a tenth of every action, measured. The unpacking uses the fields' own
names, and the module refuses to load if State's fields ever change order (_FIELDS below), so the
speed costs nothing in safety. Everywhere else, states are read by name (docs/architecture.md §6).
"""

from __future__ import annotations

from collections.abc import Callable

from versus.rules import events as ev
from versus.rules.board import Board, Rules
from versus.rules.reach import counts
from versus.rules.records import new
from versus.rules.state import Pending, State

_TURN_BEGAN, _SPUN, _MOVED, _LANDED, _WON = ev.TurnBegan, ev.Spun, ev.Moved, ev.Landed, ev.Won

# The order Turn.after unpacks a State and a Pending in: the records' own, or this module does not load.
_FIELDS = ("pos", "counters", "pool", "waiting", "confined", "seat_used", "crime_origin", "player", "turn",
           "pending", "winner")
_PENDING_FIELDS = ("kind", "spinner", "spin", "owed")
if State._fields != _FIELDS or Pending._fields != _PENDING_FIELDS:  # pragma: no cover - a guard for editors
    raise ImportError("versus.rules.turn unpacks State and Pending by position: bring _FIELDS up to date")
_MONEY = frozenset({"pay", "pay-each", "pay-half", "receive", "receive-each", "take-pool"})  # verbs for _money
Emit = Callable[[ev.Event], object] | None  # where events go: a list's append, or None for none


class Turn:
    """A board and its rules compiled for play; after(state, actor, spin) is one action."""

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

    def after(self, before: State, actor: int, spin: int | None, events: list | None = None) -> State:
        """The state after actor's action from before (actor is before's player, or the spinner pending).

        What happened is added to events unless events is None: play is then as quick as it can be,
        and the action works out its events again only if they are read (see Turn.events).
        """
        pos, counters, pool, waiting, confined, seat_used, crime_origin, player, turn, pending, _ = before
        if pending is None:
            turn += 1
            if events is not None:
                events.append(new(_TURN_BEGAN, (actor, turn, (turn - 1) // len(pos) + 1)))
        if spin is None:
            return _skip(self, pos, counters, pool, waiting, confined, seat_used, crime_origin, player, turn, actor,
                         events)
        owed = 0
        if pending is not None:
            kind, _, respun, owed_before = pending  # Pending's fields, in order (checked below)
            if kind == "respin" and spin == respun:
                if events is not None:
                    here = pos[actor]  # "Should he spin as before, he must remain"
                    events += (new(_SPUN, (actor, spin, here)), new(ev.Stayed, (actor, here)))
                return new(State, (pos, counters, pool, waiting, confined, seat_used, crime_origin,
                                   (player + 1) % len(pos), turn, None, None))
            if kind == "extra":
                owed = owed_before - 1
        if events is None:
            target = self.counted[pos[actor]][spin]
            simple = self.simple[target]
            if simple is not None and (not self.collisions or target not in pos):
                # The common cases: a plain space nobody else holds, or one that only sends the player
                # on (no collisions) or gives another spin; nothing else happens.
                if simple:
                    if simple[0] == "go":
                        target = simple[1]
                    else:
                        owed += simple[1]
                extra = new(Pending, ("extra", player, 0, owed)) if owed > 0 else None
                moved = list(pos)
                moved[actor] = target
                return new(State, (tuple(moved), counters, pool, waiting, confined, seat_used, crime_origin,
                                   player if extra else (player + 1) % len(pos), turn, extra, None))
        return _spin(self, pos, counters, pool, waiting, confined, seat_used, crime_origin, player, turn, actor, spin,
                     owed, None if events is None else events.append)

    def events(self, before: State, actor: int, spin: int | None) -> tuple[ev.Event, ...]:
        """What actor's action from before did, found by playing it again with events on."""
        events: list = []
        self.after(before, actor, spin, events)
        return tuple(events)


def _skip(t: Turn, pos: tuple[int, ...], counters: tuple[int, ...], pool: int, waiting: tuple[int, ...],
          confined: tuple[bool, ...], seat_used: tuple[bool, ...], crime: tuple[int, ...], player: int, turn: int,
          p: int, events: list[ev.Event] | None) -> State:
    """Step 1: a skipped turn; the last month of a confinement releases to the start square."""
    left = waiting[p] - 1
    waiting = _put(waiting, p, left)
    if events is not None:
        events.append(new(ev.Waited, (p, left)))
    if left == 0 and confined[p]:
        confined, pos, seat_used = _put(confined, p, False), _put(pos, p, t.start), _put(seat_used, p, False)
        if events is not None:
            events.append(new(ev.Released, (p, t.start)))
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
    """values with values[i] replaced (through a list: half the cost of two slices and two concatenations)."""
    changed = list(values)
    changed[i] = value
    return tuple(changed)


def _spin(t: Turn, pos_before: tuple[int, ...], counters: tuple[int, ...], pool: int, waiting: tuple[int, ...],
          confined: tuple[bool, ...], seat_used: tuple[bool, ...], crime: tuple[int, ...], player: int, turn: int,
          m: int, s: int, owed: int, emit: Emit) -> State:
    """Steps 2 to 6 of m's spin s, in locals: positions in a list, the rest copied on first change.

    emit(event) records what happens; with emit None nothing is recorded (the action tells it later).
    """
    pos: list[int] = list(pos_before)
    cash: list[int] | None = None
    goal = t.goal
    turn_over, pending, winner = False, None, None
    origin = pos[m]
    if emit:
        emit(new(_SPUN, (m, s, origin)))
    target = t.counted[origin][s]
    if target > goal:
        turn_over = True  # rule 17 (the Seat of Expectation) or Darton's rule VI (back by the excess)
        if t.bounce:
            pos[m] = max(1, origin - (target - goal))
            if emit:
                emit(new(ev.Overshot, (m, origin, pos[m], "bounce")))
        elif not seat_used[m] and t.seat is not None:
            seat_used, pos[m] = _put(seat_used, m, True), t.seat
            if emit:
                emit(new(ev.Overshot, (m, origin, pos[m], "seat")))
            if t.collisions and pos.count(pos[m]) > 1:
                pool, cash, waiting, confined, seat_used, pending = _collide(
                    t, m, origin, 0, None, pos, cash or list(counters), pool, waiting, confined, seat_used, crime,
                    emit)
        else:
            pos[m] = t.start
            if seat_used[m]:
                seat_used = _put(seat_used, m, False)
            if emit:
                emit(new(ev.Overshot, (m, origin, pos[m], "begin-again")))
    else:
        pos[m] = target
        if emit:
            emit(new(_MOVED, (m, origin, target)))
            emit(new(_LANDED, (m, target)))
        for verb, amount in t.direction[target]:  # once, in order; no chaining
            if verb in _MONEY:  # first: the commonest verbs on Darton's board
                cash = cash or list(counters)
                pool = _money(verb, amount, m, cash, pool, emit)
            elif verb == "go":
                if emit:
                    emit(new(ev.Sent, (m, pos[m], amount)))
                pos[m] = amount
            elif verb == "advance":
                to = min(t.counted[pos[m]][amount], goal)
                if emit:
                    emit(new(ev.Advanced, (m, pos[m], to)))
                pos[m] = to
            elif verb == "back":
                if emit:
                    emit(new(ev.Sent, (m, pos[m], origin)))
                pos[m] = origin
            elif verb == "spin":
                owed += amount
                if emit:
                    emit(new(ev.ExtraSpin, (m, amount)))
            elif verb == "confine":
                waiting, confined, crime = _put(waiting, m, amount), _put(confined, m, True), _put(crime, m, origin)
                if emit:
                    emit(new(ev.Confined, (m, pos[m], amount)))
            elif verb == "wait":
                waiting = _put(waiting, m, amount)
                if emit:
                    emit(new(ev.Confined, (m, pos[m], amount)))
                turn_over, owed = True, 0  # spins still owed are lost
        if pos[m] == goal:
            winner = m
            if emit:
                emit(new(_WON, (m, goal)))
        elif t.collisions and pos[m] != t.start and pos.count(pos[m]) > 1:
            pool, cash, waiting, confined, seat_used, pending = _collide(
                t, m, origin, s, target, pos, cash or list(counters), pool, waiting, confined, seat_used, crime,
                emit)
    if winner is None and pending is None:
        if not turn_over and owed > 0:
            pending = new(Pending, ("extra", player, 0, owed))
        else:
            player = (player + 1) % len(pos)  # the turn passes on
    return new(State, (tuple(pos), counters if cash is None else tuple(cash), pool, waiting, confined, seat_used,
                       crime, player, turn, pending, winner))


def _money(verb: str, amount: int, m: int, cash: list[int], pool: int, emit: Emit) -> int:
    """A direction that moves counters; returns the pool after it. Nobody pays more than he has."""
    if verb == "pay" or verb == "pay-half":
        have = cash[m]
        due = amount if verb == "pay" else have // 2
        paid = due if due < have else have
        cash[m] = have - paid
        if emit:
            emit(new(ev.Fined, (m, due, paid)))
        return pool + paid
    if verb == "receive" or verb == "take-pool":
        got = amount if verb == "receive" and amount < pool else pool
        cash[m] += got
        if emit:
            emit(new(ev.Received, (m, None, got)))
        return pool - got
    each = verb == "pay-each"  # else receive-each
    for q in (_SEAT_ORDERS.get(len(cash)) or _seat_orders(len(cash)))[m]:
        payer, payee = (m, q) if each else (q, m)
        have = cash[payer]
        paid = amount if amount < have else have
        if paid:
            cash[payer] = have - paid
            cash[payee] += paid
            if emit:
                emit(new(ev.Paid, (payer, payee, paid)))
                emit(new(ev.Received, (payee, payer, paid)))
    return pool


def _collide(t: Turn, m: int, origin: int, s: int, landed: int | None, pos: list[int], cash: list[int], pool: int,
             waiting: tuple, confined: tuple, seat_used: tuple, crime: tuple, emit: Emit):
    """Step 6, rule 16, when someone else stands on the mover's final space.

    Returns (pool, counters, waiting, confined, seat_used, pending).
    """
    final = pos[m]
    pending = None
    by_offense = landed is not None and t.offense[landed]
    sent_by_crime = by_offense and t.sends_to[landed] == final  # type: ignore[index]
    if final == origin and not sent_by_crime:
        return pool, cash, waiting, confined, seat_used, None
    others = [q for q in (_SEAT_ORDERS.get(len(pos)) or _seat_orders(len(pos)))[m] if pos[q] == final]
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
            if emit:
                emit(new(ev.Relieved, (q, m, pos[q])))
            for q in others:
                if q != prisoner:
                    if emit:
                        emit(new(ev.Displaced, (q, m, pos[q], origin)))
                    pos[q] = origin
        else:
            pos[m] = origin
            if emit:
                emit(new(ev.Respun, (m, origin)))
            pending = new(Pending, ("respin", m, s, 1))
        return pool, cash, waiting, confined, seat_used, pending
    if not by_offense:
        pool = _money("pay", 1, m, cash, pool, emit)
    for q in others:
        if emit:
            emit(new(ev.Displaced, (q, m, pos[q], origin)))
        pos[q] = origin
    return pool, cash, waiting, confined, seat_used, None


# _SEAT_ORDERS[n][p]: every other player of n in seat order, starting after p (made once a number of players)
_SEAT_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _seat_orders(n: int) -> tuple[tuple[int, ...], ...]:
    orders = _SEAT_ORDERS[n] = tuple(tuple((p + k) % n for k in range(1, n)) for p in range(n))
    return orders
