"""A vectorised simulator of docs/rules.md: many games at once, one action per game per step, in numpy.

It plays the same rules as versus.rules (both boards, every switch: collisions, re-spins,
reliefs either way, the Seat of Expectation, bounces, waits and confinement, extra spins) on
arrays with one row per game, and gives the same winner, number of turns, spins used, counters
and beats as the engine for the same spins, game by game (tests/test_odds_simulate.py holds it
to that). Rare things (collisions, reliefs, releases) are worked on the few rows they touch.

    sim = Simulator(board, rules, players=2, max_turns=200, beats=scene.beats)
    out = sim.run(Start.repeat(state, 10_000), RandomSpins(6, np.random.default_rng(0)))
    out.winner, out.turns, out.held   # per game

A row whose game has finished is dropped (now and then, in bulk); until then it plays on
harmlessly and its result, taken when it finished, is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from versus.odds import drama
from versus.odds.beats import BeatPlan, Prefix, judge, plan
from versus.odds.spins import SpinSource
from versus.odds.tables import PAY, PAY_EACH, PAY_HALF, RECEIVE, TAKE_POOL, tables_for
from versus.rules.board import Board, Rules
from versus.rules.state import State

PENDING_CODES = {None: 0, "respin": 1, "relief": 2, "extra": 3}
NO_PENDING, RESPIN, RELIEF, EXTRA = 0, 1, 2, 3
_PER_PLAYER = ("pos", "counters", "waiting", "confined", "seat", "crime", "paid")
_PER_GAME = ("pool", "player", "turn", "pk", "pspinner", "pspin", "powed", "winner", "k", "too_long", "leader",
             "changes")
NEVER = 1 << 40


def rows_of(a: np.ndarray, index: np.ndarray) -> np.ndarray:
    """a[index] for an array of row numbers: np.take along the first axis, several times as quick as indexing
    where each row is several values (a game's players, its beats)."""
    return np.take(a, index, axis=0)


@dataclass
class Start:
    """The starting arrays of a batch of games (one row each); build with repeat() or from_states()."""

    pos: np.ndarray
    counters: np.ndarray
    waiting: np.ndarray
    confined: np.ndarray
    seat: np.ndarray
    crime: np.ndarray
    paid: np.ndarray
    pool: np.ndarray
    player: np.ndarray
    turn: np.ndarray
    pk: np.ndarray
    pspinner: np.ndarray
    pspin: np.ndarray
    powed: np.ndarray
    winner: np.ndarray
    k: np.ndarray
    flags: np.ndarray  # (rows, beats) event beats already held
    leader: np.ndarray  # the last player to lead alone, -1 for nobody yet (docs/race.md §1)
    changes: np.ndarray  # lead changes so far

    @property
    def rows(self) -> int:
        return len(self.pool)

    @classmethod
    def from_states(cls, states: list[State], index: np.ndarray | None = None, k: list[int] | None = None,
                    prefixes: list[Prefix] | None = None, beats: int = 0) -> Start:
        """Rows taken from a list of states: row r starts from states[index[r]] (default: one row each).

        k[i] is the position of the next spin at states[i] (default 1); prefixes[i] what the game
        before states[i] has already settled of the beats.
        """
        m = len(states)
        index = np.arange(m) if index is None else np.asarray(index, dtype=np.int64)
        n = states[0].players

        def col(values, dtype=np.int64) -> np.ndarray:
            return np.asarray(values, dtype=dtype)[index]

        pend = [s.pending for s in states]
        return cls(
            pos=col([s.pos for s in states]),
            counters=col([s.counters for s in states]),
            waiting=col([s.waiting for s in states]),
            confined=col([s.confined for s in states], bool),
            seat=col([s.seat_used for s in states], bool),
            crime=col([s.crime_origin for s in states]),
            paid=col([p.paid for p in prefixes]) if prefixes else np.zeros((len(index), n), np.int64),
            pool=col([s.pool for s in states]),
            player=col([s.player for s in states]),
            turn=col([s.turn for s in states]),
            pk=col([PENDING_CODES[p.kind if p else None] for p in pend]),
            pspinner=col([p.spinner if p else 0 for p in pend]),
            pspin=col([p.spin if p else 0 for p in pend]),
            powed=col([p.owed if p else 0 for p in pend]),
            winner=col([-1 if s.winner is None else s.winner for s in states]),
            k=col(k if k is not None else [1] * m),
            flags=(col([p.flags for p in prefixes], bool) if prefixes
                   else np.zeros((len(index), beats), dtype=bool)),
            leader=col([p.leader for p in prefixes]) if prefixes else np.full(len(index), -1, np.int64),
            changes=col([p.changes for p in prefixes]) if prefixes else np.zeros(len(index), np.int64),
        )

    @classmethod
    def repeat(cls, state: State, games: int, k: int = 1, prefix: Prefix | None = None, beats: int = 0) -> Start:
        return cls.from_states([state], np.zeros(games, dtype=np.int64), [k],
                               [prefix] if prefix is not None else None, beats)


@dataclass
class Outcome:
    """Per game: the winner (-1 for none), turns played in all, spins used in all, beats held."""

    winner: np.ndarray
    turns: np.ndarray
    spins: np.ndarray  # the position of the last spin used (k - 1)
    held: np.ndarray  # (games, beats) bool
    counters: np.ndarray  # (games, players), when money is tracked
    paid: np.ndarray  # (games, players), when money is tracked
    too_long: np.ndarray  # with watch_turn N: the spin position on which turn N + 1 began, or the game was
    # given up as hopeless (else 2**40)
    pos: np.ndarray | None = None  # (games, players): where each player stood at the end

    def given_up(self) -> np.ndarray:
        """By game: stopped unfinished by the solver (too long, or hopeless), not won."""
        return (self.too_long != NEVER) & (self.winner < 0)


class _Spun(NamedTuple):
    """One step's spin in every game, as the phases after it need it."""

    s: np.ndarray  # the spin
    origin: np.ndarray  # where the actor stood
    land: np.ndarray  # the space counted onto (0 past the goal; t.none for an idle row)
    final: np.ndarray  # where the actor came to rest before collisions
    over: np.ndarray  # overshot
    idle: np.ndarray | None  # rows that did not move: a skipped turn, or a re-spin that matched
    stayed: np.ndarray | None  # rows whose re-spin matched
    waits: np.ndarray | None  # turns to wait the landing gave (Virtue)


class Simulator:
    """The rules of one board and rules choice for a number of players, as array operations."""

    # The games in play, one row each, set by begin() from a Start (_PER_PLAYER and _PER_GAME):
    pos: np.ndarray  # (rows, players) where each stands
    counters: np.ndarray  # (rows, players)
    waiting: np.ndarray  # (rows, players) turns still to be skipped
    confined: np.ndarray  # (rows, players) the waiting is a confinement
    seat: np.ndarray  # (rows, players) the Seat of Expectation used since last beginning again
    crime: np.ndarray  # (rows, players) the origin of the spin that brought each to a crime
    paid: np.ndarray  # (rows, players) counters paid in all
    pool: np.ndarray  # (rows,) the pool or bank
    player: np.ndarray  # (rows,) whose turn it is
    turn: np.ndarray  # (rows,) turns begun
    pk: np.ndarray  # (rows,) the kind of spin pending (NO_PENDING, RESPIN, RELIEF, EXTRA)
    pspinner: np.ndarray  # (rows,) ... who spins it
    pspin: np.ndarray  # (rows,) ... the spin a re-spin is compared with
    powed: np.ndarray  # (rows,) ... spins still owed
    winner: np.ndarray  # (rows,) the winner, or -1
    k: np.ndarray  # (rows,) the position of the next spin, from 1
    too_long: np.ndarray  # (rows,) see Outcome.too_long
    flags: np.ndarray  # (rows, beats) event beats held so far
    leader: np.ndarray  # (rows,) the last player to lead alone, or -1 (followed only for lead-change beats)
    changes: np.ndarray  # (rows,) lead changes so far (likewise)
    base: np.ndarray  # (rows,) each row's first index into its flattened (rows * players) arrays
    watch_turn: int | None
    spins: SpinSource

    def __init__(self, board: Board, rules: Rules, players: int, max_turns: int, beats=(),
                 money: bool = False) -> None:
        self.t = tables_for(board, rules)
        self.n = players
        self.max_turns = max_turns
        self.plan: BeatPlan = plan(beats, players)
        self.money = money or self.plan.needs_money
        self.next_player = np.roll(np.arange(players), -1)
        # With stop_late: rows whose games can no longer come right (the solver's versus.solve.horizon), given up.
        self.give_up: Callable[[Simulator], np.ndarray] | None = None

    # -- the run ------------------------------------------------------------------------------------
    def record(self, out: Outcome, d: np.ndarray, g: np.ndarray) -> None:
        """The ended games in rows d written into out's rows g (their places in the batch as first given)."""
        out.winner[g] = self.winner[d]
        out.turns[g] = self.turn[d]
        out.spins[g] = self.k[d] - 1
        out.held[g] = rows_of(self.flags, d)
        out.counters[g] = rows_of(self.counters, d)
        out.pos[g] = rows_of(self.pos, d)  # type: ignore[index]
        out.paid[g] = rows_of(self.paid, d)
        out.too_long[g] = self.too_long[d]

    def blank(self, rows: int) -> Outcome:
        """An outcome for rows games, not yet played: no winner, nothing held, never too long."""
        n = self.n
        return Outcome(winner=np.full(rows, -1, np.int64), turns=np.zeros(rows, np.int64),
                       spins=np.zeros(rows, np.int64), held=np.zeros((rows, self.plan.count), bool),
                       counters=np.zeros((rows, n), np.int64), paid=np.zeros((rows, n), np.int64),
                       too_long=np.full(rows, NEVER, np.int64), pos=np.zeros((rows, n), np.int64))

    def run(self, start: Start, spins: SpinSource, watch_turn: int | None = None,
            stop_late: bool = False, ask_every: int = 1) -> Outcome:
        """Play every row to a win or max_turns.

        watch_turn N notes the spin position on which turn N + 1 began (Outcome.too_long); with
        stop_late, a game is given up there, unfinished (for the solver: `game lasts at most N turns`
        has then failed whatever follows), and where give_up says so, too_long is then the spin
        position that was next. give_up is asked before every ask_every-th step only (the first among
        them): a game it would have given up sooner plays on a little, and fails all the same.
        """
        rows0 = start.rows
        out = self.blank(rows0)
        self.begin(start, spins, watch_turn)
        gid = np.arange(rows0)
        live = np.ones(rows0, dtype=bool)
        steps = 0
        while rows0:
            done = self.ended(stop_late, ask=steps % ask_every == 0)
            steps += 1
            done &= live
            if done.any():
                d = np.flatnonzero(done)
                self.record(out, d, gid[d])
                live &= ~done
                alive = int(live.sum())
                if alive == 0:
                    break
                if alive < 0.8 * len(live) or len(live) < 256:
                    keep = np.flatnonzero(live)
                    self.keep(keep)
                    gid, live = gid[keep], live[keep]
            self.step()
        out.held = judge(self.plan, out.held, out.winner, out.turns, out.paid, out.pos, out.given_up())
        return out

    def begin(self, start: Start, spins: SpinSource, watch_turn: int | None = None) -> None:
        """Take the rows of start, to be played a step at a time (run does; so may a caller that looks
        at every row between steps, as versus.solve.resume does)."""
        for name in _PER_PLAYER + _PER_GAME:
            if name != "too_long":
                setattr(self, name, np.array(getattr(start, name), copy=True))
        self.too_long = np.full(start.rows, NEVER, np.int64)
        self.watch_turn, self.spins = watch_turn, spins
        self.flags = np.array(start.flags, dtype=bool, copy=True).reshape(start.rows, self.plan.count)
        self._rebase()

    def ended(self, stop_late: bool = False, ask: bool = True) -> np.ndarray:
        """The rows whose games are over now: won, or at max_turns; with stop_late, past watch_turn too, or
        given up by give_up, if asked (their too_long then the spin position next). A row goes on being
        stepped, harmlessly, after its game is over: its result is whatever it was when this first said so."""
        done = (self.winner >= 0) | ((self.turn >= self.max_turns) & (self.pk == 0))
        if stop_late and self.watch_turn is not None:
            done |= self.turn > self.watch_turn
        if stop_late and self.give_up is not None and ask:
            hopeless = self.give_up(self) & ~done & (self.too_long == NEVER)
            self.too_long[hopeless] = self.k[hopeless]
            done |= hopeless
        return done

    def keep(self, rows: np.ndarray) -> None:
        """Play only these rows on (the rest are over, or given up): the games and their spins alike."""
        for name in _PER_PLAYER + _PER_GAME + ("flags",):
            setattr(self, name, rows_of(getattr(self, name), rows))
        self._rebase()
        self.spins.keep(rows)

    def _rebase(self) -> None:
        self.base = np.arange(len(self.pool), dtype=np.int64) * self.n

    # -- one action in every game -------------------------------------------------------------------
    def step(self) -> None:
        """One action in every game (docs/rules.md §1.3 "A turn"): a phase of the turn a method, each on
        whole arrays. An action of a game already over is played too, harmlessly (see ended)."""
        pk = self.pk
        pend = pk != NO_PENDING
        anyp = bool(pend.any())  # any spin pending (re-spin, relief, extra): else every row's turn begins
        if self.plan.leads_after:
            drama.turn_ends(self.plan, self.pos, self.turn, pend, self.flags)
        actor = self._whose(pend, anyp)
        ai = self.base + actor
        skip, released = self._skipped(ai, pend, anyp)
        spun = self._spin_and_land(actor, ai, pk, skip, anyp)
        self._collide_and_pass(actor, spun, pk, anyp)
        if self.plan.count:
            self._event_beats(actor, ai, spun.land, spun.over, spun.idle, released, spun.stayed)
            if self.plan.lead_changes or self.plan.trails:
                drama.after_action(self.plan, self.pos, self.leader, self.changes, self.flags)

    def _whose(self, pend: np.ndarray, anyp: bool) -> np.ndarray:
        """Who acts in each game: the spinner pending, else the player whose turn begins (counted)."""
        if anyp:
            actor = np.where(pend, self.pspinner, self.player)
            self.turn += ~pend
        else:
            actor = self.player
            self.turn += 1
        if self.watch_turn is not None:
            late = (self.turn > self.watch_turn) & (self.too_long == NEVER)
            if late.any():
                self.too_long[late] = self.k[late]
        return actor

    def _skipped(self, ai: np.ndarray, pend: np.ndarray,
                 anyp: bool) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Step 1: turns skipped (waiting or confined), and the rows a last month releases to the start
        square; (None, None) where there are none."""
        t = self.t
        if not (t.confines or t.waits):
            return None, None
        waitf = self.waiting.reshape(-1)
        wa = waitf[ai]
        skipm = wa > 0
        if anyp:
            skipm &= ~pend
        sk = np.flatnonzero(skipm)
        if not sk.size:
            return None, None
        f = ai[sk]
        left = wa[sk] - 1
        waitf[f] = left
        released = None
        if t.confines:
            conff = self.confined.reshape(-1)
            rel = (left == 0) & conff[f]
            if rel.any():
                fr = f[rel]
                conff[fr] = False
                self.pos.reshape(-1)[fr] = t.start
                self.seat.reshape(-1)[fr] = False
                released = sk[rel]
        return skipm, released

    def _spin_and_land(self, actor: np.ndarray, ai: np.ndarray, pk: np.ndarray, skip: np.ndarray | None,
                       anyp: bool) -> _Spun:
        """Steps 2 to 5: the spin, where it lands (or overshoots), and the landing space's direction."""
        t = self.t
        posf, waitf, seatf = self.pos.reshape(-1), self.waiting.reshape(-1), self.seat.reshape(-1)
        s = self.spins.take(self.k)
        self.k += 1 if skip is None else ~skip
        stayed = None
        if anyp and t.collisions:
            stm = (pk == RESPIN) & (s == self.pspin)
            if stm.any():
                stayed = stm  # "Should he spin as before, he must remain as he was"
        idle = skip if stayed is None else (stayed if skip is None else skip | stayed)
        origin = posf[ai]
        code = origin * t.faces + (s - 1)
        land = t.land[code]
        final = t.final[code]
        if idle is not None:
            land[idle] = t.none
            final[idle] = origin[idle]
        ovm = land == 0
        ov = np.flatnonzero(ovm)
        if ov.size and t.seat >= 0:
            f = ai[ov]
            used = seatf[f]
            final[ov[used]] = t.start  # the second time over: begin again
            seatf[f] = ~used
        if t.confines:
            months = t.confine[land]
            ci = np.flatnonzero(months)
            if ci.size:
                f = ai[ci]
                waitf[f] = months[ci]
                self.confined.reshape(-1)[f] = True
                self.crime.reshape(-1)[f] = origin[ci]
        waits = None
        if t.waits:
            waits = t.wait[land]
            wi = np.flatnonzero(waits)
            if wi.size:
                waitf[ai[wi]] = waits[wi]
        if self.money:
            self._pay_directions(actor, ai, land)
        won = np.flatnonzero(final == t.goal)
        if won.size:
            self.winner[won] = actor[won]
        posf[ai] = final
        return _Spun(s, origin, land, final, ovm, idle, stayed, waits)

    def _collide_and_pass(self, actor: np.ndarray, spun: _Spun, pk: np.ndarray, anyp: bool) -> None:
        """Step 6, collisions (rule 16), on the few rows where another token stands on the final space;
        then spins still owed this turn (Virtue), else the turn passes on."""
        t = self.t
        if anyp:
            self.pk = np.zeros_like(pk)
        if t.collisions:
            count = (self.pos[:, 0] == spun.final).astype(np.int8)
            for q in range(1, self.n):  # a column at a time: quicker than .sum(axis=1) across a few
                count += self.pos[:, q] == spun.final
            ci = np.flatnonzero(count > 1)
            if ci.size:
                self._collide(ci, actor, spun.origin, spun.final, spun.land, spun.s)
        if t.extras:
            owed = t.extra[spun.land]
            if anyp:
                owed = owed + np.where(pk == EXTRA, self.powed - 1, 0)
            over = spun.over if spun.waits is None else spun.over | (spun.waits > 0)
            if spun.stayed is not None:
                over |= spun.stayed
            more = (owed > 0) & ~over & (self.winner < 0) & (self.pk == NO_PENDING)
            if more.any():
                self.pk = np.where(more, EXTRA, self.pk)
                self.powed = owed
                self.pspinner = np.where(more, self.player, self.pspinner)
        advance = self.winner < 0
        if anyp or t.collisions or t.extras:
            advance &= self.pk == NO_PENDING
        self.player = np.where(advance, self.next_player[self.player], self.player)

    # -- directions that move counters ------------------------------------------------------------
    def _pay_directions(self, actor: np.ndarray, ai: np.ndarray, land: np.ndarray) -> None:
        t, n = self.t, self.n
        cf, pf = self.counters.reshape(-1), self.paid.reshape(-1)
        for _, verbs, amounts, used in t.money:
            v = verbs[land]
            for verb in used:
                rows = np.flatnonzero(v == verb)
                if not rows.size:
                    continue
                amount = amounts[land[rows]]
                f = ai[rows]
                if verb in (PAY, PAY_HALF):
                    due = amount if verb == PAY else cf[f] // 2
                    paid = np.minimum(due, cf[f])
                    cf[f] -= paid
                    pf[f] += paid
                    self.pool[rows] += paid
                elif verb == RECEIVE:
                    got = np.minimum(amount, self.pool[rows])
                    self.pool[rows] -= got
                    cf[f] += got
                elif verb == TAKE_POOL:
                    cf[f] += self.pool[rows]
                    self.pool[rows] = 0
                else:  # PAY_EACH or RECEIVE_EACH: each other player in seat order after the spinner
                    m = actor[rows]
                    for step in range(1, n):
                        fq = self.base[rows] + (m + step) % n
                        payer, payee = (f, fq) if verb == PAY_EACH else (fq, f)
                        paid = np.minimum(amount, cf[payer])
                        cf[payer] -= paid
                        cf[payee] += paid
                        pf[payer] += paid

    # -- rule 16 on the rows where tokens meet -------------------------------------------------------
    def _collide(self, ci, actor, origin, final, land, s) -> None:
        t, n = self.t, self.n
        fin, org, lan = final[ci], origin[ci], land[ci]
        ok = (fin != t.start) & (fin != t.goal) & ((fin != org) | t.sent_by_crime[lan])
        ok &= self.winner[ci] < 0
        if not ok.all():
            ci, fin, org, lan = ci[ok], fin[ok], org[ok], lan[ok]
            if not ci.size:
                return
        m = actor[ci]
        r = np.arange(len(ci))
        pos = rows_of(self.pos, ci)
        at = pos == fin[:, None]
        at[r, m] = False
        prisoner_at = at & rows_of(self.confined, ci)
        if prisoner_at.any():  # (seldom: the months left read only then)
            prisoner_at &= rows_of(self.waiting, ci) > 0
        jailed = prisoner_at.any(axis=1)
        p = self.plan
        moved = at.copy() if p.reaches else at
        respin = np.zeros(len(ci), dtype=bool)
        anyjailed = bool(jailed.any())
        if anyjailed:
            # The prisoner: the first confined player on final, in seat order after the mover.
            rank = (np.arange(n)[None, :] - m[:, None] - 1) % n
            q = np.argmin(np.where(prisoner_at, rank, n), axis=1)
            relief = jailed & t.crime_confines[lan]
            respin = jailed & ~relief
            if relief.any():
                rr = np.flatnonzero(relief)
                rows, qq = ci[rr], q[rr]
                self.waiting[rows, qq] = 0
                self.confined[rows, qq] = False
                if t.relief_spin:
                    pos[rr, qq] = self.crime[rows, qq]
                    self.pk[rows] = RELIEF
                    self.pspinner[rows] = qq
                else:
                    pos[rr, qq] = t.start
                    self.seat[rows, qq] = False
                at[rr, qq] = False  # relieved, not displaced
            if respin.any():
                rs = np.flatnonzero(respin)
                rows = ci[rs]
                pos[rs, m[rs]] = org[rs]
                self.pk[rows] = RESPIN
                self.pspinner[rows] = m[rs]
                self.pspin[rows] = s[rows]
                at[rs] = False
                moved[rs] = False
        if self.money:
            fined = ~jailed & ~t.offense[lan]
            if fined.any():
                rows = ci[fined]
                f = self.base[rows] + m[fined]
                cf = self.counters.reshape(-1)
                paid = np.minimum(1, cf[f])
                cf[f] -= paid
                self.paid.reshape(-1)[f] += paid
                self.pool[rows] += paid
        if anyjailed:  # the rows written whole: a prisoner relieved, or a mover sent back to spin again
            pos = np.where(at, org[:, None], pos)
            self.pos[ci] = pos
        else:  # else only the players displaced, to the mover's origin
            hit, q = np.nonzero(at)
            self.pos.reshape(-1)[self.base[ci[hit]] + q] = org[hit]
            pos[hit, q] = org[hit]
        for j, by, q in p.displaces:
            self.flags[ci, j] |= (m == by) & at[:, q]
        for j, q, space in p.reaches:
            self.flags[ci, j] |= moved[:, q] & (pos[:, q] == space)

    # -- beats that are events ---------------------------------------------------------------------------
    def _event_beats(self, actor, ai, land, ovm, idle, released, stayed) -> None:
        p, flags = self.plan, self.flags
        for j, who, space in p.lands:
            flags[:, j] |= (actor == who) & (land == space)
        for j, who in p.overshoots:
            flags[:, j] |= (actor == who) & ovm
        if p.confined:
            confined = self.t.confine[land] > 0 if self.t.confines else np.zeros(len(land), bool)
            if self.t.waits:
                confined = confined | (self.t.wait[land] > 0)
            for j, who in p.confined:
                flags[:, j] |= (actor == who) & confined
        if p.reaches:
            moved = np.ones(len(land), bool) if idle is None else ~idle
            if released is not None:
                moved[released] = True
            rest = self.pos.reshape(-1)[ai]
            for j, who, space in p.reaches:
                flags[:, j] |= moved & (actor == who) & (rest == space)
