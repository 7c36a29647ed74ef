"""The solver at scale: one process or two give the same answer; the memory limit and the proof budget are
said plainly."""

from __future__ import annotations

import copy
import dataclasses
import functools
import itertools
import os
import platform
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import versus.solve.likely as likely
import versus.solve.search as search
from versus.boards import load_board
from versus.scenes.load import load_scene
from versus.scenes.patterns import Vocabulary, parse
from versus.solve import Unsolvable, solve
from versus.takes.playthrough import Playthrough

SCENES = Path(__file__).resolve().parent.parent / "scenes"


def scene_with(name: str, texts: list[str]):
    """scenes/NAME.yaml, or tests/elsewhere/NAME.yaml for elsewhere/NAME, with these beats."""
    scene = load_scene(SCENES.parent / "tests" / f"{name}.yaml" if name.startswith("elsewhere/")
                       else SCENES / f"{name}.yaml")
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    vocab = Vocabulary(tuple(p.id for p in scene.players), board, rules, scene.max_turns)
    return dataclasses.replace(scene, beats=tuple(parse(t, vocab, beat=True) for t in texts))


def holds(solution) -> bool:
    play = Playthrough(solution.scene, take_spins=list(solution.spins), seed=solution.seed)
    for _ in play.play_out():
        pass
    return play.spins() == list(solution.spins) and all(held for _, held in play.beats())


@pytest.fixture
def unhurried(monkeypatch):
    """The likely edits bounded by their own beam (counted work), not by LIKELY_FOR seconds of a wall
    clock that a loaded machine runs out of: what they find is then the same on any machine. How
    soon they find it is benchmarks/solve.py --hard's to say."""
    monkeypatch.setattr(search, "LIKELY_FOR", float("inf"))


@pytest.fixture
def no_likely(monkeypatch):
    """Only the exhaustive levels, past the first look: the candidates go through the workers."""
    monkeypatch.setattr(likely.Likely, "search", lambda self, deadline: None)
    monkeypatch.setattr(search, "FIRST_LOOK", 1)


PEMBERLEY_MUSIC = ["darcy wins", "georgiana is confined", "georgiana displaces darcy", "elizabeth is confined",
                   "game lasts at most 30 turns"]  # no change of four spins will do
HARD = ["darcy lands on A ROBBER", "elizabeth lands on A ROBBER", "elizabeth wins", "darcy overshoots",
        "game lasts at most 50 turns"]  # three edits
CASES = [("netherfield", HARD), ("pemberley-canton", ["darcy lands on A CHEAT", "elizabeth wins",
                                                       "georgiana displaces elizabeth"])]


@pytest.mark.parametrize("name,texts", CASES)
def test_two_processes_give_the_answer_of_one(no_likely, name, texts):
    scene = scene_with(name, texts)
    one, two = solve(scene, workers=1), solve(scene, workers=2)
    assert (one.edits, one.spins, one.candidates) == (two.edits, two.spins, two.candidates)
    assert holds(one) and one.proof == ""


def test_likely_edits_give_a_minimal_answer_that_replays():
    scene = scene_with("netherfield", ["darcy lands on A ROBBER", "elizabeth lands on A ROBBER", "elizabeth wins",
                                       "darcy overshoots", "game lasts at most 50 turns"])
    solution = solve(scene, workers=1)
    assert len(solution.edits) == 3 and solution.proof == "" and holds(solution)


def test_an_answer_whose_proof_ran_out_says_how_far_it_went(monkeypatch):
    monkeypatch.setattr(search, "FIRST_LOOK", 1_000)  # else the first look searches all of level 2
    monkeypatch.setattr(search, "BATCHES", (500,))  # ... and the batch played when the time is up, the rest of it
    scene = scene_with("netherfield", ["darcy lands on A ROBBER", "elizabeth lands on A ROBBER", "elizabeth wins",
                                       "darcy overshoots", "game lasts at most 50 turns"])
    solution = solve(scene, workers=1, prove_for=0)
    assert solution.proof == "found with 3 edits; 1 or fewer ruled out, 2 not finished" and holds(solution)


def test_the_memory_limit_is_said_plainly(no_likely):
    scene = scene_with("rosings", ["fitzwilliam wins", "darcy lands on Civility", "elizabeth is confined"])
    with pytest.raises(Unsolvable) as caught:
        solve(scene, workers=1, memory_limit=1)
    assert caught.value.lines[0].startswith("No solution found within the memory limit of 0 MB")


LONGBOURN = ("kitty wins", "lydia lands on A CHEAT", "mary overshoots", "game lasts at most 70 turns")
ROSINGS = ("darcy wins", "collins lands on Falsehood", "elizabeth lands on Avarice", "fitzwilliam overshoots",
           "game lasts at most 50 turns")


@functools.cache
def solved_by_likely_edits(name: str, texts: tuple[str, ...]):
    """solve(..., workers=1, prove_for=0) for these beats, the likely edits bounded by their beam (as
    `unhurried`), once a test process: the solution, and each beam's games compared with the engine's as
    they were searched (the nodes compared, the nodes whose game differed). Watching changes nothing found."""
    real = likely.Likely.search
    compared, differ = [], []

    def search_then_compare(self, deadline):
        found = real(self, deadline)
        for node, (ks, who, where, won) in self.games.items():
            if (ks.tolist(), who.tolist(), where.tolist(), won) != _engine_game(self, node):
                differ.append(node)
            compared.append(node)
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "LIKELY_FOR", float("inf"))
        patch.setattr(likely.Likely, "search", search_then_compare)
        solution = solve(scene_with(name, list(texts)), workers=1, prove_for=0)
    return solution, compared, differ


def test_likely_edits_reach_an_answer_made_by_others_turning_a_player_out():
    """Longbourn: Kitty's win and Mary's overshoot need Jane's and Elizabeth's spins changed, so that
    Mary is turned out of her space once more and once less (four edits; none of three, as a search
    of a minute shows). The likely edits include others' spins that decide such collisions."""
    solution, _, _ = solved_by_likely_edits("longbourn", LONGBOURN)
    assert len(solution.edits) == 4 and holds(solution)
    assert solution.proof == "found with 4 edits; 2 or fewer ruled out, 3 not finished"  # the first look saw all of two
    spinners = {k: action.player for k, action in _spins_by_position(solution)}
    kitty, mary = 3, 2
    assert any(spinners[k] not in (kitty, mary) for k, _, _ in solution.edits)


def _spins_by_position(solution):
    """(spin position from 1, action) for every action that used a spin, in the solved game."""
    from versus.rules import Game

    board = load_board(solution.scene.game)
    rules = board.rules(solution.scene.preset, **dict(solution.scene.switches))
    game = Game(board, rules, len(solution.scene.players))
    for k, spin in enumerate(solution.spins, start=1):
        while not game.state.needs_spin:
            game.play(None)
        yield k, game.play(spin)


def test_the_benchmark_replays_an_answer_afresh_and_says_which_beat_fails():
    """benchmarks/solve.py --hard judges each answer by its own reading of the engine's events and
    `versus trace`, not by the solver: a wrong spin is caught there."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("solve_benchmark", SCENES.parent / "benchmarks" / "solve.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)  # type: ignore[union-attr]
    scene = scene_with("netherfield", HARD)
    solution = solve(scene, workers=1)
    assert bench.replayed(scene, list(solution.spins)) == []
    k, old, _new = solution.edits[-1]
    undone = [*list(solution.spins[:k - 1]), old, *list(solution.spins[k:])]
    assert bench.replayed(scene, undone)  # without its last edit the answer fails somewhere


def test_likely_edits_reach_an_answer_made_by_who_spins_next():
    """Rosings (Virtue Rewarded, no collisions): an extra spin more or fewer decides who uses every
    spin after it, and the likely edits include the values that change it (four edits)."""
    solution, _, _ = solved_by_likely_edits("rosings", ROSINGS)
    assert len(solution.edits) == 4 and holds(solution)
    assert solution.proof == "found with 4 edits; 2 or fewer ruled out, 3 not finished"


def test_without_an_answer_the_likely_edits_are_tried_again_with_a_wider_beam(unhurried, monkeypatch):
    """A wet morning at Longbourn (a scene written elsewhere): four edits that the narrow beam passes
    by and the exhaustive levels reach only after 25 s; a wider beam finds them. The exhaustive levels
    make way at once here (WIDEN_AFTER 0, and never waited for), so that it is the wider beam, not the clock,
    that is tested."""
    monkeypatch.setattr(search, "WIDEN_AFTER", 0.0)
    monkeypatch.setattr(search.Search, "_finishes", lambda self, d: False)
    scene = load_scene(SCENES.parent / "tests" / "elsewhere" / "breakfast.yaml")
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    vocab = Vocabulary(tuple(p.id for p in scene.players), board, rules, scene.max_turns)
    texts = ["lizzy wins", "lydia lands on A DRUNKARD", "mary lands on SABBATH BREAKER", "game lasts at most 50 turns"]
    scene = dataclasses.replace(scene, beats=tuple(parse(t, vocab, beat=True) for t in texts))
    solution = solve(scene, time_limit=120, prove_for=0)  # the limit only stops a wrong search from hanging
    assert len(solution.edits) == 4 and holds(solution)
    assert solution.proof.startswith("found with 4 edits; ")


def test_a_level_that_would_end_in_time_is_not_cut_short_for_the_wide_beam(monkeypatch):
    """pemberley-music in thirty turns: no change of four spins will do. Past WIDEN_AFTER (0 here), each
    level being searched shows its pace, and would end long before the deadline: it is let run to that
    end, the last one's being the proof; the wide beam is never called."""
    beams = []
    monkeypatch.setattr(likely.Likely, "search", lambda self, deadline: beams.append(self.beam))
    monkeypatch.setattr(search, "WIDEN_AFTER", 0.0)
    scene = scene_with("elsewhere/pemberley-music", PEMBERLEY_MUSIC)
    with pytest.raises(Unsolvable, match="no change of up to 4"):
        solve(scene, max_edits=4, time_limit=600, workers=1)
    assert beams == [likely.BEAM]  # the narrow beam only


def test_the_last_level_is_searched_whole_not_cut_short_for_the_wide_beam(monkeypatch):
    """pemberley-music in thirty turns, three edits at most: the first looks rule out one and two, and the level
    being searched is the last. The wide beam could find only what that level holds, in another order, so the
    level is not cut short for it (here it would be at once: WIDEN_AFTER 0, no pace shown, never waited for)."""
    beams = []
    monkeypatch.setattr(likely.Likely, "search", lambda self, deadline: beams.append(self.beam))
    monkeypatch.setattr(search, "WIDEN_AFTER", 0.0)
    monkeypatch.setattr(search, "PACE_TRIAL", 0.0)
    monkeypatch.setattr(search.Search, "_finishes", lambda self, d: False)
    scene = scene_with("elsewhere/pemberley-music", PEMBERLEY_MUSIC)
    with pytest.raises(Unsolvable, match="no change of up to 3"):
        solve(scene, max_edits=3, time_limit=600, workers=1)
    assert beams == [likely.BEAM]  # the narrow beam only


@pytest.mark.parametrize("name,texts", [
    ("longbourn", ["kitty wins", "lydia lands on A CHEAT", "mary overshoots", "jane displaces mary",
                   "game lasts at most 70 turns"]),
    ("rosings", ["darcy wins", "collins lands on Falsehood", "elizabeth pays 3", "fitzwilliam is confined"]),
])
def test_candidates_played_on_from_their_last_edit_have_the_results_of_a_game_played_from_the_first(name, texts):
    """versus.solve.resume: each parent's game played once and its children on from their last edit give
    every child the result it has when played whole, rows whose parent's game ended before it included."""
    from versus.scenes.spins import spin_at

    scene = scene_with(name, texts)
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    found = search.Search(board, rules, len(scene.players), scene.beats, scene.max_turns,
                          lambda k: spin_at(scene.spins, scene.seed, k, rules.teetotum)[0], lambda k: True, 4)
    found.path = found.base_path()
    rng = np.random.default_rng(1)
    used = found.path.spins_used
    for d in (2, 3, 4):
        pos = np.sort(np.stack([rng.choice(np.arange(1, used + 1), d, replace=False) for _ in range(3000)]), axis=1)
        pos[1::3] = pos[0::3]  # parents with several children, and children at the same position
        pos[2::3, :-1] = pos[0::3, :-1]
        pos[2::3, -1] = np.maximum(pos[2::3, -1], pos[2::3, -2] + 1) + 5  # some after the parent's game ended
        val = rng.integers(1, rules.teetotum + 1, pos.shape)
        val[1::3, :-1] = val[0::3, :-1]
        val[2::3, :-1] = val[0::3, :-1]
        batch = (pos[:, 0], pos, val)
        found.from_last = True
        mine = found.play(batch)
        found.from_last = False
        whole = found.play(batch)
        for field in ("ok", "spins", "too_long", "score", "held", "pos"):
            assert np.array_equal(getattr(mine, field), getattr(whole, field)), (d, field)


@pytest.mark.parametrize("ask_last", [1, 3])
def test_the_last_level_asks_the_horizon_every_few_steps_and_finds_every_solution_it_would(monkeypatch, ask_last):
    """The five sisters, two edits at most: with nothing more kept of its games' ends, the last level asks the horizon
    whether a game is hopeless every ASK_LAST steps, not before each (a hopeless game played on a little fails
    all the same). Its solutions are the ones found asking every step, and the horizon is asked less often."""
    from versus.scenes.spins import spin_at

    scene = scene_with("longbourn", ["lydia wins", "jane lands on A ROBBER", "mary overshoots", "kitty is confined",
                                     "game lasts at most 90 turns"])  # two edits
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))

    def solutions(every: int) -> tuple[set, int]:
        monkeypatch.setattr(search, "ASK_LAST", every)
        found = search.Search(board, rules, len(scene.players), scene.beats, scene.max_turns,
                              lambda k: spin_at(scene.spins, scene.seed, k, rules.teetotum)[0], lambda k: True, 2)
        monkeypatch.setattr(found.known, "worth_keeping", lambda: False)  # (as on the five sisters, before long)
        asked = [0]
        hopeless = found.sim.give_up
        assert hopeless is not None

        def counted(sim):
            asked[0] += 1
            return hopeless(sim)
        found.sim.give_up = counted
        found.path = found.base_path()
        found._root(found.path)
        assert found._level_search(1, found.path, float("inf"), None) is None
        out = set()
        for (_, pos, val), result in found._level(2, found.path):
            out |= {(tuple(pos[i]), tuple(val[i])) for i in result.ok.tolist()}
        return out, asked[0]

    exact, asked_exact = solutions(1)
    mine, asked = solutions(ask_last)
    assert mine == exact and len(exact) >= 1
    assert asked == asked_exact if ask_last == 1 else asked < asked_exact * 3 // 4  # (its parents' games, every step)


def test_a_level_taken_up_again_plays_only_what_it_had_not(monkeypatch):
    """A level that stopped at a limit (to make way for the wide beam) goes on from its next batch: the
    batches after it are the level's own, in its order, and the answer is the one a whole search gives."""
    from versus.scenes.spins import spin_at

    monkeypatch.setattr(search, "BATCHES", (1_000,))  # the answer some batches into the level

    scene = scene_with("netherfield", HARD)  # three edits
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))

    # three searches at once, in a test process that has grown: no limit on memory here
    searched = search.Search(board, rules, len(scene.players), scene.beats, scene.max_turns,
                             lambda k: spin_at(scene.spins, scene.seed, k, rules.teetotum)[0], lambda k: True, 4,
                             memory_limit=2**40)
    searched.sim.give_up = None  # nothing pruned: the answer lies some batches into the level
    searched.path = searched.base_path()
    searched._root(searched.path)
    for d in (1, 2):
        assert searched._level_search(d, searched.path, float("inf"), None) is None

    def fresh():  # a search as it stands after levels 1 and 2, its own copy (searching them again gives the same)
        return copy.deepcopy(searched)

    whole = fresh()
    batches = [batch for batch, _ in itertools.islice(whole._level(3, whole.path), 6)]  # enough to see the order
    assert len(batches) == 6
    later = [batch for batch, _ in itertools.islice(fresh()._level(3, whole.path, skip=2), 4)]
    assert len(later) == 4
    assert all(np.array_equal(a, b)
               for x, y in zip(batches[2:], later, strict=True) for a, b in zip(x, y, strict=True))

    answer = whole._level_search(3, whole.path, float("inf"), None)
    again = fresh()
    before = again.candidates
    again.partial[3] = search.Partial(batches=1, tried=len(batches[0][0]), kept=None)
    assert again._level_search(3, again.path, float("inf"), None) == answer is not None
    assert again.candidates - before == whole.candidates - before - len(batches[0][0])


def test_a_level_stopped_at_its_limit_keeps_the_batch_it_played_and_is_not_taken_up_past_it(monkeypatch):
    """When the time is up, the batch just played is counted (a level taken up again goes on after it);
    and a level whose limit has already passed plays nothing more."""
    from versus.scenes.spins import spin_at

    monkeypatch.setattr(search, "BATCHES", (2_000,))  # a batch takes longer than the half second allowed:
    monkeypatch.setattr(search, "FINE_ROWS", 0)  # (a level noting its games more often has smaller batches)
    clock = [0.0]  # the search's clock, a second on for each batch played (not a loaded machine's milliseconds)
    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    play = search.Search.play

    def a_second_a_batch(self, batch, marking=True):
        clock[0] += 1.0
        return play(self, batch, marking)

    monkeypatch.setattr(search.Search, "play", a_second_a_batch)
    scene = scene_with("netherfield", HARD)
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    found = search.Search(board, rules, len(scene.players), scene.beats, scene.max_turns,
                          lambda k: spin_at(scene.spins, scene.seed, k, rules.teetotum)[0], lambda k: True, 4)
    found.path = found.base_path()
    found._root(found.path)
    assert found._level_search(1, found.path, float("inf"), None) is None
    before = found.candidates
    with pytest.raises(search.OutOfTime):
        found._level_search(2, found.path, clock[0] + 0.5, None)
    one = found.partial[2].tried
    assert found.partial[2].batches == 1 and one == found.candidates - before and 2_000 <= one < 4_000
    with pytest.raises(search.OutOfTime):
        found._level_search(2, found.path, clock[0] - 1, None)
    assert found.partial[2].batches == 1 and found.candidates - before == one



@pytest.mark.skipif(platform.libc_ver()[0] != "glibc" or not Path("/proc/self/statm").exists(),
                    reason="glibc's malloc_trim, and the resident size read from /proc")
def test_memory_freed_in_pieces_goes_back_to_the_system():
    """A batch's many arrays, freed, leave a heap full of holes that the process keeps unless trimmed: a
    worker trims after a batch when it holds more than TRIM_ABOVE, and the search before it reads how much
    is held."""
    from versus.solve.workers import trim

    def resident() -> int:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    held = [np.ones(8_000) for _ in range(4_000)]  # 64 kB each, from the heap: 256 MB
    kept = held[::16]  # a few kept, so that what is freed lies between them, not at the heap's end
    del held
    before = resident()
    trim()
    assert resident() < before - 100 * 2**20
    assert len(kept) == 250



def _faults_reallocating(steady: bool, conn) -> None:
    """In a forked child: the page faults of ten batches, each taking 48 arrays of 2 MB (written through) and
    freeing them all, with the worker's steady heap or the C library's defaults (which give back a free top
    of the heap larger than 64 MB at most)."""
    import resource

    from versus.solve.workers import steady_heap

    if steady:
        steady_heap()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(10):
        held = [np.ones(2**18) for _ in range(48)]
        del held
    conn.send(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's mallopt")
def test_a_worker_keeps_its_heap_between_batches():
    """A worker allocates and frees the same large arrays batch after batch: with the C library's defaults the
    heap is given back after each and every page faulted in again (3.5 s of system time in a 9 s solve); its
    steady heap keeps them, and only the first batch's are faulted in."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    faults = {}
    for steady in (False, True):
        mine, theirs = ctx.Pipe()
        child = ctx.Process(target=_faults_reallocating, args=(steady, theirs))
        child.start()
        faults[steady] = mine.recv()
        child.join()
    batch = 96 * 2**20 // os.sysconf("SC_PAGE_SIZE")  # pages
    assert faults[False] > 5 * batch  # faulted in again, batch after batch
    assert faults[True] < 2 * batch  # once


def _engine_game(self, node):
    """A node's game as the rules engine plays it, from its first edit, seen from its last edit on: the spin
    positions, spinners, where everyone stood before each, and the winning spin's position (or 0)."""
    from versus.rules import Stream

    s = self.s
    first, last = min(k for k, _ in node), max(k for k, _ in node)
    edits, state = dict(node), self.path.states[first - 1]
    seen = []
    for action, after in Stream.from_state(s.board, s.rules, state).play(
            edits.get(k, s.spin_at(k)) for k in itertools.count(first)):
        if s.at_most is not None and state.pending is None and state.turn >= s.at_most:
            break
        if action.spin is not None:
            seen.append((first + len(seen), action.player, state.pos))
        state = after
        if after.winner is not None or (after.turn >= s.max_turns and after.pending is None):
            break
    won = seen[-1][0] if state.winner is not None and seen else 0
    seen = [entry for entry in seen if entry[0] >= last]
    return [k for k, _, _ in seen], [p for _, p, _ in seen], [list(w) for _, _, w in seen], won


@pytest.mark.parametrize(("name", "texts"), [("longbourn", LONGBOURN), ("rosings", ROSINGS)])
def test_likely_edits_replay_the_beam_s_games_as_the_engine_plays_them(name, texts):
    """The likely edits replay their beam's games together in the vectorised simulator: each node's spins,
    spinners, places and win are the engine's (collisions and confinement at Longbourn; waits and extra
    spins in Virtue Rewarded at Rosings). The searches are the two tests' above, watched as they search."""
    _, compared, differ = solved_by_likely_edits(name, texts)
    assert differ == []
    assert len(compared) > 100


def test_a_level_counted_from_its_parents_kept_whole_plays_as_many_candidates(monkeypatch):
    """The size of a level, counted once from the level before (kept whole) and read again while its children
    are made, is the number of candidates it plays: the count is what paces a level and sets how often its
    games are noted, so it must be the level's own, however often it is asked for."""
    played: dict[int, tuple[int, int | None]] = {}
    scan = search.Search._scan

    def counted(self, d, level, until, most, part):
        before = self.candidates
        try:
            return scan(self, d, level, until, most, part)
        finally:
            if d in self.finished:
                played[d] = (self.candidates - before, self._size(d))

    monkeypatch.setattr(search.Search, "_scan", counted)
    scene = scene_with("netherfield", ["darcy wins", "elizabeth is confined", "game lasts at most 24 turns"])
    with pytest.raises(Unsolvable):
        solve(scene, max_edits=3, workers=1)
    assert {d for d, (_, size) in played.items() if size is not None} == {2, 3}
    assert all(size is None or tried == size for tried, size in played.values()), played
