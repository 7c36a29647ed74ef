"""Simulated odds agree with exact values, within statistical tolerance.

With no collisions (the Mansion with collisions off, or Virtue, which has none) the players never
touch: each one's position is a Markov chain of its own, and counters never move a token. The
chance that a player needs exactly t of his own turns to win is then worked out exactly from the
chain, whose transitions are taken one spin at a time from the rules engine itself; who wins is the
first to finish in seat order, and a game nobody has won after end.max_turns turns is won by nobody.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from versus.boards import load_board
from versus.odds import estimate, live_odds
from versus.odds.simulate import Simulator, Start
from versus.odds.spins import RandomSpins
from versus.rules import Game
from versus.rules.game import initial_state
from versus.scenes.model import Person, Scene

Key = tuple  # (pos, waiting, confined, seat_used) of the one player


def _key(state, p: int = 0) -> Key:
    return state.pos[p], state.waiting[p], state.confined[p], state.seat_used[p]


def _one_turn(board, rules, key: Key) -> dict[tuple[Key, bool], float]:
    """Where one turn of player 0 leaves him (and whether he has won), with its chance.

    A Virtue turn can go round a loop of extra spins (Prudence, Folly, Charity, Avarice,
    Impertinence back to Prudence ...), so the turn is followed as a distribution over the states
    within it until the chance still in play is negligible (it shrinks geometrically).
    """
    start = initial_state(board, rules, 2)
    pos, waiting, confined, seat = key
    first = dataclasses.replace(start, pos=(pos, rules.start), waiting=(waiting, 0),
                                confined=(confined, False), seat_used=(seat, False))
    out: dict[tuple[Key, bool], float] = {}
    faces = rules.teetotum
    within = {first: 1.0}
    while sum(within.values()) > 1e-15:
        after: dict = {}
        for state, chance in within.items():
            game = Game.from_state(board, rules, state)
            for spin in (range(1, faces + 1) if state.needs_spin else (None,)):
                game.play(spin)
                # Counters never move a token: keep them fixed so the states within a turn stay few.
                nxt = dataclasses.replace(game.state, counters=first.counters, pool=first.pool)
                share = chance / (faces if spin else 1)
                game.undo()
                if nxt.over or (nxt.player == 1 and nxt.pending is None):
                    k = (_key(nxt), nxt.winner == 0)
                    out[k] = out.get(k, 0.0) + share
                else:
                    after[nxt] = after.get(nxt, 0.0) + share
        within = after
    return out


_MEMO: dict = {}


def own_turns_to_win(board, rules, turns: int) -> list[float]:
    """f[t]: the chance that a player wins on exactly his t-th own turn (t from 1), no collisions."""
    first = _key(initial_state(board, rules, 2))
    dist = {first: 1.0}
    memo = _MEMO.setdefault((board.id, rules), {})
    f = [0.0]
    for _ in range(turns):
        nxt: dict[Key, float] = {}
        won = 0.0
        for key, p in dist.items():
            if key not in memo:
                memo[key] = _one_turn(board, rules, key)
            for (after, win), q in memo[key].items():
                if win:
                    won += p * q
                else:
                    nxt[after] = nxt.get(after, 0.0) + p * q
        f.append(won)
        dist = nxt
    return f


def exact_odds(board, rules, players: int, max_turns: int) -> tuple[list[float], float, float]:
    """(chance each seat wins, chance nobody does, expected turns played)."""
    f = own_turns_to_win(board, rules, max_turns // players + 2)
    survive = [1.0]  # survive[t]: not yet won after t own turns
    for t in range(1, len(f)):
        survive.append(survive[-1] - f[t])
    win = [0.0] * players
    turns = 0.0
    for t in range(1, len(f)):
        for i in range(players):
            turn = (t - 1) * players + i + 1
            if turn > max_turns:
                continue
            # Seats before i have had t turns, seats after i only t - 1, none of them winning.
            chance = f[t] * survive[t] ** i * survive[t - 1] ** (players - 1 - i)
            win[i] += chance
            turns += chance * turn
    nobody = 1.0 - sum(win)
    return win, nobody, turns + nobody * max_turns


def _scene(board_id: str, preset: str, switches: dict, players: int, max_turns: int) -> Scene:
    people = tuple(Person(id=f"p{i}", name=f"P{i}", called=f"P{i}", pronoun="she") for i in range(players))
    return Scene(path="exact.yaml", title="exact", game=board_id, preset=preset,
                 switches=tuple(switches.items()), seed=0, players=people, max_turns=max_turns)


CASES = [
    ("mansion-of-happiness", "ives", {"collisions": "off"}, 2, 60),
    ("mansion-of-happiness", "ives", {"collisions": "off"}, 3, 200),
    ("mansion-of-happiness", "zh", {"collisions": "off"}, 2, 90),
    ("virtue-rewarded", "darton", {}, 2, 50),
    ("virtue-rewarded", "darton", {}, 4, 150),
]


@pytest.mark.parametrize("board_id,preset,switches,players,max_turns", CASES)
def test_win_odds_and_turns_agree_with_the_markov_chain(board_id, preset, switches, players, max_turns):
    board = load_board(board_id)
    rules = board.rules(preset, **switches)
    win, nobody, turns = exact_odds(board, rules, players, max_turns)
    games = 40_000
    odds = estimate(_scene(board_id, preset, switches, players, max_turns), games=games, seed=5)
    for seat in range(players):
        sigma = math.sqrt(win[seat] * (1 - win[seat]) / games)
        assert abs(odds.win[seat] - win[seat]) < 4.5 * sigma + 1e-9, (seat, odds.win[seat], win[seat])
    sigma = math.sqrt(nobody * (1 - nobody) / games)
    assert abs(odds.no_winner - nobody) < 4.5 * sigma + 1e-9
    # Turns played: the standard deviation of one game's length is at most max_turns / 2.
    assert abs(odds.turns_left - turns) < 4.5 * (max_turns / 2) / math.sqrt(games)


def test_the_exact_values_are_not_trivial():
    board = load_board("mansion-of-happiness")
    win, nobody, _ = exact_odds(board, board.rules("ives", collisions="off"), 2, 60)
    assert 0.2 < win[0] < 0.5 and 0.2 < win[1] < 0.5 and 0.3 < nobody < 0.6
    assert win[0] > win[1]  # the first seat finishes first in a round


def test_live_odds_agree_too():
    board = load_board("virtue-rewarded")
    rules = board.rules("darton")
    win, _, _ = exact_odds(board, rules, 2, 50)
    scene = _scene("virtue-rewarded", "darton", {}, 2, 50)
    got = live_odds(scene, initial_state(board, rules, 2), games=20_000, seed=1)
    for seat in (0, 1):
        assert abs(got[seat] - win[seat]) < 4.5 * math.sqrt(win[seat] * (1 - win[seat]) / 20_000)


def test_the_simulator_alone_matches_with_collisions_off_at_many_turns():
    board = load_board("mansion-of-happiness")
    rules = board.rules("ives", collisions="off")
    win, nobody, _ = exact_odds(board, rules, 2, 400)
    out = Simulator(board, rules, 2, 400).run(Start.repeat(initial_state(board, rules, 2), 30_000),
                                             RandomSpins(6, np.random.default_rng(9)))
    got = np.bincount(out.winner + 1, minlength=3) / 30_000
    assert abs(got[1] - win[0]) < 4.5 * math.sqrt(win[0] * (1 - win[0]) / 30_000)
    assert abs(got[0] - nobody) < 4.5 * math.sqrt(nobody * (1 - nobody) / 30_000)
