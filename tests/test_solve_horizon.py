"""The solver's horizon: a game it gives up on as hopeless never comes right, and it gives up on many.

A hundred and twenty games of random spins a scene are played step by step; before every step each bound
(beats alone, and sets of one player's beats) is asked whether its beats can still all hold.
Every game it said could not must fail one of them at the end, whatever the board, the company
or the rules. A relief's spin out of turn, too rare in random games, is set up by hand; and the
search finds as few edits with the horizon as without it.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import numpy as np
import pytest

from versus.boards import load_board
from versus.odds.beats import BeatPlan, plan
from versus.odds.simulate import Simulator, Start
from versus.odds.spins import TableSpins
from versus.rules.reach import resting_and_landing
from versus.scenes.load import load_scene
from versus.scenes.model import Pattern
from versus.scenes.patterns import Vocabulary, parse
from versus.solve import Unsolvable, solve
from versus.solve.horizon import Horizon

GAMES = 120  # games a parameter plays: enough to give up on thousands of sets and see hundreds come right
SETS = 20  # single beats, and as many sets of one player's: each a bound asked at every step of every game. Building
# each set's tables is most of the cost; twenty of each reach every line and branch of versus/solve/horizon.py that
# thirty do (counted with coverage.py, branch coverage, over the seven scenes)
ROOT = Path(__file__).resolve().parent.parent
SCENES = [ROOT / "scenes" / "netherfield.yaml", ROOT / "scenes" / "longbourn.yaml", ROOT / "scenes" / "rosings.yaml",
          ROOT / "scenes" / "pemberley-canton.yaml", ROOT / "tests" / "elsewhere" / "netherfield-quiet.yaml",
          ROOT / "tests" / "elsewhere" / "rosings-cards.yaml", ROOT / "tests" / "elsewhere" / "pemberley-music.yaml"]


def every_beat(board, rules, players: int) -> list[Pattern]:
    """Each player's win, overshoot and confinement, and every space he can land on or rest on."""
    rest, land = resting_and_landing(board, rules)
    beats = []
    for who in range(players):
        beats += [Pattern("wins", who), Pattern("overshoots", who), Pattern("confined", who)]
        beats += [Pattern("lands", who, space=s) for s in sorted(land) if s > 0]
        beats += [Pattern("reaches", who, space=s) for s in sorted(rest) if s != rules.start]
    return beats


def subset(p: BeatPlan, beats: set[int]) -> BeatPlan:
    """The plan of some of the beats, each keeping its index (and so its flag) in the whole plan."""
    lists = {f.name: [b for b in getattr(p, f.name) if b[0] in beats]
             for f in dataclasses.fields(p) if f.name != "count"}
    return BeatPlan(count=p.count, **lists)


def played(sim: Simulator, horizons: list[Horizon], state, spins: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """(given up, held): for each horizon, by game and need, whether the need's player's beats were ever called
    hopeless before the game ended; by game and beat, whether it held at the end (Simulator.run, same spins)."""
    games = len(spins)
    start = Start.repeat(state, games, beats=sim.plan.count)
    held = sim.run(start, TableSpins(spins)).held
    sim.begin(start, TableSpins(spins))  # the same games again, a step at a time, no game ever dropped
    over = np.zeros(games, dtype=bool)
    given_up = [np.zeros((games, len(h.needs)), dtype=bool) for h in horizons]
    while not over.all():
        over |= sim.ended()
        for h, g in zip(horizons, given_up, strict=False):
            g |= h.by_player(sim) & ~over[:, None]
        sim.step()
    return given_up, held


# Each scene at one bound, the two bounds taken in turn (both bounds on every scene doubled the time for little)
@pytest.mark.parametrize(("path", "last_turn"), [(p, (24, 40)[k % 2]) for k, p in enumerate(SCENES)],
                         ids=lambda v: v.stem if isinstance(v, Path) else str(v))
def test_beats_called_hopeless_never_all_hold(path, last_turn):
    from versus.rules import Game

    scene = load_scene(path)
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    n = len(scene.players)
    beats = every_beat(board, rules, n)
    sim = Simulator(board, rules, n, last_turn, beats=beats)
    whole = plan(beats, n)
    rng = np.random.default_rng(last_turn)
    # Beats alone, and sets of two to four of one player's (a win among them, often).
    sets = [{int(j)} for j in rng.choice(len(beats), size=min(SETS, len(beats)), replace=False)]
    for _ in range(SETS):
        who = int(rng.integers(n))
        his = [j for j, b in enumerate(beats) if b.player == who]
        sets.append(set(rng.choice(his, size=int(rng.integers(2, 5)), replace=False).tolist()) | (
            {his[0]} if rng.random() < 0.5 else set()))  # his[0]: his win
    horizons = [Horizon(sim.t, subset(whole, js), n, last_turn) for js in sets]
    frontier = any(need.ahead is not None for h in horizons for need in h.needs)
    if frontier:  # the same needs without the frontier, to see that it gives up games of its own
        horizons += [_without_frontier(h) for h in horizons]
    # Mostly the highest face, so that many games go far enough, soon enough, to bring beats about near the bound.
    faces = rules.teetotum
    shape = (GAMES, 4 * last_turn)
    spins = np.where(rng.random(shape) < 0.5, faces, rng.integers(1, faces + 1, shape))
    given_up, held = played(sim, horizons, Game(board, rules, n).state, spins)
    wrong, flagged, came_right = [], 0, 0
    for h, g in zip(horizons, given_up, strict=False):
        for i, need in enumerate(h.needs):
            all_held = held[:, list(need.beats)].all(axis=1)
            if (g[:, i] & all_held).any():
                wrong.append([(beats[j].kind, beats[j].player, beats[j].space) for j in need.beats])
            flagged += int(g[:, i].sum())
            came_right += int(all_held.sum())
    assert not wrong, wrong
    # Not vacuous: many games are given up on, and many sets bounded do come right in others ...
    assert flagged > GAMES * len(horizons) / 4 and came_right > GAMES
    if frontier:  # ... and the frontier gives up games the bound without it does not
        half = len(horizons) // 2
        by_frontier = [int((g & ~plain).sum()) for g, plain in zip(given_up[:half], given_up[half:], strict=True)]
        assert sum(by_frontier) > GAMES / 4


# The share of the games lost in time that are called lost two rounds or more before the last turn: under
# Virtue Rewarded a virtue's spin again is never bounded (any number of them in one turn), so nothing is seen
# early there; the Canton rules' relief and frontier leave less to see than Ives's
@pytest.mark.parametrize(("path", "seen"), zip(SCENES[:4], (1 / 3, 1 / 3, 0, 1 / 20), strict=True),
                         ids=lambda v: v.stem if isinstance(v, Path) else str(v))
def test_a_game_in_which_nobody_can_win_in_time_never_ends_in_time(path, seen):
    """`game lasts at most N turns`, short of the scene's end, wants somebody to have won by turn N: a game
    called lost before some step (nobody able to reach the goal in his turns left) never has a winner by then,
    whatever the spins after; and it calls many games lost well before their end."""
    from versus.rules import Game

    scene = load_scene(path)
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    n = len(scene.players)
    last_turn = n * (board.goal // (rules.teetotum + 1) + 5)  # about what the quickest of random games take
    beats = [Pattern("lasts-at-most", number=last_turn)]
    sim = Simulator(board, rules, n, 4 * last_turn, beats=beats)
    horizon = Horizon(sim.t, plan(beats, n), n, last_turn, max_turns=4 * last_turn)
    assert horizon.race and not horizon.needs
    rng = np.random.default_rng(len(path.stem))
    faces = rules.teetotum
    shape = (GAMES * 2, 16 * last_turn)
    spins = np.where(rng.random(shape) < 0.5, faces, rng.integers(1, faces + 1, shape))
    start = Start.repeat(Game(board, rules, n).state, len(spins), beats=1)
    held = sim.run(start, TableSpins(spins)).held[:, 0]
    sim.begin(start, TableSpins(spins))
    over = np.zeros(len(spins), dtype=bool)
    lost = np.zeros(len(spins), dtype=bool)
    early = np.zeros(len(spins), dtype=bool)  # called lost with two rounds or more still to play
    while not over.all():
        over |= sim.ended()
        now = horizon.hopeless(sim) & ~over  # no other bound here: hopeless is the race alone
        lost |= now
        early |= now & (sim.turn <= last_turn - 2 * n)
        sim.step()
    assert not (lost & held).any()  # sound: no game called lost had a winner in time
    assert held.sum() > 0 and early.sum() >= seen * (~held).sum()  # not vacuous: some come right, lost ones seen early


def _without_frontier(h: Horizon) -> Horizon:
    plain = copy.copy(h)
    plain.needs = tuple(dataclasses.replace(need, ahead=None) for need in h.needs)
    return plain


SETS_TO_SOLVE = [
    ("scenes/longbourn.yaml", ["mary wins", "jane overshoots", "jane is confined", "game lasts at most 90 turns"], 4),
    ("tests/elsewhere/rosings-cards.yaml", ["eliza wins", "catherine is confined", "catherine lands on Avarice",
                                            "collins is confined", "game lasts at most 40 turns"], 4),
    ("scenes/netherfield.yaml", ["elizabeth wins", "elizabeth lands on A ROBBER", "darcy lands on SEAT OF EXPECTATION",
                                 "elizabeth is confined", "game lasts at most 30 turns"], 3),
    # no winner named: somebody must win by turn 30 (the race the horizon runs for every player)
    ("scenes/netherfield.yaml", ["elizabeth lands on A ROBBER", "darcy is confined", "game lasts at most 30 turns"], 3),
]


@pytest.mark.parametrize("path,texts,most", SETS_TO_SOLVE, ids=lambda v: v if isinstance(v, str) else None)
def test_the_search_finds_as_few_edits_with_the_horizon_as_without_and_plays_fewer_games(path, texts, most,
                                                                                        monkeypatch):
    scene = load_scene(ROOT / path)
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    vocab = Vocabulary(tuple(p.id for p in scene.players), board, rules, scene.max_turns)
    scene = dataclasses.replace(scene, beats=tuple(parse(t, vocab, beat=True) for t in texts))

    def answer():
        try:
            found = solve(scene, max_edits=most, workers=1, time_limit=60)
        except Unsolvable as error:
            assert not error.contradiction
            return None, error
        assert found.proof == ""  # proved the fewest
        return len(found.edits), found

    pruned, with_horizon = answer()
    monkeypatch.setattr(Horizon, "hopeless", lambda self, sim: np.zeros(len(sim.turn), dtype=bool))
    whole, without = answer()
    assert pruned == whole
    if pruned is not None:
        assert with_horizon.candidates < without.candidates


def test_a_prisoner_relieved_under_the_zh_reading_may_still_land_without_a_turn_of_his_own():
    """Relieved under return-and-spin, the prisoner goes back to his crime's origin and spins at once, out of
    turn: from A CHEAT's origin 33 a 5 lands him on 39, though no turn of his is left before the bound."""
    from types import SimpleNamespace

    board = load_board("mansion-of-happiness")
    rules = board.rules("zh")
    sim = Simulator(board, rules, 2, 200, beats=[Pattern("lands", 0, space=39)])
    horizon = Horizon(sim.t, sim.plan, 2, last_turn=10)

    def at_turn_nine(confined: bool) -> SimpleNamespace:  # turn 10, the last, is the other player's
        return SimpleNamespace(pk=np.zeros(1, np.int64), next_player=sim.next_player, player=np.array([1]),
                               turn=np.array([9]), pspinner=np.zeros(1, np.int64), powed=np.zeros(1, np.int64),
                               confined=np.array([[confined, False]]), pos=np.array([[30, 20]]),
                               crime=np.array([[33, 0]]), flags=np.zeros((1, 1), bool), winner=np.array([-1]))

    assert not horizon.hopeless(at_turn_nine(confined=True)).any()
    assert horizon.hopeless(at_turn_nine(confined=False)).all()  # merely standing there, he has no spin to come

    # With the last turn his own, on 33: a 1 is A CHEAT (to prison), and a relief's spin of 5 from 33 lands on 39.
    sim = Simulator(board, rules, 2, 200, beats=[Pattern("lands", 0, space=34), Pattern("lands", 0, space=39)])
    horizon = Horizon(sim.t, sim.plan, 2, last_turn=10)
    both = at_turn_nine(confined=False)
    both.player, both.pos, both.flags = np.array([0]), np.array([[33, 20]]), np.zeros((1, 2), bool)
    assert not horizon.hopeless(both).any()


def test_a_player_counted_onto_a_prisoners_space_spins_again_from_his_origin_in_the_same_turn():
    """A CHEAT held on 30 (HOUSE OF CORRECTION): a 1 from 29 lands him there, sends him back to 29 and he spins
    again at once; a 6 lands him on 35. Both landings in the one turn left to him, the last of the game."""
    from versus.rules import Game
    from versus.rules.game import initial_state

    board = load_board("mansion-of-happiness")
    rules = board.rules("ives")
    state = dataclasses.replace(initial_state(board, rules, 2), pos=(29, 30), waiting=(0, 1), confined=(False, True),
                                crime_origin=(0, 31), player=0, turn=9)
    game = Game.from_state(board, rules, state)
    landed = [e.space for s in (1, 6) for e in game.play(s).events if type(e).__name__ == "Landed"]
    assert landed == [30, 35] and game.state.turn == 10
    beats = [Pattern("lands", 0, space=30), Pattern("lands", 0, space=35)]
    sim = Simulator(board, rules, 2, 200, beats=beats)
    horizon = Horizon(sim.t, sim.plan, 2, last_turn=10)
    spins = TableSpins(np.array([[1, 6, 1, 1]]))
    assert sim.run(Start.repeat(state, 1, beats=2), spins).held.all()
    for h in (horizon, _without_frontier(horizon)):
        sim.begin(Start.repeat(state, 1, beats=2), spins)
        for _ in range(2):  # before the turn, and after the landing on 30 (a spin owed)
            assert not h.hopeless(sim).any()
            sim.step()
    # The other on 20, nobody can be held on 30 by then: the landing ends his turn there, one is not enough
    # (read by the frontier; without it a prisoner is assumed wherever one may be held).
    free = dataclasses.replace(state, waiting=(0, 0), confined=(False, False), pos=(29, 20))
    sim.begin(Start.repeat(free, 1, beats=2), spins)
    assert horizon.hopeless(sim).all()


def test_a_player_is_displaced_forward_no_further_than_the_others_can_have_gone():
    """On the Seat of Expectation (60), two turns of his left: a 1 lands on INGRATITUDE (61, back to 60), and to
    win after it he must be displaced to 66 by a mover there who throws over to the seat. A mover on 64 may be
    on 66 by then; one on 20 may not be past 39 (two moves), on any turn of the game still to come."""
    from types import SimpleNamespace

    board = load_board("mansion-of-happiness")
    rules = board.rules("ives")
    sim = Simulator(board, rules, 2, 200, beats=[Pattern("wins", 0), Pattern("lands", 0, space=61)])
    horizon = Horizon(sim.t, sim.plan, 2, last_turn=12)

    def other_on(space: int) -> SimpleNamespace:  # turns 9 and 11 the other's, 10 and 12 his
        return SimpleNamespace(pk=np.zeros(1, np.int64), next_player=sim.next_player, player=np.array([1]),
                               turn=np.array([8]), pspinner=np.zeros(1, np.int64), powed=np.zeros(1, np.int64),
                               confined=np.zeros((1, 2), bool), pos=np.array([[60, space]]),
                               crime=np.zeros((1, 2), np.int64), flags=np.zeros((1, 2), bool), winner=np.array([-1]))

    assert not horizon.hopeless(other_on(64)).any()
    assert horizon.hopeless(other_on(20)).all()


def test_with_the_others_anywhere_the_frontier_bound_is_the_bound_without_it():
    """Read at the furthest frontier (the goal), the table by frontier is the plain table: it only adds a limit."""
    scene = load_scene(SCENES[1])
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    beats = every_beat(board, rules, 5)
    his = [b for b in beats if b.player == 4]
    sim = Simulator(board, rules, 5, 60, beats=[his[0], his[1], his[5], his[-3]])
    needs = Horizon(sim.t, sim.plan, 5, 40).needs
    assert needs and all(n.ahead is not None for n in needs)
    for n in needs:
        assert np.array_equal(n.ahead[:, :, :, -1], n.turns[:, :, :2])
        assert (n.ahead >= n.turns[:, :, :2, None]).all()  # and never asks fewer turns


def _worked_out(h: Horizon, sim: Simulator) -> np.ndarray:
    """by_player's answer worked out from its definition, need by need, with nothing read from a table."""
    from versus.odds.simulate import EXTRA, NO_PENDING
    from versus.solve.horizon import OWED, own_turns

    out = np.zeros((len(sim.turn), len(h.needs)), dtype=bool)
    pending = sim.pk != NO_PENDING
    first = np.where(pending, sim.next_player[sim.player], sim.player)
    for i, his in enumerate(h.needs):
        x = his.player
        turns = own_turns(h.last_turn - sim.turn, (x - first) % h.n, h.n)
        left = his.wins + (~sim.flags[:, list(his.flagged)]).astype(np.int64) @ his.bits
        at = np.where(sim.confined[:, x], h.start, sim.pos[:, x])
        owed = np.minimum(np.where(pending & (sim.pspinner == x), np.where(sim.pk == EXTRA, sim.powed, 1), 0), OWED)
        needed = his.turns[left, at, owed]
        if his.ahead is not None:  # read by the furthest any other player stands
            frontier = np.max([sim.pos[:, q] for q in range(h.n) if q != x] + [np.full(len(at), h.start)], axis=0)
            needed = his.ahead[left, at, owed, frontier]
        if h.relief_spin:
            needed = np.where(sim.confined[:, x], np.minimum(needed, his.turns[left, sim.crime[:, x], 1]), needed)
        out[:, i] = needed > turns
    return out


@pytest.mark.parametrize("path", [SCENES[1], SCENES[2], SCENES[3]], ids=lambda p: p.stem)
def test_the_check_before_each_step_reads_what_its_definition_works_out(path):
    from versus.rules import Game

    scene = load_scene(path)
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    n = len(scene.players)
    beats = every_beat(board, rules, n)[:19]  # flags in three bytes
    beats += [b for b in every_beat(board, rules, n) if b.kind == "wins"]
    sim = Simulator(board, rules, n, 60, beats=beats)
    horizon = Horizon(sim.t, plan(beats, n), n, 30)
    rng = np.random.default_rng(5)
    spins = rng.integers(1, rules.teetotum + 1, (300, 400))
    sim.begin(Start.repeat(Game(board, rules, n).state, 300, beats=sim.plan.count), TableSpins(spins))
    seen = 0
    for _ in range(120):
        asked = horizon.by_player(sim)
        assert np.array_equal(asked, _worked_out(horizon, sim))
        seen += int(asked.sum())
        sim.step()
    assert len(horizon.needs) >= 2 and seen  # not vacuous: several players' needs, some games given up on


@pytest.mark.parametrize("beats", [0, 1, 5, 8, 9, 13, 17])
def test_flag_bytes_are_the_flags_packed_as_packbits_packs_them(beats):
    """by_player and the hashes of where games stand read the beat flags a byte at a time: the bytes are
    np.packbits's, for any number of beats, on rows taken out of order too."""
    from versus.solve.horizon import flag_bytes

    flags = np.random.default_rng(beats).random((50, beats)) < 0.5
    for rows in (flags, flags[::3]):
        packed = np.packbits(rows, axis=1, bitorder="little")
        got = flag_bytes(rows, range((beats + 7) // 8))
        assert len(got) == packed.shape[1]
        assert all(np.array_equal(b, packed[:, i]) for i, b in enumerate(got))


@pytest.mark.parametrize("seed", range(6))
def test_the_minimum_taken_into_runs_of_indices_is_numpy_s_minimum_at(seed):
    """The horizon's tables take the least of the moves displaced onto each space a run of indices at a time:
    the same tables as np.minimum.at gives, for repeated, missing and no indices, in one and two dimensions."""
    from versus.solve.horizon import min_into, runs

    rng = np.random.default_rng(seed)
    at = np.sort(rng.integers(0, 9, size=int(rng.integers(0, 30))))
    for shape in ((12,), (12, 5)):
        target = rng.integers(0, 50, size=shape)
        values = rng.integers(0, 50, size=(len(at), *shape[1:]))
        expected = target.copy()
        np.minimum.at(expected, at, values)
        min_into(target, runs(at), values)
        assert np.array_equal(target, expected)


def test_a_forward_displacement_after_the_last_edit_is_not_bounded_by_the_edits_left(monkeypatch):
    """Set #33 of benchmarks/solve.py --hard, answered with four edits, the last at spin 56: Mary wins at turn 98
    on a 5 from 62, where Elizabeth's throw over to the Seat of Expectation (60) at spin 94 displaced her, long
    after the last edit, with none left to the search. A bound that let a player gain ground by displacement
    only as often as edits are left (an edit changes one spin) would give this game up before spin 94, and lose
    the answer (as the horizon does, shown here, without forward displacements at all): the others' own spins,
    unchanged, displace him forward as often as they happen to. The horizon must never give it up."""
    from versus.rules import Game
    from versus.scenes.spins import spin_at
    from versus.solve import horizon as module

    scene = load_scene(ROOT / "scenes" / "longbourn.yaml")
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    n = len(scene.players)
    vocab = Vocabulary(tuple(p.id for p in scene.players), board, rules, scene.max_turns)
    texts = ["mary wins", "elizabeth lands on A DRUNKARD", "mary is confined", "jane lands on PASSION",
             "game lasts at most 100 turns"]
    beats = [parse(t, vocab, beat=True) for t in texts]
    edits = {3: 1, 23: 5, 24: 3, 56: 4}
    spins = np.array([[edits.get(k, spin_at(scene.spins, scene.seed, k, rules.teetotum)[0]) for k in range(1, 200)]])
    sim = Simulator(board, rules, n, scene.max_turns, beats=beats)
    horizon = Horizon(sim.t, sim.plan, n, 100)
    assert any(need.ahead is not None for need in horizon.needs)  # bounded by the frontier
    given_up, held = played(sim, [horizon], Game(board, rules, n).state, spins)
    assert held.all() and not given_up[0].any()

    pushed = module._Moves._pushed  # the same bound with no forward displacement: it gives the answer up

    def backward_only(self):
        return {(at, to) for at, to in pushed(self) if to < at}

    monkeypatch.setattr(module._Moves, "_pushed", backward_only)
    given_up, _ = played(sim, [Horizon(sim.t, sim.plan, n, 100)], Game(board, rules, n).state, spins)
    assert given_up[0].any()
