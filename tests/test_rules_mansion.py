"""The Mansion of Happiness, space by space and switch by switch, on hand-worked spins (docs/rules.md §1)."""

from __future__ import annotations

import pytest
from helpers import game_at, play

from versus.rules import events as ev
from versus.rules.game import GameOver

OFF = {"collisions": "off"}


def kinds(action):
    return [type(e).__name__ for e in action.events]


def test_first_spin_enters_the_board(mansion):
    g = play(game_at(mansion), 3, 5)
    assert g.state.pos == (3, 5) and g.state.player == 0 and g.state.turn == 2


@pytest.mark.parametrize("space,dest", [(2, 8), (4, 10), (13, 19), (15, 21), (18, 24), (23, 29), (31, 37),
                                        (33, 39), (38, 44), (42, 48), (45, 51), (52, 58), (54, 60)])
def test_every_virtue_advances_six(mansion, space, dest):
    g = game_at(mansion, switches=OFF, pos=(space - 1, 0))
    action = g.play(1)
    assert ev.Advanced(0, space, dest) in action.events
    assert g.state.pos[0] == dest  # no chaining: the space reached has no effect


@pytest.mark.parametrize("space,dest", [(23, 29), (45, 52), (54, 61), (52, 59)])
def test_virtue_under_skip_places_does_not_count_places(mansion, space, dest):
    g = game_at(mansion, preset="zh", switches=OFF, pos=(space - 1, 1))
    g.play(1)
    assert g.state.pos[0] == dest


@pytest.mark.parametrize("space", [7, 20, 25, 61])
def test_every_vice_returns_to_the_origin(mansion, space):
    g = game_at(mansion, pos=(space - 2, 0))
    action = g.play(2)
    assert ev.Sent(0, space, space - 2) in action.events
    assert g.state.pos == (space - 2, 0) and g.state.counters == (10, 10)


@pytest.mark.parametrize("space,dest,fine", [(6, 10, 1), (9, 12, 1), (14, 6, 1), (28, 22, 1), (43, 36, 1),
                                             (47, 40, 1), (63, 55, 3), (17, 11, 0), (26, 18, 0)])
def test_tolls_offenses_and_sendings(mansion, space, dest, fine):
    g = game_at(mansion, pos=(space - 3, 0))
    g.play(3)
    assert g.state.pos[0] == dest and g.state.counters[0] == 10 - fine and g.state.pool == fine


@pytest.mark.parametrize("space", [11, 22, 30, 36, 40, 50, 55])
def test_places_do_nothing_when_counted_onto(mansion, space):
    g = game_at(mansion, pos=(space - 1, 0))
    g.play(1)
    assert g.state.pos[0] == space and g.state.waiting == (0, 0) and g.state.counters[0] == 10


def test_a_cheat_is_confined_one_month_then_begins_again(mansion):
    g = game_at(mansion, pos=(31, 0))
    g.play(3)  # A CHEAT: pay 1, go to 30, confined
    assert g.state.pos[0] == 30 and g.state.waiting == (1, 0) and g.state.counters[0] == 9
    g.play(1)  # the other player
    assert not g.state.needs_spin
    released = g.play(None)  # the cheat's next turn releases him, and that turn is over
    assert ev.Released(0, 0) in released.events and g.state.pos[0] == 0 and g.state.player == 1
    g.play(1)
    g.play(3)  # spins from the start square
    assert g.state.pos[0] == 3


def test_a_robber_waits_a_turn_then_is_released_on_the_next(mansion):
    g = game_at(mansion, pos=(55, 0))
    g.play(2)  # A ROBBER: pay 2, PRISON, two months
    assert g.state.pos[0] == 50 and g.state.waiting[0] == 2 and g.state.counters[0] == 8
    play(g, 1, None)
    assert g.state.pos[0] == 50 and g.state.waiting[0] == 1
    play(g, 1, None)
    assert g.state.pos[0] == 0 and g.state.waiting[0] == 0
    play(g, 1, 5)
    assert g.state.pos[0] == 5


def test_overshoot_seat_then_begin_again(mansion):
    g = game_at(mansion, pos=(64, 0))
    action = g.play(5)
    assert ev.Overshot(0, 64, 60, "seat") in action.events and g.state.pos[0] == 60
    g.play(1)
    g.play(6)  # 60 + 6 = 66: no overshoot
    g.play(1)
    action = g.play(3)  # passes 67 again: begin again
    assert ev.Overshot(0, 66, 0, "begin-again") in action.events and g.state.pos[0] == 0
    assert g.state.seat_used[0] is False


def test_exact_arrival_wins_and_ends_the_game(mansion):
    g = game_at(mansion, pos=(61, 0))
    action = g.play(6)
    assert ev.Won(0, 67) in action.events and g.state.winner == 0 and not g.state.needs_spin
    with pytest.raises(GameOver):
        g.play(1)


def test_fines_never_take_counters_below_zero(mansion):
    g = game_at(mansion, pos=(60, 0), counters=(2, 10))
    g.play(3)  # SUMMIT OF DISSIPATION: fine of three, only two to pay
    assert g.state.counters[0] == 0 and g.state.pool == 2


# -- collisions (rule 16) ------------------------------------------------------------------------
def test_case_c_newcomer_pays_one_and_the_other_goes_to_the_origin(mansion):
    g = play(game_at(mansion), 3)
    action = g.play(3)
    assert ev.Displaced(0, 1, 3, 0) in action.events
    assert g.state.pos == (0, 3) and g.state.counters == (10, 9) and g.state.pool == 1


def test_case_c_pays_once_for_several(mansion):
    g = game_at(mansion, players=3, pos=(5, 5, 2), player=2)
    g.play(3)
    assert g.state.pos == (2, 2, 5) and g.state.counters == (10, 10, 9)


def test_case_b_an_offender_takes_the_place_without_paying_more(mansion):
    g = game_at(mansion, pos=(22, 24), player=1)
    g.play(4)  # SABBATH BREAKER: fine 1, to 22 where player 0 stands
    assert g.state.pos == (24, 22) and g.state.counters == (10, 9) and g.state.pool == 1


def test_a_toll_is_no_offense(mansion):
    g = game_at(mansion, pos=(10, 3), player=1)
    g.play(3)  # THE WATER: pay 1, go to 10 where player 0 stands: case c, pay 1 more
    assert g.state.pos == (3, 10) and g.state.counters == (10, 8)


def test_a_vice_returning_to_the_origin_displaces_nobody(mansion):
    g = game_at(mansion, players=3, pos=(5, 5, 5))
    g.play(2)  # AUDACITY: back to 5, which is the origin
    assert g.state.pos == (5, 5, 5) and g.state.counters == (10, 10, 10)


def test_no_collision_on_the_start_square(mansion):
    g = game_at(mansion, pos=(30, 60), waiting=(1, 0), confined=(True, False), seat_used=(False, True), player=1)
    g.play(1)  # overshoot a second time: begin again on 0, where nobody is displaced
    g = game_at(mansion, preset="zh", pos=(1, 64), seat_used=(False, True), player=1)
    g.play(6)  # begins again on JUSTICE, where player 0 stands
    assert g.state.pos == (1, 1) and g.state.counters == (10, 10)


def test_collisions_off_lets_tokens_share(mansion):
    g = play(game_at(mansion, switches=OFF), 3, 3)
    assert g.state.pos == (3, 3) and g.state.counters == (10, 10)


def test_seat_of_expectation_is_an_ordinary_arrival(mansion):
    g = game_at(mansion, pos=(60, 65), player=1)
    g.play(4)
    assert g.state.pos == (65, 60) and g.state.counters == (10, 9)


def test_case_a_relief_begin_again(mansion):
    g = game_at(mansion, pos=(30, 31), waiting=(1, 0), confined=(True, False), seat_used=(True, False), player=1)
    action = g.play(3)  # A CHEAT: to 30, where player 0 is confined for the same crime
    assert ev.Relieved(0, 1, 0) in action.events
    s = g.state
    assert s.pos == (0, 30) and s.waiting == (0, 1) and s.confined == (False, True)
    assert s.seat_used[0] is False and s.counters == (10, 9) and s.player == 0


def test_case_a_relief_also_moves_unconfined_players_there(mansion):
    g = game_at(mansion, players=3, pos=(30, 30, 31), waiting=(1, 0, 0), confined=(True, False, False), player=2)
    g.play(3)
    assert g.state.pos == (0, 31, 30)


def test_case_a_relief_return_and_spin(mansion):
    g = game_at(mansion, pos=(30, 31), waiting=(1, 0), confined=(True, False), crime_origin=(32, 0),
                player=1, switches={"relief": "return-and-spin"})
    action = g.play(3)
    assert ev.Relieved(0, 1, 32) in action.events
    assert g.state.pos == (32, 30) and g.state.needs_spin and g.state.spinner == 0
    relief = g.play(1)  # SINCERITY from 32: advance to 39; an action attributed to player 0
    assert relief.player == 0 and g.state.pos == (39, 30)
    assert g.state.player == 0 and g.state.pending is None  # the relieving player's turn is over


def test_a_cheat_sent_from_30_to_30_still_relieves(mansion):
    g = game_at(mansion, pos=(30, 30), waiting=(1, 0), confined=(True, False), player=1)
    g.play(4)  # from 30 (unconfined) to A CHEAT, sent back to 30
    assert g.state.pos == (0, 30) and g.state.confined == (False, True)


def test_case_a_counting_onto_a_prisoner_means_spin_again(mansion):
    g = game_at(mansion, pos=(30, 27), waiting=(1, 0), confined=(True, False), player=1)
    action = g.play(3)
    assert ev.Respun(1, 27) in action.events and g.state.pos == (30, 27)
    assert g.state.spinner == 1 and g.state.needs_spin
    same = g.play(3)  # the same spin: he remains where he was
    assert ev.Stayed(1, 27) in same.events and g.state.pos == (30, 27) and g.state.player == 0


def test_case_a_re_spin_with_another_number_plays_it(mansion):
    g = game_at(mansion, pos=(30, 27), waiting=(1, 0), confined=(True, False), player=1)
    play(g, 3, 2)
    assert g.state.pos == (30, 29) and g.state.player == 0 and g.state.counters == (10, 10)


def test_displaced_player_has_not_begun_again(mansion):
    g = game_at(mansion, pos=(21, 19), seat_used=(True, False), player=1)
    g.play(2)
    assert g.state.pos == (19, 21) and g.state.seat_used == (True, False)


def test_skip_places_counting(mansion):
    g = game_at(mansion, preset="zh", pos=(10, 1))
    g.play(1)
    assert g.state.pos[0] == 12  # 11 (POVERTY) is not a step
    g = game_at(mansion, preset="zh", pos=(48, 1))
    g.play(2)
    assert g.state.pos[0] == 51  # 49, then 51: PRISON is passed over


def test_justice_start(mansion):
    g = game_at(mansion, preset="zh")
    assert g.state.pos == (1, 1)
    g.play(1)
    assert g.state.pos == (8, 1)  # 2 is PIETY: advance six


def test_teetotum_switch_limits_spins(mansion):
    g = game_at(mansion, switches={"teetotum": 8})
    g.play(8)
    assert g.state.pos[0] == 8
    with pytest.raises(ValueError):
        game_at(mansion).play(7)


def test_skipped_turn_takes_no_spin(mansion):
    g = game_at(mansion, waiting=(1, 0), confined=(True, False), pos=(30, 0))
    with pytest.raises(ValueError):
        g.play(3)
    with pytest.raises(ValueError):
        game_at(mansion).play(None)


def test_undo_restores_the_previous_state(mansion):
    g = play(game_at(mansion), 3, 3)
    before = g.state
    g.play(6)
    g.undo()
    assert g.state == before and len(g.actions) == 2
    g.undo(), g.undo()
    assert g.undo() is None and g.state.turn == 0


def test_a_copy_goes_its_own_way(mansion):
    g = play(game_at(mansion), 3, 5)
    twin = g.copy()
    twin.play(6)
    assert len(g.actions) == 2 and len(twin.actions) == 3 and twin.states[:3] == g.states
    twin.undo(), twin.undo()
    assert g.state.pos == (3, 5) and twin.state.pos == (3, 0)
