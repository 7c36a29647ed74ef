"""Virtue Rewarded and Vice Punished, square by square, on hand-worked spins (docs/rules.md §2)."""

from __future__ import annotations

import pytest
from helpers import game_at, play

from versus.rules import events as ev


def test_everyone_puts_four_into_the_bank(virtue):
    g = game_at(virtue, players=3)
    assert g.state.counters == (8, 8, 8) and g.state.pool == 12 and g.state.pos == (0, 0, 0)


# (square, counters after for players 0..2, bank after, position after) from 8/8/8 and a bank of 12
@pytest.mark.parametrize("square,counters,bank,pos", [
    (3, (4, 9, 9), 14, 3),      # Hypocrisy: 2 to the bank, then 1 to each
    (4, (10, 7, 7), 12, 4),     # Honesty: 1 from each
    (7, (4, 8, 8), 16, 7),      # Avarice: half of 8
    (8, (10, 8, 8), 10, 8),     # Poverty: 2 from the bank
    (10, (10, 7, 7), 12, 10),   # Faith
    (11, (8, 8, 8), 12, 2),     # Impertinence: to Prudence, no spin again (no chaining)
    (12, (14, 7, 7), 8, 12),    # Truth: 4 from the bank, then 1 from each
    (14, (8, 8, 8), 12, 14),    # Hope: nothing
    (15, (5, 9, 9), 13, 15),    # Luxury: 1 to the bank, then 1 to each
    (17, (8, 8, 8), 12, 2),     # Carelessness
    (18, (11, 8, 8), 9, 18),    # Patience: 3 from the bank
    (19, (8, 8, 8), 12, 1),     # Brutality: to 1, no wait (no chaining)
    (20, (10, 7, 7), 12, 20),   # Morality
    (21, (5, 9, 9), 13, 21),    # Malice: 1 to each, then 1 to the bank
    (24, (8, 8, 8), 12, 31),    # Piety: to Temperance, no spin again
    (28, (6, 8, 8), 14, 18),    # Obstinacy: to Patience, 2 to the bank
    (29, (8, 8, 8), 12, 31),    # Civility: advance two
])
def test_squares_with_a_single_spin(virtue, square, counters, bank, pos):
    g = game_at(virtue, players=3, pos=(square - 1, 0, 0))
    g.play(1)
    assert (g.state.counters, g.state.pool, g.state.pos[0]) == (counters, bank, pos)
    assert g.state.player == 1 and g.state.waiting == (0, 0, 0)


@pytest.mark.parametrize("square,waits,pos", [(1, 3, 1), (9, 2, 9), (13, 2, 1), (25, 2, 25), (30, 3, 9), (32, 2, 18)])
def test_waits(virtue, square, waits, pos):
    g = game_at(virtue, pos=(square - 1, 0), waiting=(0, 20))  # the other player sits out throughout
    g.play(1)
    assert g.state.waiting == (waits, 19 + 1) and g.state.pos[0] == pos
    for left in range(waits - 1, -1, -1):
        g.play(None)
        action = g.play(None)
        assert ev.Waited(0, left) in action.events and g.state.pos[0] == pos
    g.play(None)
    assert g.state.player == 0 and g.state.needs_spin


@pytest.mark.parametrize("square,extra", [(2, 1), (5, 1), (6, 3), (16, 1), (22, 1), (23, 1), (27, 1), (31, 1)])
def test_spin_again(virtue, square, extra):
    g = game_at(virtue, pos=(square - 1, 0))
    g.play(1)
    assert g.state.player == 0 and g.state.pending.owed == extra


def test_spins_owed_add_up(virtue):
    g = game_at(virtue, pos=(5, 0))
    play(g, 1, 1, 1)  # Charity (3 more), Avarice, Poverty
    assert g.state.pending.owed == 1
    g = game_at(virtue, pos=(1, 0))
    play(g, 1, 4)  # Prudence (1 more), then Charity (3 more)
    assert g.state.pending.owed == 3 and g.state.pos[0] == 6


def test_a_wait_loses_the_spins_still_owed(virtue):
    g = game_at(virtue, pos=(5, 0))
    play(g, 1, 1, 1, 1)  # Charity, Avarice, Poverty, The Stocks
    assert g.state.player == 1 and g.state.pending is None and g.state.waiting == (2, 0)


def test_confusion_goes_back_to_the_origin_of_the_spin(virtue):
    g = game_at(virtue, pos=(23, 0))
    action = g.play(3)
    assert ev.Sent(0, 26, 23) in action.events and g.state.pos[0] == 23


@pytest.mark.parametrize("origin,spin,pos", [(31, 4, 29), (31, 3, 30), (32, 4, 29), (30, 4, 29), (32, 2, 31)])
def test_overshoot_goes_back_by_the_excess(virtue, origin, spin, pos):
    g = game_at(virtue, pos=(origin, 0))
    action = g.play(spin)
    assert ev.Overshot(0, origin, pos, "bounce") in action.events
    assert g.state.pos[0] == pos and g.state.player == 1  # no direction (not even Falsehood): the turn ends


def test_overshoot_bounce_floor(virtue):
    g = game_at(virtue, pos=(30, 0), switches={"teetotum": 12})
    g.play(12)  # 42 is nine beyond: 30 - 9 = 21
    assert g.state.pos[0] == 21
    g = game_at(virtue, players=2, pos=(32, 0), switches={"teetotum": 2})
    g.play(2)  # one beyond: 31, Temperance, with no direction applied
    assert g.state.pos[0] == 31 and g.state.player == 1


def test_overshoot_from_an_extra_spin_loses_the_rest(virtue):
    g = game_at(virtue, pos=(30, 0))
    play(g, 1)  # Temperance: spin again
    g.play(4)  # 35: back to 29, the turn ends
    assert g.state.pos[0] == 29 and g.state.player == 1 and g.state.pending is None


def test_virtue_takes_the_bank_and_wins(virtue):
    g = game_at(virtue, players=3, pos=(30, 0, 0))
    action = g.play(3)
    assert ev.Won(0, 33) in action.events and g.state.counters[0] == 20 and g.state.pool == 0
    assert g.state.winner == 0


def test_payers_short_of_counters_pay_what_they_have_in_order(virtue):
    g = game_at(virtue, players=3, pos=(2, 0, 0), counters=(3, 8, 8))
    g.play(1)  # Hypocrisy: 2 to the bank, then 1 to the next player, nothing to the last
    assert g.state.counters == (0, 9, 8) and g.state.pool == 14
    g = game_at(virtue, players=3, pos=(3, 0, 0), counters=(8, 0, 8))
    g.play(1)  # Honesty: one from each who has one
    assert g.state.counters == (9, 0, 7)


def test_each_player_starts_after_the_player_concerned(virtue):
    g = game_at(virtue, players=3, pos=(0, 2, 0), counters=(8, 3, 8), player=1)
    g.play(1)  # player 1 pays 2 to the bank then 1 to player 2 (next after him), none to player 0
    assert g.state.counters == (8, 0, 9)


def test_player_limits(virtue):
    from versus.rules import Game, RulesError

    with pytest.raises(RulesError):
        Game(virtue, virtue.rules(), 13)
    with pytest.raises(RulesError):
        Game(virtue, virtue.rules(), 1)
    Game(virtue, virtue.rules(), 12)
