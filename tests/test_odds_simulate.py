"""The vectorised simulator plays the engine's rules: same spins, same game, game by game.

For pre-drawn spins per game, every board and preset (and the switches one at a time) with 2 to
6 players: the same winner, number of turns, spins used, counters and counters paid as the rules
engine; the same beats as the scene Tracker; and the same again from states in the middle of games,
including states owing a re-spin, a relief spin or extra spins.
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from versus.boards import load_board, space_kinds
from versus.odds.beats import PrefixTracker
from versus.odds.plain import play_engine
from versus.odds.simulate import Simulator, Start
from versus.odds.spins import TableSpins
from versus.rules import Game
from versus.rules.game import initial_state
from versus.scenes.model import Pattern
from versus.scenes.patterns import END_KINDS

SPINS = 1500  # pre-drawn spins per game, more than any game here uses

# (board, preset, switches, games, max_turns): hundreds of games for each preset, fewer per switch. Two hundred
# a preset reach every line and branch of the rules engine and the simulator that a thousand do (counted with
# coverage.py, branch coverage): the rest only repeated them.
CONFIGS = [
    ("mansion-of-happiness", "ives", {}, 200, 100),
    ("mansion-of-happiness", "zh", {}, 200, 100),
    ("virtue-rewarded", "darton", {}, 200, 100),
    ("mansion-of-happiness", "ives", {"collisions": "off"}, 100, 100),
    ("mansion-of-happiness", "ives", {"relief": "return-and-spin"}, 200, 150),
    ("mansion-of-happiness", "ives", {"start": "justice"}, 100, 100),
    ("mansion-of-happiness", "ives", {"counting": "skip-places"}, 100, 100),
    ("mansion-of-happiness", "ives", {"teetotum": 12}, 100, 100),
    ("mansion-of-happiness", "zh", {"teetotum": 2}, 100, 100),
    ("virtue-rewarded", "darton", {"teetotum": 6}, 100, 100),
    ("virtue-rewarded", "darton", {"teetotum": 2}, 100, 100),
]


def _engine_rows(board, rules, state, matrix, max_turns, k0=1, beats=()):
    return [play_engine(board, rules, state, lambda k, row=row: int(row[k - 1]), max_turns, beats, k=k0)
            for row in matrix]


@pytest.mark.parametrize("board_id,preset,switches,games,max_turns", CONFIGS,
                         ids=[f"{c[0][:7]}-{c[1]}-{'-'.join(f'{k}={v}' for k, v in c[2].items()) or 'plain'}"
                              for c in CONFIGS])
def test_same_games_as_the_engine(board_id, preset, switches, games, max_turns):
    board = load_board(board_id)
    rules = board.rules(preset, **switches)
    rng = np.random.default_rng(zlib.crc32(repr((board_id, preset, switches)).encode()))
    mismatches = []
    for players in range(2, 7):
        count = games // 5
        matrix = rng.integers(1, rules.teetotum + 1, size=(count, SPINS))
        state = initial_state(board, rules, players)
        spins = TableSpins(matrix)
        out = Simulator(board, rules, players, max_turns, money=True).run(Start.repeat(state, count), spins)
        assert not spins.overrun
        for g, played in enumerate(_engine_rows(board, rules, state, matrix, max_turns)):
            got = (int(out.winner[g]), int(out.turns[g]), int(out.spins[g]), tuple(out.counters[g]),
                   tuple(out.paid[g]))
            want = (played.winner, played.turns, played.spins, played.counters, played.paid)
            if got != want:
                mismatches.append((players, g, got, want))
    assert not mismatches, mismatches[:3]


def _mid_game_states(board, rules, players, rng, wanted=60):
    """States from inside engine games, with every pending kind the rules produce among them."""
    found = []
    while len(found) < wanted:
        game = Game(board, rules, players)
        k = 1
        stop = int(rng.integers(5, 200))
        while not game.state.over and game.state.turn < 300:
            state = game.state
            if state.pending is not None or len(game.states) == stop:
                found.append((state, k, tuple(game.actions)))
                if len(game.states) >= stop:
                    break
            if state.needs_spin:
                game.play(int(rng.integers(1, rules.teetotum + 1)))
                k += 1
            else:
                game.play(None)
    return found


@pytest.mark.parametrize("board_id,switches", [
    ("mansion-of-happiness", {}), ("mansion-of-happiness", {"relief": "return-and-spin"}),
    ("mansion-of-happiness", {"start": "justice", "counting": "skip-places", "relief": "return-and-spin"}),
    ("virtue-rewarded", {}),
])
def test_same_continuations_from_the_middle_of_games(board_id, switches):
    board = load_board(board_id)
    rules = board.rules(None, **switches)
    rng = np.random.default_rng(7)
    kinds = set()
    for players in (2, 4):
        starts = _mid_game_states(board, rules, players, rng, wanted=40)
        kinds |= {s.pending.kind for s, _, _ in starts if s.pending}
        states = [s for s, _, _ in starts]
        ks = [k for _, k, _ in starts]
        matrix = rng.integers(1, rules.teetotum + 1, size=(len(states), SPINS + 300))
        out = Simulator(board, rules, players, 250, money=True).run(
            Start.from_states(states, k=ks), TableSpins(matrix))
        for g, (state, k, _) in enumerate(starts):
            played = play_engine(board, rules, state, lambda j: int(matrix[g, j - 1]), 250, k=k)
            assert (int(out.winner[g]), int(out.turns[g]), int(out.spins[g]), tuple(out.counters[g])) == \
                (played.winner, played.turns, played.spins, played.counters), (players, g, state)
    assert kinds, "no pending states were exercised"


def _beats(board, rules, players):
    spaces = [s.number for s in board.spaces if s.name]
    beats = [Pattern("turn", number=30), Pattern("round", number=12),
             Pattern("lasts-at-least", number=50), Pattern("lasts-at-most", number=70),
             Pattern("lead-changes", number=3), Pattern("lead-changes", number=8)]
    for p in range(players):
        beats += [Pattern("leads-after", p, number=9), Pattern("leads-after", p, number=40),
                  Pattern("trails", p, number=12), Pattern("trails", p, number=30)]
        beats += [Pattern("wins", p), Pattern("pays", p), Pattern("pays", p, number=4),
                  Pattern("confined", p), Pattern("overshoots", p), Pattern("reaches", p, space=rules.start or 1)]
        for space in spaces[p % 4::4]:
            beats += [Pattern("lands", p, space=space), Pattern("reaches", p, space=space)]
        if rules.collisions:
            beats += [Pattern("displaces", p, other=q) for q in range(players) if q != p]
    return beats + _story_beats(board, players)


def _story_beats(board, players):
    """The story's own patterns: a kind of space, losing, finishing last, leading at the end, a short game."""
    beats = [Pattern("wins-within", None, number=n) for n in (40, 80)]
    for p in range(players):
        beats += [Pattern("loses", p), Pattern("last", p), Pattern("leads-at-end", p),
                  Pattern("wins-within", p, number=60)]
        for kind in space_kinds(board.id):
            beats += [Pattern("lands-kind", p, spaces=kind.spaces), Pattern("reaches-kind", p, spaces=kind.spaces)]
    return beats


@pytest.mark.parametrize("board_id,preset", [("mansion-of-happiness", "ives"), ("mansion-of-happiness", "zh"),
                                             ("virtue-rewarded", "darton")])
def test_same_beats_as_the_scene_tracker(board_id, preset):
    board = load_board(board_id)
    rules = board.rules(preset)
    rng = np.random.default_rng(11)
    # The scene Tracker, fed every action with every beat, is most of the cost: 60 games see about as many beats
    # happen somewhere as 75 did (within three of 150 to 180), and reach every line and branch of the simulator
    # and the Tracker that 75 do (counted with coverage.py; 45 games missed a relief by the same crime under zh).
    for players, games in ((2, 40), (4, 20)):
        beats = _beats(board, rules, players)
        matrix = rng.integers(1, rules.teetotum + 1, size=(games, SPINS))
        state = initial_state(board, rules, players)
        out = Simulator(board, rules, players, 120, beats=beats).run(
            Start.repeat(state, games, beats=len(beats)), TableSpins(matrix))
        held = np.zeros(len(beats), dtype=int)
        for g, played in enumerate(_engine_rows(board, rules, state, matrix, 120, beats=beats)):
            assert tuple(out.held[g]) == played.held, [str(b) or b for b, a, e in
                                                       zip(beats, out.held[g], played.held, strict=False) if a != e]
            held += played.held
        assert (held > 0).sum() > len(beats) // 2  # most beats happen somewhere, so the check has teeth


def test_beats_from_the_middle_of_a_game_count_what_went_before():
    """Each game started mid-way with its prefix's snapshot (all of them in one run, a row each) holds the
    beats the whole game holds through the engine: the prefix, then the same continuation."""
    board = load_board("mansion-of-happiness")
    rules = board.rules("ives")
    beats = _beats(board, rules, 2)
    rng = np.random.default_rng(3)
    starts = _mid_game_states(board, rules, 2, rng, wanted=25)
    trackers, prefixes = [], []
    for _, _, actions in starts:
        tracker = PrefixTracker(beats, 2)
        for action in actions:
            tracker.feed(action)
        trackers.append(tracker)
        prefixes.append(tracker.snapshot())  # a value: the tracker goes on below, through the continuation
    matrix = rng.integers(1, rules.teetotum + 1, size=(len(starts), SPINS))
    out = Simulator(board, rules, 2, 150, beats=beats).run(
        Start.from_states([s for s, _, _ in starts], k=[k for _, k, _ in starts], prefixes=prefixes),
        TableSpins(matrix))
    for g, ((state, k, actions), whole) in enumerate(zip(starts, trackers, strict=True)):
        game = Game(board, rules, 2)  # the prefix replays through the engine
        for action in actions:
            game.play(action.spin)
        played = play_engine(board, rules, state, lambda j, g=g: int(matrix[g, j - 1]), 150, k=k)
        cont = Game.from_state(board, rules, state)
        j = k
        while not (cont.state.over or (cont.state.turn >= 150 and cont.state.pending is None)):
            if cont.state.needs_spin:
                whole.feed(cont.play(int(matrix[g, j - 1])))
                j += 1
            else:
                whole.feed(cont.play(None))
        expected = list(whole.held)
        for i, b in enumerate(beats):
            if b.kind == "wins":
                expected[i] = played.winner == b.player
            elif b.kind == "pays":
                expected[i] = whole.tracker.paid[b.player] >= (b.number or 1)
            elif b.kind in ("turn", "lasts-at-least"):
                expected[i] = played.turns >= b.number
            elif b.kind == "round":
                expected[i] = played.turns >= (b.number - 1) * 2 + 1
            elif b.kind == "lasts-at-most":
                expected[i] = played.turns <= b.number
            elif b.kind == "wins-within":
                expected[i] = played.winner in ((0, 1) if b.player is None else (b.player,)) and played.turns <= b.number
            elif b.kind in END_KINDS:
                expected[i] = i in whole.tracker.at_end(cont.state.pos, cont.state.winner)
        assert list(out.held[g]) == expected, (g, state)
