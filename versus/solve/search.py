"""The search for spins: as few changes as possible to the spins a scene would otherwise use.

First one edit, and a first look at the likeliest 60,000 of two (all of them when there are not
many more; its batches are kept, and taken up again by the full search of level 2, never played
twice); when that was all of two, a first look at the likeliest 30,000 of three. Then the likely edits
(versus.solve.likely): the spins that decide each failing beat, read from the position before
them (the beat's player's own, and others' that turn it out of its space or decide who spins
next), widened a beam at a time. That gives an answer quickly, if not yet a proof. Without one,
the exhaustive levels below make way once, WIDEN_AFTER seconds in, for the likely edits with a
beam wider and slower; the level they were searching is then taken up where it stopped (its first
batches are not played again). Not the last level (max_edits): fewer edits ruled out, the beam
could only find what that level holds, in another order, and the time it took was the level's
(1.5 s of #33's 11, on benchmarks/solve.py --hard, for nothing). A level that, at the pace it
shows, would end before the deadline is let run to its end first: that end is an answer or a
proof. Then the proof, by iterative deepening over the number of edits d = 1, 2, ...:
level d is every way of changing d spins (positions rising, each to another face), streamed in
batches (children of the level before, itself streamed again), never held whole, and every
candidate is played out to the end by the vectorised simulator, in this process or two: one edit
from the cached state of the scene's own game just before it, more from its parent's game (played
once a batch) just before its last edit (versus.solve.resume); a candidate whose game then stands
where one played before stood, with the same last edit, is given that one's end, not played
(versus.solve.known: four in five of them, on some scenes); and such a candidate of an exhaustive
level, being the earlier one over again from its last edit on, is no parent at the next: the
earlier one's children, tried at that level or found wanting at this one, go as its would
(versus.solve.known.Seen: two thirds of level 3, on the five sisters' hardest sets). Games meet
later, too: where a candidate's game stands (noted every EVERY spins after its last edit,
versus.solve.resume.Marks) where an earlier candidate's stood, both go on alike from there, so
its children with their last edit there or later go as that one's do, and only those with it
before are tried (on the five sisters' hardest sets, a level of four edits is half as large, and a third
smaller again with games noted every second spin, not every eighth, in a level small enough for the next to
be searched whole). Where a game stands there is also looked up: a game standing where one of an earlier batch
stood, or a lower row of its own, is given that one's end, not played on (versus.solve.ends).
A level searched in full without a solution rules out d edits; the first level with one gives
the minimum.

Pruning, all of it sound (it never drops a solution with fewer edits):
- a later edit is only placed at a spin its game still uses (the game may end sooner);
- scripted spins are never placed unless free_script;
- with `game lasts at most N turns`, no edit is placed at or after the spin on which the game
  began turn N + 1: whatever follows, that turn has begun and the beat has failed;
- nor at or after a spin before which a player's beats not yet held need more of his turns than
  are left to him, or nobody can win in time where the beats want a winner (versus.solve.horizon:
  a bound no game can beat); the game is given up there.
Within a batch the parents whose games hold the most beats come first; the search stops at the
first batch with a solution and takes its gentlest: only the count has to be minimal.

Bounded: the time limit, a memory limit (500 MB by default, this process and its workers), and
once an answer is in hand, prove_for seconds in all for the proof (and a gentler answer with as
many edits); an answer not proved minimal says how far the proof went (Found.proven).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from functools import partial

import numpy as np

from versus.odds.beats import Prefix, PrefixTracker, judge
from versus.odds.simulate import Outcome, Simulator, Start
from versus.odds.spins import EditedSpins
from versus.rules import Game
from versus.rules.board import Board, Rules
from versus.rules.state import State
from versus.scenes.model import Pattern
from versus.solve.ends import Ends
from versus.solve.found import NEVER, BasePath, Cancelled, Found, OutOfMemory, OutOfTime, Partial
from versus.solve.horizon import horizon_for
from versus.solve.known import Known, News, Seen
from versus.solve.likely import Likely, Needs
from versus.solve.resume import EVERY, SPARSE, Marks, keys_of, play_from_last, run
from versus.solve.workers import Batch, Result, Runner, trim

BATCHES = (6_000, 15_000, 30_000)  # candidate games played out at once: small first, then more (not 60,000:
# a worker's heap for them outgrew versus.solve.workers.TRIM_ABOVE, and was given back and faulted in again)
MEMORY_LIMIT = 500 * 2**20
MEMORY_EVERY = 1.0  # seconds between looks at the memory held (a batch adds a few MB at most)
PROVE_FOR = 6.0  # seconds, at most, for the proof once an answer is in hand
PROVE_BY = 7.0  # ... and no later than this long after the search began (but at least a second, if prove_for is)
LIKELY_FOR = 5.0  # seconds, at most, for the likely edits
WIDEN_AFTER = 4.0  # seconds from the start: without an answer, the likely edits once more, with ...
WIDE_BEAM = 1_000  # ... a beam this wide, unless the level being searched would end before the deadline at
PACE_TRIAL = 1.0  # the pace it has shown, given this many seconds at least
GENTLER = 20_000  # candidates tried at the answer's own level for a gentler one with as many edits
FIRST_LOOK = 60_000  # candidates of two edits tried, best first, before the likely edits
FIRST_LOOK_3 = 30_000  # ... and of three, when that was all of two
KEEP_ROWS = 2_500_000  # a level this small is kept as the parents of the next, ordered best first (73 MB at most)
ASK_LAST = 3  # steps between the horizon's looks at the last level's games (Search._asking)
FINE_ROWS = 1_000_000  # a level this small notes where its games stand every EVERY spins, not every SPARSE


class Search:
    def __init__(self, board: Board, rules: Rules, players: int, beats: tuple[Pattern, ...], max_turns: int,
                 base: Callable[[int], int], editable: Callable[[int], bool], max_edits: int,
                 time_limit: float | None = None, cancelled: Callable[[], bool] | None = None,
                 progress: Callable[[int, int], None] | None = None, workers: int = 1,
                 memory_limit: int = MEMORY_LIMIT, prove_for: float = PROVE_FOR) -> None:
        self.board, self.rules, self.n = board, rules, players
        self.progress = progress  # told (edits being tried, candidates so far) between batches
        self.beats, self.max_turns = tuple(beats), max_turns
        self.base, self.editable = base, editable
        self.max_edits, self.time_limit, self.cancelled = max_edits, time_limit, cancelled
        self.memory_limit, self.prove_for = memory_limit, prove_for
        self.faces = rules.teetotum
        self.sim = Simulator(board, rules, players, max_turns, beats=self.beats)
        most = [b.number for b in self.beats if b.kind == "lasts-at-most"]
        self.at_most = min(most) if most else None  # type: ignore[type-var]
        self.sim.give_up = horizon_for(board, rules, self.beats, players, max_turns).hopeless
        self.cache = np.zeros(1, dtype=np.int64)  # base spins by position, shared by every batch
        self.candidates = 0  # games played out so far
        self.from_last = True  # play candidates on from their last edit (versus.solve.resume); False: from the first
        self.known: Known | None = Known()  # positions met before, and how their games ended (None: none kept)
        self.ends: Ends | None = Ends(players, len(self.beats), self.sim.money)  # where games stood, and how they ended
        self.seen = Seen()  # where the exhaustive levels' candidates stood at their last edit and later, in order
        self.runner = Runner(self.play, workers, self.hear, trial=True)  # the second process kept where it pays
        self.kept: dict[int, tuple[Batch, Result] | None] = {}  # whole levels kept as parents of the next
        self.looked: dict[int, list[tuple[Batch, Result]]] = {}  # the batches a first look at a level played
        self.finished: set[int] = set()  # levels searched in full, without a solution
        self.partial: dict[int, Partial] = {}  # levels that stopped at a limit, to be taken up where they did
        self.memory_due = 0.0  # when the memory held is next looked at
        self.spacing: dict[int, int | None] = {}  # how often each level's games note where they stand (_spacing)
        self.began: dict[int, tuple[float, int]] = {}  # when each level's search began, and how many it had tried
        self.sizes: dict[int, int] = {}  # levels' sizes counted (_size), while the levels they count from are kept

    # -- the scene's own game ------------------------------------------------------------------
    def base_path(self) -> BasePath:
        game = Game(self.board, self.rules, self.n)
        tracker = PrefixTracker(self.beats, self.n)
        states: list[State] = []
        prefixes: list[Prefix] = []
        too_long = NEVER
        while not (game.state.over or (game.state.turn >= self.max_turns and game.state.pending is None)):
            state = game.state
            if self.at_most is not None and too_long == NEVER and state.pending is None \
                    and state.turn >= self.at_most:
                too_long = len(states) + 1  # this action begins turn N + 1; edits from here are too late
            if state.needs_spin:
                states.append(state)
                prefixes.append(tracker.snapshot())
                action = game.play(self.base(len(states)))
            else:
                action = game.play(None)
            tracker.feed(action)
        final, seen = game.state, tracker.snapshot()
        held = judge(self.sim.plan, np.array([seen.flags], dtype=bool).reshape(1, -1),
                     np.array([-1 if final.winner is None else final.winner]), np.array([final.turn]),
                     np.array([seen.paid]), np.array([final.pos]))[0]
        return BasePath(states, prefixes, len(states), tuple(bool(h) for h in held), too_long)

    def needs(self) -> Needs:
        """What the likely edits need of this search (and no more of it)."""
        return Needs(self.board, self.rules, self.beats, self.max_edits, self.max_turns, self.at_most,
                     self.editable, self.spin_at, partial(self.play, marking=False), self.best, self._tried,
                     self.cancelled)

    def _tried(self, count: int) -> None:
        self.candidates += count

    def spin_at(self, k: int) -> int:
        """The spin the scene would use at position k."""
        self._ensure(k)
        return int(self.cache[k])

    # -- the search -------------------------------------------------------------------------------
    def run(self) -> Found | None:
        self.started = time.perf_counter()
        self.deadline = self.started + (self.time_limit if self.time_limit is not None else float("inf"))
        path = self.path = self.base_path()
        if all(path.held):
            return Found((), path.spins_used)
        self._root(path)
        try:
            return self._run(path)
        finally:
            self.runner.close()

    def _root(self, path: BasePath) -> None:
        """The scene's own game as the one parent of level 1."""
        self._ensure(path.spins_used + 1)
        self.root = (np.zeros(1, dtype=np.int64), np.zeros((1, 0), dtype=np.int64), np.zeros((1, 0), dtype=np.int64))
        self.root_result = Result(np.zeros(0, dtype=np.int64), np.array([path.spins_used]),
                                  np.array([path.too_long_at]), np.array([sum(path.held)]),
                                  np.array([path.held], dtype=bool), np.zeros((1, self.n), dtype=np.int64))

    def _run(self, path: BasePath) -> Found | None:
        answer = None
        # One edit, then the likeliest few of two: cheap, and where most answers are.
        full, self.runner = self.runner, Runner(self.play)  # small work: not worth forking for
        found = self._level_search(1, path, self.deadline, None) if self.max_edits >= 1 else None
        if found is None and self.max_edits >= 2:
            size = self._size(2)  # not much more than the look: all of it
            found = self._level_search(2, path, self.deadline,
                                       None if size is not None and size <= FIRST_LOOK * 3 // 2 else FIRST_LOOK)
        self.runner = full
        if found is None and self.max_edits >= 3 and 2 in self.finished:
            # two edits ruled out already: the best-placed parents' children of three, briefly, over the
            # workers (a set that gets here is a hard one: 0.3 s of #33's, on benchmarks/solve.py --hard)
            found = self._level_search(3, path, self.deadline, FIRST_LOOK_3)
        if found is not None:
            return found
        if self.max_edits >= 2:
            answer = Likely(self.needs(), path).search(min(self.deadline, time.perf_counter() + LIKELY_FOR))
        self.runner.start()  # forked now, with the spins looked up so far
        # Without an answer, the exhaustive levels make way once, WIDEN_AFTER seconds in, for the likely
        # edits with a wider beam: slower, but they reach answers the narrow beam passes by.
        widen = answer is None and self.max_edits >= 3 and self.started + WIDEN_AFTER < self.deadline
        proof_until = self._proof_until(answer)
        waited = 0  # a level let run on past WIDEN_AFTER, to its end before the deadline
        d = 2
        while d <= self.max_edits:
            if answer is not None and d > len(answer.edits):
                break
            gentler = answer is not None and d == len(answer.edits)
            until = proof_until
            widen = widen and d < self.max_edits  # (the last level's answers are its own to find)
            if widen and d != waited:  # the wide beam's turn comes; not before this level has shown its pace
                until = min(proof_until, max(self.started + WIDEN_AFTER, time.perf_counter() + PACE_TRIAL))
            if d in self.finished:  # by the first look, which came to its end
                d += 1
                continue
            try:
                found = self._level_search(d, path, until, GENTLER if gentler else None)
            except OutOfTime as stop:
                if widen and d != waited and not isinstance(stop, OutOfMemory) and self._finishes(d):
                    waited = d  # its own end gives an answer or a proof: the wide beam waits for it
                    continue
                # (not with less than PACE_TRIAL left: the beam would overrun the deadline, seldom answer)
                if widen and not isinstance(stop, OutOfMemory) and time.perf_counter() + PACE_TRIAL < self.deadline:
                    widen = False
                    answer = Likely(self.needs(), path, beam=WIDE_BEAM).search(
                        min(self.deadline, time.perf_counter() + LIKELY_FOR))
                    proof_until = self._proof_until(answer)
                    continue  # level d again, where it stopped: with an answer, as its proof
                if answer is None or gentler:
                    if answer is None:
                        raise
                    return answer
                return Found(answer.edits, answer.spins_used, proven=d - 1)
            if found is not None:
                return found
            d += 1
        return answer

    def _proof_until(self, answer: Found | None) -> float:
        """With an answer in hand, prove_for seconds in all (not a level) for the proof and a gentler
        answer, ending PROVE_BY seconds after the start (but at least a second): what a hard set
        costs is then bounded, and the answer says how far the proof went."""
        if answer is None:
            return self.deadline
        now = time.perf_counter()
        return min(self.deadline, now + self.prove_for, max(self.started + PROVE_BY, now + min(self.prove_for, 1.0)))

    def _finishes(self, d: int) -> bool:
        """Whether level d, stopped part way, would come to its end before the deadline at the pace it has
        gone so far (not when its size is not known)."""
        size, part, began = self._size(d), self.partial.get(d), self.began.get(d)
        if size is None or part is None or began is None:
            return False
        now = time.perf_counter()
        pace = (part.tried - began[1]) / max(now - began[0], 1e-6)
        return pace > 0 and now + (size - part.tried) / pace <= self.deadline

    def _size(self, d: int) -> int | None:
        """How many candidates level d holds, when the level before was kept whole (else None). Worked out once
        (a level of a million parents takes tens of MB to count, not to be held twice while its children are made)."""
        if d in self.sizes:
            return self.sizes[d]
        parents = self.kept.get(d - 1)
        if parents is None:
            return None
        (_, pos, _), result = parents
        _, _, _, many = self._openings(pos, result.spins, result.too_long, result.meets)
        self.sizes[d] = int(many.sum()) * (self.faces - 1)
        return self.sizes[d]

    def _openings(self, pos, used, too_long, meets=None) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
        """Where each parent's next edit may go: (the latest position any may take, the editable positions
        up to it, the index there of each parent's first, and how many each has): after its last edit, no
        later than its last spin, before the spin on which it became too long, and before the position
        from which its game goes on as an earlier candidate's did (meets)."""
        upper = np.minimum(used, too_long - 1)
        if meets is not None:
            upper = np.minimum(upper, meets - 1)
        top = int(upper.max()) if len(upper) else 0
        editable = np.array([k for k in range(1, top + 1) if self.editable(k)], dtype=np.int64)
        last = pos[:, -1] if pos.shape[1] else np.zeros(len(pos), dtype=np.int64)
        lo = np.searchsorted(editable, last, side="right").astype(np.int32)  # positions: 32 bits hold them
        many = np.searchsorted(editable, upper, side="right").astype(np.int32)
        many -= lo
        return top, editable, lo, np.maximum(many, 0, out=many)

    def _level_search(self, d: int, path: BasePath, until: float, most: int | None) -> Found | None:
        """The first solution in level d, or None when the level (or its first `most` candidates) has none.

        A level that stopped at a limit before (to make way for the wide beam) is taken up where it
        stopped: its first batches held no solution, and are not played again.
        """
        trim()  # what the level before freed goes back to the system before this one's first large arrays
        part = self.partial.pop(d, None) or Partial()
        if not part.batches:  # its pace is reckoned from here, the batches of a first look already played
            self.began[d] = (time.perf_counter(), sum(len(batch[0]) for batch, _ in self.looked.get(d, [])))
        level = self._level(d, path, skip=part.batches)
        try:
            return self._scan(d, level, until, most, part)
        finally:
            level.close()  # the batches still in flight finish before the workers are let go

    def _scan(self, d: int, level: Iterator[tuple[Batch, Result]], until: float, most: int | None,
              part: Partial) -> Found | None:
        tried, kept, seen = part.tried, part.kept, []
        if most is not None and tried >= most:  # searched that far already, without a solution
            return None
        if time.perf_counter() >= until:  # (the wide beam took the time left): not a batch more, nor those in flight
            self.partial[d] = part
            raise OutOfTime(d)
        last, size = time.perf_counter(), self._size(d)
        for batch, result in level:
            now = time.perf_counter()
            if self.cancelled is not None and self.cancelled():
                raise Cancelled()
            if self.progress is not None:
                self.progress(d, self.candidates)
            if now >= self.memory_due:  # reading what the processes hold costs milliseconds: now and then
                self.memory_due = now + MEMORY_EVERY
                if self.runner.memory() > self.memory_limit:
                    raise OutOfMemory(d)
            rows = len(batch[0])
            self.candidates += rows
            tried += rows
            part.batches += 1
            if result.ok.size:
                _, pos, val = batch
                return self.best(pos[result.ok], val[result.ok], result.spins[result.ok])
            if d < self.max_edits and result.keys is not None and result.meets is None:  # (a first look's are)
                result = Result(result.ok, result.spins, result.too_long, result.score, result.held, result.pos,
                                meets=self.seen.meets(result.keys, result.marks))
            if most is not None:
                seen.append((batch, result))
                if tried >= most:
                    self.looked[d] = seen  # the full search of this level takes these up, not plays them again
                    return None
            if kept is not None and d < self.max_edits:
                kept = [*kept, _slim(batch, result)] if tried <= KEEP_ROWS else None
            # The next batch would end past the limit: stop now, this one (played already) counted, for a
            # level taken up again not to play it twice, and a short pace trial to show a pace at all. (The
            # first one's time, the level's setting out in it, is taken as a second at most; not the next
            # ones': a batch of a slow level under load takes two.)
            took = now - last if tried > part.tried + rows else min(now - last, 1.0)
            if now + took > until and (size is None or tried < size):
                self.partial[d] = Partial(part.batches, tried, kept)
                raise OutOfTime(d)
            last = now
        self.kept = {e: level for e, level in self.kept.items() if e >= d - 1}  # the parents of d, and d
        self.kept[d] = None if not kept else _join(kept)
        self.sizes.clear()  # (counted from the levels kept)
        self.finished.add(d)
        return None

    def _level(self, d: int, path: BasePath, here: bool = False,
               skip: int = 0) -> Generator[tuple[Batch, Result], None, None]:
        """Every candidate with d edits, batch by batch with its result, always in the same order.

        The children of the level before: of all of it at once, best first, when it was small enough
        to keep; else of each of its batches in turn, played again (here, in this process: the
        workers hold one batch each for the level being searched, never two). The first `skip`
        batches are left out, unplayed.
        """
        if d == 1:
            parents = iter([(self.root, self.root_result)])
        elif (kept := self.kept.get(d - 1)) is not None:
            parents = iter([kept])  # ordered best first when it was joined
        else:
            parents = self._level(d - 1, path, here=True)
        runner = Runner(self.play) if here else self.runner
        looked = [] if here else self.looked.pop(d, [])  # the first batches, played by a first look
        assert not (looked and skip)  # a level taken up again had played its first look's batches
        ordered = d > 1 and self.kept.get(d - 1) is not None
        for (first, pos, val), result in parents:
            if not ordered:  # parents holding most beats first
                order = np.argsort(-result.score, kind="stable")
                first, pos, val = first[order], pos[order], val[order]
                result = Result(result.ok, result.spins[order], result.too_long[order], result.score, result.held,
                                result.pos, meets=None if result.meets is None else result.meets[order])
            batches = self._children(first, pos, val, result.spins, result.too_long, path, result.meets)
            while skip and next(batches, None) is not None:
                skip -= 1
            while looked:  # the same batches in the same order: their results are known
                batch = next(batches, None)
                if batch is None:
                    break
                done, known = looked.pop(0)
                assert all(np.array_equal(a, b) for a, b in zip(batch, done, strict=True))
                self.candidates -= len(done[0])  # counted when first played
                yield done, known
            yield from runner.map(batches)

    def _children(self, first, pos, val, used, too_long, path: BasePath, meets=None) -> Iterator[Batch]:
        """Batches of (first, positions, values): each parent with one more edit after its last.

        The new edit goes at an editable position k after the parent's last edit, no later than the
        parent's last spin (nor at or after the spin on which it became too long), with any value
        other than the spin the scene would use there; nor at or after the spin position from which the
        parent's game goes on as an earlier candidate's did (meets: versus.solve.known.Seen): that one's
        children with the same edit there are tried.
        """
        f = self.faces
        d = pos.shape[1]
        top, editable, lo, many = self._openings(pos, used, too_long, meets)
        self._ensure(top + 1)
        faces = np.arange(1, f + 1)
        old = self.cache[:top + 1].copy()
        old[0] = 1  # no spin 0; row 0 is never used
        others = faces[None, :] != old[:, None]
        alternatives = np.broadcast_to(faces, others.shape)[others].reshape(top + 1, f - 1)
        total = np.cumsum(many * (f - 1))
        start, batches = 0, 0
        while start < len(first):
            size = BATCHES[min(batches, len(BATCHES) - 1)]
            if self._spacing(d + 1) is None:  # games noted SPARSE / EVERY times as often: batches as much smaller,
                size = min(size, BATCHES[-1] * EVERY // SPARSE)  # for the marks a batch carries to stay as many
            batches += 1
            before = int(total[start - 1]) if start else 0
            stop = max(start + 1, int(np.searchsorted(total, before + size, side="left")) + 1)
            stop = min(stop, len(first))
            counts = many[start:stop]
            parent = np.repeat(np.arange(start, stop), counts)
            if parent.size:
                offset = np.arange(len(parent)) - np.repeat(np.cumsum(counts) - counts, counts)
                k = editable[lo[parent] + offset]
                kk = np.repeat(k, f - 1)
                pp = np.repeat(parent, f - 1)
                vv = alternatives[k].reshape(-1)
                yield ((first[pp] if d else kk),
                       np.concatenate([pos[pp], kk[:, None]], axis=1),
                       np.concatenate([val[pp], vv[:, None]], axis=1))
            start = stop

    def _ensure(self, upto: int) -> None:
        if upto >= len(self.cache):
            more = [self.base(k) for k in range(len(self.cache), upto + 1)]
            self.cache = np.concatenate([self.cache, np.array(more, dtype=np.int64)])

    def play(self, batch: Batch, marking: bool = True) -> Result:
        """Play every candidate out from the base game's state before its first edit; with marking, where
        the games stand later than their last edits is noted too (for a level with another after it)."""
        first, pos, val = batch
        if pos.shape[1] > 1 and (pos[:, 1:] < pos[:, :-1]).any():  # the spin source wants positions rising
            order = np.argsort(pos, axis=1, kind="stable")
            pos, val = np.take_along_axis(pos, order, 1), np.take_along_axis(val, order, 1)
        marks = Marks(self._spacing(pos.shape[1])) if marking and pos.shape[1] < self.max_edits else None
        out, news, keys = self._play(self.path, first, pos, val, marks)
        held = out.held
        assert out.pos is not None  # the simulator always says where the players ended
        return Result(np.flatnonzero(held.all(axis=1)), out.spins, out.too_long, held.sum(axis=1), held, out.pos,
                      news, keys, None if marks is None else marks.all())

    def _ends(self, pos: np.ndarray) -> Ends | None:
        """Where games are looked up mid-game (versus.solve.ends): not in the last level, whose games, played on
        from their last edit, are short (on the five sisters, nine spins): a look costs more there than it saves."""
        return self.ends if pos.shape[1] < self.max_edits else None

    def _asking(self, pos: np.ndarray) -> int:
        """How often the horizon is asked whether a game is hopeless (every how many steps). Before every step,
        except in the last level once versus.solve.known keeps nothing more, having found too little (as on the
        five sisters): nothing then keeps that level's ends (no level after it, no ends looked up in it), only
        its solutions are read, and a hopeless game played on a few spins is no solution. There, every ASK_LAST
        steps: on the five sisters' sets with no answer, a sixth less time."""
        if pos.shape[1] < self.max_edits or self.known is None or self.known.worth_keeping():
            return 1
        return ASK_LAST

    def _spacing(self, d: int) -> int | None:
        """How often games of level d note where they stand: every EVERY spins (None) where the level is small
        enough for the next to be searched whole (its marks leave out children there), else every SPARSE. A
        worker decides with what it knows (the levels kept when it was forked): marks anywhere are sound."""
        if d not in self.spacing:
            size = 1 if d == 1 else self._size(d)
            self.spacing[d] = None if size is not None and size <= FINE_ROWS else SPARSE
        return self.spacing[d]

    def hear(self, news: News) -> None:
        """What another worker learnt of positions met before (in a worker: versus.solve.workers)."""
        if self.known is not None:
            self.known.absorb(news)

    def _play(self, path: BasePath, first, pos, val,
              marks: Marks | None = None) -> tuple[Outcome, News | None, np.ndarray | None]:
        """The outcomes, what was learnt meanwhile of positions met before (versus.solve.known), and each
        row's hashes of its position at its last edit (None where they were not worked out)."""
        if pos.shape[1] >= 2 and self.from_last:  # the parents' games once, each child on from its last edit
            out, self.cache, news, keys = play_from_last(self.sim, lambda f: self._start(path, f), self.base, pos,
                                                         val, self.at_most, self.cache, self.known, marks,
                                                         self._ends(pos), marks is not None, self._asking(pos))
            return out, news, keys
        spins = EditedSpins(self.base, pos, val, cache=self.cache)
        start = self._start(path, first)
        out = run(self.sim, start, spins, self.at_most, np.arange(len(pos)), pos[:, -1], marks, self._ends(pos),
                  marks is not None, self._asking(pos))
        self.cache = spins.table
        return out, None, keys_of(self.sim, start, val[:, -1]) if pos.shape[1] == 1 else None

    def _start(self, path: BasePath, first: np.ndarray) -> Start:
        """Rows that begin just before spin position first, in the scene's own game."""
        return Start.from_states(path.states, first - 1, k=list(range(1, path.spins_used + 1)),
                                 prefixes=path.prefixes)

    def best(self, pos, val, used) -> Found:
        """Of several solutions with as few edits, the gentlest: the smallest change in all, then the latest."""
        order = np.argsort(pos, axis=1, kind="stable")
        pos, val = np.take_along_axis(pos, order, 1), np.take_along_axis(val, order, 1)
        self._ensure(int(pos.max()) if pos.size else 0)
        change = np.abs(val - self.cache[pos]).sum(axis=1)
        keys = [(int(change[i]), tuple(-int(p) for p in pos[i]), tuple(int(v) for v in val[i]))
                for i in range(len(pos))]
        i = min(range(len(pos)), key=keys.__getitem__)
        return Found(tuple((int(p), int(v)) for p, v in zip(pos[i], val[i], strict=True)), int(used[i]))


def _slim(batch: Batch, result: Result) -> tuple[Batch, Result]:
    """What a kept parent needs, compactly: its edits, spins used, when it became too long and how many
    beats held (not which, nor where the players ended). A level of a million rows kept as parents is
    then 29 bytes a row, not 80 and more: a worker forked while it is held counts it as its own."""
    first, pos, val = batch
    small = (first.astype(np.int32), pos.astype(np.int32), val.astype(np.int8))
    return small, Result(result.ok, result.spins.astype(np.int32),
                         _positions(result.too_long),
                         result.score.astype(np.int16), np.zeros((len(result.score), 0), bool),
                         np.zeros((len(result.score), 0), np.int64),
                         meets=_positions(np.full(len(result.score), NEVER) if result.meets is None else result.meets))


def _join(parts: list[tuple[Batch, Result]]) -> tuple[Batch, Result]:
    """Batches of one level (and their results) as one, ordered once as the next level's parents: those
    holding most beats first (a stable sort, so the order is the one each use would give it)."""
    score = np.concatenate([r.score for _, r in parts])
    order = np.argsort(-score, kind="stable")

    def joined(arrays: list[np.ndarray]) -> np.ndarray:
        return np.concatenate(arrays)[order]

    batch = tuple(joined([b[i] for b, _ in parts]) for i in range(3))
    spins = joined([r.spins for _, r in parts])
    too_long = joined([r.too_long for _, r in parts])
    meets = joined([np.full(len(r.score), NEVER) if r.meets is None else r.meets for _, r in parts])
    empty = np.zeros(0, dtype=np.int64)
    return batch, Result(empty, spins, too_long, score[order], np.zeros((len(score), 0), bool),  # type: ignore[return-value]
                         np.zeros((len(score), 0), np.int64), meets=meets)


def _positions(a: np.ndarray) -> np.ndarray:
    """Spin positions (NEVER among them) as 32 bits."""
    return np.minimum(a, np.iinfo(np.int32).max).astype(np.int32)
