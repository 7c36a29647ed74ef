"""One action worked out on a scratch copy of the state (RULES.md: "A turn", steps 1 to 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from versus.rules import events as ev
from versus.rules.board import Board, Rules, Space
from versus.rules.reach import count
from versus.rules.state import Pending, State

if TYPE_CHECKING:
    from versus.rules.game import Action


class Turn:
    """Scratch lists for one action; act() returns the new frozen state and the action."""

    def __init__(self, board: Board, rules: Rules, state: State) -> None:
        self.board, self.rules, self.before = board, rules, state
        self.n = state.players
        self.pos = list(state.pos)
        self.counters = list(state.counters)
        self.pool = state.pool
        self.waiting = list(state.waiting)
        self.confined = list(state.confined)
        self.seat_used = list(state.seat_used)
        self.crime_origin = list(state.crime_origin)
        self.turn = state.turn
        self.winner: int | None = None
        self.pending: Pending | None = None
        self.owed = 0  # spins still owed this turn after the current one (Virtue)
        self.turn_over = False
        self.events: list[ev.Event] = []

    # -- the action -------------------------------------------------------------------
    def act(self, spin: int | None) -> tuple[State, "Action"]:
        from versus.rules.game import Action

        before = self.before
        pending = before.pending
        actor = pending.spinner if pending else before.player
        if pending is None:
            self.turn += 1
            self.emit(ev.TurnBegan(actor, self.turn, (self.turn - 1) // self.n + 1))
        if spin is None:
            self.skip(actor)
        elif pending is not None and pending.kind == "respin" and spin == pending.spin:
            self.emit(ev.Spun(actor, spin, self.pos[actor]))
            self.emit(ev.Stayed(actor, self.pos[actor]))  # "Should he spin as before, he must remain"
            self.turn_over = True
        else:
            self.owed = pending.owed - 1 if pending and pending.kind == "extra" else 0
            self.spin(actor, spin)
        return self.freeze(), Action(actor, spin, tuple(self.events))

    def freeze(self) -> State:
        player = self.before.player
        pending = self.pending
        if self.winner is None and pending is None and not self.turn_over and self.owed > 0:
            pending = Pending("extra", player, owed=self.owed)
        if self.winner is None and pending is None:
            player = (player + 1) % self.n  # the turn passes on
        return State(
            pos=tuple(self.pos), counters=tuple(self.counters), pool=self.pool,
            waiting=tuple(self.waiting), confined=tuple(self.confined),
            seat_used=tuple(self.seat_used), crime_origin=tuple(self.crime_origin),
            player=player, turn=self.turn, pending=pending, winner=self.winner,
        )

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    # -- step 1: a skipped turn ----------------------------------------------------------
    def skip(self, p: int) -> None:
        self.waiting[p] -= 1
        self.emit(ev.Waited(p, self.waiting[p]))
        if self.waiting[p] == 0 and self.confined[p]:
            self.confined[p] = False
            self.begin_again(p)
            self.emit(ev.Released(p, self.pos[p]))

    def begin_again(self, p: int) -> None:
        self.pos[p] = self.rules.start
        self.seat_used[p] = False

    # -- steps 2 to 6: a spin --------------------------------------------------------------
    def spin(self, m: int, s: int) -> None:
        origin = self.pos[m]
        self.emit(ev.Spun(m, s, origin))
        target = self.count(origin, s)
        goal = self.board.goal
        if target > goal:
            self.overshoot(m, origin, target)
            return
        self.pos[m] = target
        self.emit(ev.Moved(m, origin, target))
        self.emit(ev.Landed(m, target))
        space = self.board.space(target)
        self.direct(m, origin, space)
        if self.pos[m] == goal:
            self.winner = m
            self.emit(ev.Won(m, goal))
            return
        if self.rules.collisions:
            self.collide(m, origin, s, space)

    def count(self, origin: int, steps: int) -> int:
        return count(self.board, self.rules, origin, steps)

    def overshoot(self, m: int, origin: int, target: int) -> None:
        """Rule 17 (the Seat of Expectation) or Darton's rule VI (back by the excess)."""
        self.turn_over = True
        if self.board.overshoot == "bounce":
            self.pos[m] = max(1, origin - (target - self.board.goal))
            self.emit(ev.Overshot(m, origin, self.pos[m], "bounce"))
        elif not self.seat_used[m] and self.board.seat is not None:
            self.seat_used[m] = True
            self.pos[m] = self.board.seat
            self.emit(ev.Overshot(m, origin, self.pos[m], "seat"))
            if self.rules.collisions:
                self.collide(m, origin, 0, None)
        else:
            self.begin_again(m)
            self.emit(ev.Overshot(m, origin, self.pos[m], "begin-again"))

    def direct(self, m: int, origin: int, space: Space) -> None:
        """Apply the landing space's direction once, in order; no chaining."""
        for effect in space.direction:
            verb, amount = effect.verb, effect.amount
            if verb == "pay":
                self.fine(m, amount)
            elif verb == "pay-half":
                self.fine(m, self.counters[m] // 2)
            elif verb == "pay-each":
                for q in self.others(m):
                    self.transfer(m, q, amount)
            elif verb == "receive":
                self.from_pool(m, amount)
            elif verb == "receive-each":
                for q in self.others(m):
                    self.transfer(q, m, amount)
            elif verb == "take-pool":
                self.from_pool(m, self.pool)
            elif verb == "go":
                self.emit(ev.Sent(m, self.pos[m], amount))
                self.pos[m] = amount
            elif verb == "back":
                self.emit(ev.Sent(m, self.pos[m], origin))
                self.pos[m] = origin
            elif verb == "advance":
                to = min(self.count(self.pos[m], amount), self.board.goal)
                self.emit(ev.Advanced(m, self.pos[m], to))
                self.pos[m] = to
            elif verb == "confine":
                self.waiting[m], self.confined[m], self.crime_origin[m] = amount, True, origin
                self.emit(ev.Confined(m, self.pos[m], amount))
            elif verb == "wait":
                self.waiting[m] = amount
                self.emit(ev.Confined(m, self.pos[m], amount))
                self.turn_over, self.owed = True, 0  # spins still owed are lost
            elif verb == "spin":
                self.owed += amount
                self.emit(ev.ExtraSpin(m, amount))

    # -- counters -------------------------------------------------------------------------
    def others(self, p: int) -> list[int]:
        """Every other player in seat order, starting after p."""
        return [(p + k) % self.n for k in range(1, self.n)]

    def fine(self, p: int, due: int) -> None:
        paid = min(due, self.counters[p])
        self.counters[p] -= paid
        self.pool += paid
        self.emit(ev.Fined(p, due, paid))

    def from_pool(self, p: int, wanted: int) -> None:
        got = min(wanted, self.pool)
        self.pool -= got
        self.counters[p] += got
        self.emit(ev.Received(p, None, got))

    def transfer(self, payer: int, payee: int, amount: int) -> None:
        paid = min(amount, self.counters[payer])
        if paid:
            self.counters[payer] -= paid
            self.counters[payee] += paid
            self.emit(ev.Paid(payer, payee, paid))
            self.emit(ev.Received(payee, payer, paid))

    # -- step 6: collisions (rule 16) ----------------------------------------------------------
    def collide(self, m: int, origin: int, s: int, landing: Space | None) -> None:
        final = self.pos[m]
        if final in (self.rules.start, self.board.goal):
            return
        by_offense = landing is not None and landing.kind == "offense"
        sent_by_crime = by_offense and landing.sends_to == final  # type: ignore[union-attr]
        if final == origin and not sent_by_crime:
            return
        others = [q for q in self.others(m) if self.pos[q] == final]
        if not others:
            return
        prisoner = next((q for q in others if self.confined[q] and self.waiting[q] > 0), None)
        if prisoner is not None:
            if sent_by_crime and landing.confines:  # type: ignore[union-attr]
                self.relieve(prisoner, m)
                for q in others:
                    if q != prisoner:
                        self.displace(q, m, origin)
            else:
                self.pos[m] = origin
                self.emit(ev.Respun(m, origin))
                self.pending = Pending("respin", m, spin=s)
            return
        if not by_offense:
            self.fine(m, 1)
        for q in others:
            self.displace(q, m, origin)

    def displace(self, q: int, by: int, to: int) -> None:
        self.emit(ev.Displaced(q, by, self.pos[q], to))
        self.pos[q] = to

    def relieve(self, q: int, by: int) -> None:
        """Rule 15: one guilty of the same crime is sent there; the prisoner goes free."""
        self.waiting[q], self.confined[q] = 0, False
        if self.rules.relief == "begin-again":
            self.begin_again(q)
            self.emit(ev.Relieved(q, by, self.pos[q]))
            return
        self.pos[q] = self.crime_origin[q]
        self.emit(ev.Relieved(q, by, self.pos[q]))
        self.pending = Pending("relief", q)
