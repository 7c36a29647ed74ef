"""Positions met before (versus.solve.known): what is kept is found again exactly, within a budget, and
passed between workers; a candidate looked up ends as it would have played."""

from __future__ import annotations

import multiprocessing
import os

import numpy as np
import pytest
from test_solve_scaling import PEMBERLEY_MUSIC, scene_with

import versus.solve.search as search
from versus.boards import load_board
from versus.odds.simulate import Outcome
from versus.solve.known import Known, Seen
from versus.solve.workers import Result, Runner


def outcomes(rows: int, rng: np.random.Generator) -> Outcome:
    return Outcome(winner=rng.integers(-1, 3, rows), turns=rng.integers(0, 300, rows),
                   spins=rng.integers(0, 900, rows), held=rng.integers(0, 2, (rows, 4)).astype(bool),
                   counters=rng.integers(-5, 60, (rows, 3)), paid=rng.integers(0, 30, (rows, 3)),
                   too_long=np.where(rng.random(rows) < 0.5, 1 << 40, rng.integers(1, 900, rows)),
                   pos=rng.integers(0, 67, (rows, 3)))


def hashes(rows: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Distinct first hashes, a quarter of them alike in all their low bits (long probes in the table)."""
    first = rng.integers(1, 2**62, rows)
    first[::4] = (rng.integers(1, 2**20, len(first[::4])) << 40) | (np.arange(len(first[::4])) % 50 + 1)
    first = rng.permutation(np.unique(first))
    return first, rng.integers(1, 2**62, len(first))


def rows_of(outcome: Outcome, rows: np.ndarray) -> Outcome:
    return Outcome(**{name: getattr(outcome, name)[rows] for name in Outcome.__dataclass_fields__})


def same(a: Outcome, b: Outcome, rows: np.ndarray) -> bool:
    return all(np.array_equal(getattr(a, name), getattr(b, name)[rows]) for name in Outcome.__dataclass_fields__)


def a_search(scene, max_edits: int = 4) -> search.Search:
    """A search for the scene's beats, every spin free, its own game played."""
    from versus.scenes.spins import spin_at

    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    found = search.Search(board, rules, len(scene.players), scene.beats, scene.max_turns,
                          lambda k: spin_at(scene.spins, scene.seed, k, rules.teetotum)[0], lambda k: True, max_edits)
    found.path = found.base_path()
    return found


LONGBOURN = ["kitty wins", "lydia lands on A CHEAT", "mary overshoots", "game lasts at most 70 turns"]


def test_what_is_kept_is_found_with_its_end_and_nothing_else_is():
    rng = np.random.default_rng(3)
    first, second = hashes(20_000, rng)
    ends = outcomes(len(first), rng)
    known = Known()
    half = len(first) // 2
    kept = rows_of(ends, np.arange(half))
    assert known.keep(first[:half], second[:half], kept) is not None
    found = known.find(first, second)
    assert (found[:half] >= 0).all() and (found[half:] == -1).all()
    assert same(known.outcome(found[:half]), ends, np.arange(half))
    # the same first hash with another second is another position: not found
    assert (known.find(first[:half], second[:half] ^ 1) == -1).all()
    assert known.keep(first[:half], second[:half], kept) is None  # kept already: nothing new


def test_a_budget_bounds_what_is_kept_and_what_is_kept_is_still_found():
    rng = np.random.default_rng(4)
    first, second = hashes(50_000, rng)
    ends = outcomes(len(first), rng)
    known = Known(budget=256 * 1024)
    for start in range(0, len(first), 5_000):
        rows = np.arange(start, min(start + 5_000, len(first)))
        known.keep(first[rows], second[rows], rows_of(ends, rows))
    held = known.keys.nbytes + known.entry.nbytes + known.check.nbytes + sum(a.nbytes for a in known.ends.values())
    assert 0 < known.count == known.room < len(first)
    assert held <= 256 * 1024
    found = known.find(first, second)
    assert (found[:known.count] >= 0).all() and (found[known.count:] == -1).all()
    assert same(known.outcome(found[:known.count]), ends, np.arange(known.count))


def test_news_from_another_process_is_kept_once():
    rng = np.random.default_rng(5)
    first, second = hashes(8_000, rng)
    ends = outcomes(len(first), rng)
    mine, theirs = Known(), Known()
    mine.keep(first[:3_000], second[:3_000], rows_of(ends, np.arange(3_000)))
    news = theirs.keep(first[1_000:], second[1_000:], rows_of(ends, np.arange(1_000, len(first))))
    mine.absorb(news)
    mine.absorb(news)
    assert mine.count == len(first)
    found = mine.find(first, second)
    assert same(mine.outcome(found), ends, np.arange(len(first)))


def test_a_batch_played_again_is_looked_up_and_ends_as_it_did_and_as_without():
    scene = scene_with("longbourn", LONGBOURN)

    def fresh() -> search.Search:
        found = a_search(scene, 1)  # no level after the first: every child of two edits played, none left out
        found.sim.give_up = None  # played on, not given up: more games to look up
        return found

    with_known, without = fresh(), fresh()
    without.known = None
    played = []
    run = with_known.sim.run
    with_known.sim.run = lambda start, *a, **k: played.append(start.rows) or run(start, *a, **k)
    rng = np.random.default_rng(2)
    pos = np.sort(np.stack([rng.choice(np.arange(1, 60), 3, replace=False) for _ in range(2000)]), axis=1)
    pos = np.repeat(pos, 3, axis=0)
    val = rng.integers(1, with_known.faces + 1, pos.shape)
    batch = (pos[:, 0], pos, val)
    first = with_known.play(batch)
    once = sum(played)
    again = with_known.play(batch)
    assert with_known.known is not None and with_known.known.count > 0
    assert sum(played) - once < once // 10  # all but the games that ended before their last edit, looked up
    assert once > len(pos) // 2
    plain = without.play(batch)
    for field in ("ok", "spins", "too_long", "score", "held", "pos"):
        assert np.array_equal(getattr(first, field), getattr(plain, field)), field
        assert np.array_equal(getattr(again, field), getattr(plain, field)), field


_HEARD: list[int] = []


def _play(batch) -> Result:
    """A stand-in for the search's play: its result says which news this worker had heard, and brings its own."""
    first, _, _ = batch
    empty = np.zeros(0, np.int64)
    return Result(np.array(_HEARD, np.int64), empty, empty, empty, np.zeros((0, 0), bool), empty,
                  news=(int(first[0]), os.getpid()))


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers are forked")
def test_each_worker_hears_the_others_news_and_never_its_own():
    runner = Runner(_play, workers=2, hear=lambda news: _HEARD.append(news[0]))
    batches = [(np.array([i]), np.zeros((1, 1), np.int64), np.zeros((1, 1), np.int64)) for i in range(8)]
    try:
        results = [result for _, result in runner.map(batches)]
    finally:
        runner.close()
    assert all(result.news is None for result in results)  # taken off before the search sees them
    # batch i went to worker i % 2, which by then had heard every other worker's batch answered
    # before it sent i: those up to i - 3 of the other parity
    for i, result in enumerate(results):
        heard = set(result.ok.tolist())
        assert heard == {j for j in range(i - 2) if j % 2 != i % 2}, (i, heard)


_MAIN = os.getpid()


def _played_where(slow_here: bool):
    """A stand-in play, slow in this process or in the workers; its result says which process played it."""
    import time

    def play(batch) -> Result:
        first, _, _ = batch
        here = os.getpid() == _MAIN
        time.sleep(0.04 if here == slow_here else 0.002)
        empty = np.zeros(0, np.int64)
        return Result(np.array([int(first[0]), int(here)]), empty, empty, empty, np.zeros((0, 0), bool), empty)
    return play


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers are forked")
@pytest.mark.parametrize("slow_here", [False, True])
def test_the_second_process_is_kept_only_where_it_pays(slow_here):
    runner = Runner(_played_where(slow_here), workers=2, trial=True)
    batches = [(np.array([i]), np.zeros((1, 1), np.int64), np.zeros((1, 1), np.int64)) for i in range(14)]
    try:
        played = [result.ok.tolist() for _, result in runner.map(batches)]
    finally:
        runner.close()
    assert [i for i, _ in played] == list(range(14))  # in order, whoever played them
    here = [i for i, (_, mine) in enumerate(played) if mine]
    # the first batch is timed here; the workers' trial follows; then, where they are slower, the rest is played here
    assert here == [0] if slow_here else here == [0, *range(here[1], 14)] and here[1] <= 8


def test_games_found_alike_end_each_as_it_would_have_played_counters_and_all(monkeypatch):
    """A position is told by what decides how its game goes on: games alike in that but not in what is idle
    (here the counters, which nothing moves when no beat counts them, and which differ with the spin of
    the first edit) are found alike; and each row still ends with every figure it has when played whole
    from its first edit, its own counters among them."""
    from versus.solve import resume

    scene = scene_with("longbourn", LONGBOURN)

    def fresh() -> search.Search:
        found = a_search(scene, 1)  # no level after the first: every child of two edits played, none left out
        found._root(found.path)
        found.runner = Runner(found.play)
        return found

    mine, whole, plain = fresh(), fresh(), fresh()
    whole.from_last, whole.known = False, None
    assert mine._level_search(1, mine.path, float("inf"), None) is None
    batches = [batch for batch, _ in mine._level(2, mine.path)][:2]  # candidates of two edits, in order
    mine.known = Known()  # ... looked up afresh, below, in that order
    for first, pos, val in batches:
        got, _, _ = mine._play(mine.path, first, pos, val)
        want, _, _ = whole._play(whole.path, first, pos, val)
        for field in Outcome.__dataclass_fields__:
            assert np.array_equal(getattr(got, field), getattr(want, field)), field
    monkeypatch.setattr(resume, "_decisive", lambda sim, rows: rows)  # every array told apart, idle or not
    for first, pos, val in batches:
        plain._play(plain.path, first, pos, val)
    assert mine.known.found > len(batches[0][0]) // 4 > plain.known.found  # type: ignore[union-attr]


def test_positions_seen_before_are_found_in_order_and_within_a_bound():
    """Seen: a row is alike when an earlier row (in this batch, or one before) had both its hashes; a row
    whose first hash was kept with another second is not; rows without hashes never are; beyond its
    bound nothing more is kept, and what is kept is still found."""
    seen = Seen(most=4)
    keys = np.array([[5, 50], [0, 0], [7, 70], [5, 50], [0, 0], [5, 51], [9, 90]])
    assert seen.met(keys).tolist() == [False, False, False, True, False, False, False]
    later = np.array([[9, 90], [7, 70], [7, 71], [3, 30], [2, 20], [2, 20], [0, 0]])
    assert seen.met(later).tolist() == [True, True, False, False, False, True, False]
    assert seen.met(np.array([[3, 30], [2, 20], [5, 50]])).tolist() == [True, False, True]  # 2 found no room


def test_candidates_going_on_as_earlier_ones_did_have_no_children_tried(monkeypatch):
    """pemberley-music (thirty turns): no change of three spins will do, found with and without leaving out
    the children of candidates whose games go on as earlier ones did; with, far fewer are played."""
    scene = scene_with("elsewhere/pemberley-music", PEMBERLEY_MUSIC)
    monkeypatch.setattr(search.Likely, "search", lambda self, deadline: None)
    played = []
    for alike in (False, True):
        if not alike:  # nothing found alike
            monkeypatch.setattr(Seen, "met", lambda self, keys: np.zeros(len(keys), bool))
        else:
            monkeypatch.undo()
            monkeypatch.setattr(search.Likely, "search", lambda self, deadline: None)
        found = a_search(scene, 3)
        assert found.run() is None
        played.append(found.candidates)
    assert played[1] < 0.8 * played[0]


def test_where_games_meet_later_is_the_first_position_an_earlier_row_stood_alike():
    """Seen.meets: 0 for a row alike at its last edit; else the first position marked at which an earlier
    row (in this batch, or one before) stood alike; NEVER for none. A row's own marks never meet it."""
    seen = Seen()
    keys = np.array([[5, 50], [6, 60], [5, 50], [7, 70]])
    marks = np.array([[0, 16, 100, 1], [0, 24, 200, 2], [1, 16, 300, 3], [1, 24, 200, 2], [3, 8, 300, 3],
                      [3, 16, 400, 4], [3, 24, 400, 4]])
    assert seen.meets(keys, marks).tolist() == [search.NEVER, 24, 0, 8]
    later = seen.meets(np.array([[0, 0], [8, 80]]), np.array([[0, 40, 100, 1], [1, 48, 999, 9]]))
    assert later.tolist() == [40, search.NEVER]


def test_children_of_games_met_later_end_as_the_earlier_games_children_do():
    """Two candidates whose games stand alike at a spin position later than either's last edit go on alike:
    a child of each with the same edit there or later (as the search leaves out of the later one) ends,
    played whole from its first edit, exactly as the other does."""
    scene = scene_with("netherfield", ["darcy lands on A ROBBER", "elizabeth lands on A ROBBER", "elizabeth wins",
                                       "darcy overshoots", "game lasts at most 50 turns"])
    found = a_search(scene, 3)
    found._root(found.path)
    found.runner = Runner(found.play)
    assert found._level_search(1, found.path, float("inf"), None) is None
    batch, result = next(found._level(2, found.path))  # candidates of two edits, and where their games stood
    marks = result.marks
    assert marks is not None and len(marks) > len(batch[0])  # several marks a game
    first_row = {}
    pairs = []
    for row, q, first, second in marks.tolist():
        earlier = first_row.setdefault((first, second), (row, q))
        if earlier[0] != row:
            pairs.append((earlier[0], row, q))
    assert len(pairs) >= 100
    found.from_last = False
    rng = np.random.default_rng(5)
    _, pos, val = batch
    children = []
    for a, c, q in pairs:
        upper = min(int(result.spins[c]), int(result.too_long[c]) - 1)
        assert upper == min(int(result.spins[a]), int(result.too_long[a]) - 1)
        if q > upper:  # noted as spin q came up, the game ended (or was given up) before using it: no child there
            continue
        k = int(rng.integers(q, upper + 1))
        v = int(rng.choice([f for f in range(1, found.faces + 1) if f != found.spin_at(k)]))
        children += [(a, k, v), (c, k, v)]
    rows = np.array([r for r, _, _ in children])
    child_pos = np.concatenate([pos[rows], np.array([[k] for _, k, _ in children])], axis=1)
    child_val = np.concatenate([val[rows], np.array([[v] for _, _, v in children])], axis=1)
    whole = found.play((child_pos[:, 0], child_pos, child_val), marking=False)
    for field in ("spins", "too_long", "score", "held", "pos"):
        got = getattr(whole, field)
        assert np.array_equal(got[0::2], got[1::2]), field


@pytest.mark.parametrize("name,texts", [("longbourn", LONGBOURN),
                                        ("elsewhere/pemberley-music", PEMBERLEY_MUSIC)])
def test_positions_packed_for_hashing_are_told_apart_exactly_as_their_arrays_are(name, texts):
    """The columns hashed pack several small arrays into one (a player's space, his crime's origin, his wait
    and two flags; whose turn, the pending spin's kind, spinner and face, and the winner): every combination
    of them, over each one's whole range, edges and all, is told apart exactly when the decisive arrays
    differ (a packing too narrow by one space, or one month, would take some positions for others)."""
    import itertools

    from versus.solve import resume

    found = a_search(scene_with(name, texts), 2)
    sim, t, n = found.sim, found.sim.t, found.n
    months = int(max(t.wait.max(initial=0), t.confine.max(initial=0)))
    player = list(itertools.product(range(t.goal + 1), range(t.goal + 1), range(months + 1), (False, True),
                                    (False, True)))
    game = list(itertools.product(range(n), range(4), range(n), range(t.faces + 1), range(-1, n)))
    count = len(player) + len(game)  # each combination apart, all else as it stands at the first spin
    base = found._start(found.path, np.ones(count, np.int64))
    rows = {name: np.array(getattr(base, name)) for name in resume._FIELDS}
    for i, (pos, crime, wait, confined, seat) in enumerate(player):
        rows["pos"][i, n - 1], rows["crime"][i, n - 1], rows["waiting"][i, n - 1] = pos, crime, wait
        rows["confined"][i, n - 1], rows["seat"][i, n - 1] = confined, seat
    for i, (who, pk, spinner, spin, winner) in enumerate(game, start=len(player)):
        rows["player"][i], rows["pk"][i], rows["pspinner"][i], rows["pspin"][i], rows["winner"][i] = \
            who, pk, spinner, spin, winner
    decisive = resume._decisive(sim, rows)
    whole = np.concatenate([decisive[f].reshape(count, -1).astype(np.int64) for f in resume._FIELDS], axis=1)
    distinct = len(np.unique(whole, axis=0))
    assert distinct > len(player) // 2
    assert len(np.unique(resume._columns(sim, decisive, count), axis=0)) == distinct
    first, second = resume.hashes(sim, rows, count)
    assert len(np.unique(np.stack([first, second], axis=1), axis=0)) == distinct


@pytest.mark.parametrize("fine_rows,sparse", [(10**9, False), (0, True)], ids=["small-level", "large-level"])
def test_a_level_too_large_for_the_next_to_be_searched_whole_notes_its_games_more_sparsely(monkeypatch, fine_rows,
                                                                                          sparse):
    """Games of a level of up to FINE_ROWS candidates note where they stand every EVERY spins; of a larger one,
    every SPARSE (a level twenty times larger comes next: its marks would cost more than they save)."""
    from versus.solve import resume

    monkeypatch.setattr(search, "FINE_ROWS", fine_rows)
    spacing = resume.SPARSE if sparse else resume.EVERY
    assert resume.SPARSE > resume.EVERY
    robbers = ["darcy lands on A ROBBER", "elizabeth lands on A ROBBER", "elizabeth wins", "darcy overshoots",
               "game lasts at most 50 turns"]
    found = a_search(scene_with("netherfield", robbers), 3)
    found._root(found.path)
    found.runner = Runner(found.play)
    assert found._level_search(1, found.path, float("inf"), None) is None
    _, result = next(found._level(2, found.path))
    q = result.marks[:, 1]  # type: ignore[index]
    assert len(q) and not (q % spacing).any() and (sparse or (q % resume.SPARSE).any())


NETHERFIELD = ["darcy lands on A ROBBER", "elizabeth wins", "darcy overshoots", "game lasts at most 50 turns"]


@pytest.mark.parametrize("name,texts", [("longbourn", LONGBOURN), ("elsewhere/pemberley-music", PEMBERLEY_MUSIC),
                                        ("netherfield", NETHERFIELD)])
def test_games_looked_up_where_they_stand_mid_game_end_as_they_would_have_played(name, texts):
    """versus.solve.ends: a game found, at one of its marks, where a game of an earlier batch stood (Ends) or
    where one of this batch stood first (it follows the lowest row there) is given that game's end, not played
    on: every row ends exactly as without any lookup, its marks up to there are noted as they would be, and
    many games are looked up both ways."""
    scene = scene_with(name, texts)
    looked, plain = a_search(scene, 4), a_search(scene, 4)
    plain.ends = None
    rng = np.random.default_rng(4)
    used = looked.path.spins_used
    followed = 0
    for d in (1, 2, 3, 2, 3):  # the second two batches find the first two's ends
        pos = np.sort(np.stack([rng.choice(np.arange(1, used + 1), d, replace=False) for _ in range(3000)]), axis=1)
        pos = np.repeat(pos, 2, axis=0)
        val = rng.integers(1, looked.faces + 1, pos.shape)
        batch = (pos[:, 0], pos, val)
        got, want = looked.play(batch), plain.play(batch)
        for field in ("ok", "spins", "too_long", "score", "held", "pos"):
            assert np.array_equal(getattr(got, field), getattr(want, field)), (d, field)
        assert got.marks is not None and want.marks is not None
        mine, theirs = ({tuple(m) for m in marks.tolist()} for marks in (got.marks, want.marks))
        assert mine <= theirs  # the marks noted are marks the games have; a game looked up notes no more
        followed += len(theirs) - len(mine)
    assert looked.ends is not None and looked.ends.found >= 100 and followed >= 20
