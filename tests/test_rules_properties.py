"""Invariants of the rules engine over random spin sequences (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from versus.boards import load_board
from versus.commands.trace import trace_lines
from versus.rules import Game, Stream

BOARDS = {
    "mansion-of-happiness": [
        {}, {"counting": "skip-places", "start": "justice"}, {"collisions": "off"},
        {"relief": "return-and-spin"}, {"teetotum": 12}, {"teetotum": 2},
    ],
    "virtue-rewarded": [{}, {"teetotum": 6}, {"teetotum": 2}],
}


@st.composite
def games(draw):
    board_id = draw(st.sampled_from(sorted(BOARDS)))
    switches = draw(st.sampled_from(BOARDS[board_id]))
    board = load_board(board_id)
    rules = board.rules(None, **switches)
    players = draw(st.integers(2, 6))
    spins = draw(st.lists(st.integers(1, rules.teetotum), max_size=300))
    return board, rules, players, spins


def play_out(board, rules, players, spins):
    """Play every spin; yield the game after each action."""
    game = Game(board, rules, players)
    feed = iter(spins)
    while not game.state.over:
        spin = next(feed, None) if game.state.needs_spin else None
        if game.state.needs_spin and spin is None:
            break
        game.play(spin)
        yield game


@settings(max_examples=150, deadline=None)
@given(games())
def test_counters_plus_pool_are_conserved_and_never_negative(case):
    board, _rules, players, _spins = case
    for game in play_out(*case):
        s = game.state
        assert sum(s.counters) + s.pool == board.counters * players
        assert min(s.counters) >= 0 and s.pool >= 0


@settings(max_examples=150, deadline=None)
@given(games())
def test_positions_stay_on_the_board(case):
    board = case[0]
    for game in play_out(*case):
        assert all(0 <= p <= board.goal for p in game.state.pos)
        assert all(w >= 0 for w in game.state.waiting)


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_game_ends_or_keeps_asking_for_spins(case):
    board, _rules, _players, spins = case
    last = None
    for last in play_out(*case):
        pass
    if last is None:
        return
    s = last.state
    used = last.spins_used
    assert s.over or (s.needs_spin and used == len(spins))
    if s.over:
        assert s.pos[s.winner] == board.goal and not s.needs_spin


@settings(max_examples=100, deadline=None)
@given(games())
def test_undo_restores_the_exact_previous_state(case):
    board, rules, players, _spins = case
    states = [Game(board, rules, players).state]
    game = None
    for game in play_out(*case):
        states.append(game.state)
    if game is None:
        return
    while game.actions:
        assert game.state == states.pop()
        game.undo()
    assert game.state == states.pop() and not states


@settings(max_examples=60, deadline=None)
@given(games())
def test_the_same_spins_give_the_same_trace(case):
    board, rules, players, spins = case
    first = list(trace_lines(Game(board, rules, players), spins))
    second = list(trace_lines(Game(board, rules, players), spins))
    assert first == second


@settings(max_examples=150, deadline=None)
@given(games())
def test_playing_with_events_on_reaches_the_same_state(case):
    """An action is played without events and tells them later by playing it again with events on (and,
    for the common spaces, by another path): both must reach the same state, and stream the same as play."""
    board, rules, players, spins = case
    game = None
    for game in play_out(*case):
        action, before = game.actions[-1], game.states[-2]
        turn = game._turn
        events: list = []
        assert turn.after(before, action.player, action.spin, events) == game.state
        assert tuple(events) == action.events
    if game is not None:
        streamed = list(Stream(board, rules, players).play(spins))
        assert [s for _, s in streamed] == list(game.states[1:])
        assert [a for a, _ in streamed] == list(game.actions)


@settings(max_examples=40, deadline=None)
@given(games())
def test_an_action_keeps_its_manners(case):
    """Equal by player, spin and events, hashed alike, immutable, and pickled with its events."""
    import pickle

    import pytest

    from versus.rules import Action

    game = None
    for game in play_out(*case):
        pass
    if game is None:
        return
    for action in game.actions:
        again = pickle.loads(pickle.dumps(action))
        assert again == action and hash(again) == hash(action) and repr(again) == repr(action)
        assert again == Action(action.player, action.spin, action.events) and again == action
        with pytest.raises(AttributeError):
            action.events = ()  # type: ignore[misc]
        with pytest.raises(AttributeError):
            action.player = 9  # type: ignore[misc]


@settings(max_examples=60, deadline=None)
@given(games(), st.lists(st.integers(1, 2), max_size=40))
def test_a_stream_from_a_game_plays_on_as_the_game_would_and_leaves_it_able_to_undo(case, more):
    """One-way play is its own object: streaming on from a game never takes the game's history away."""
    _board, _rules, _players, _spins = case
    game = None
    for game in play_out(*case):
        pass
    if game is None or game.state.over:
        return
    states, actions = game.states, game.actions
    stream = game.stream()
    streamed = list(stream.play(more))
    assert game.states == states and game.actions == actions  # the game is as it was
    twin = game.copy()
    for action, after in streamed:
        assert twin.play(action.spin) == action and twin.state == after
    assert stream.state == twin.state and stream.spins_used == twin.spins_used - game.spins_used
    if actions:
        assert game.undo() == actions[-1] and game.state == states[-2]
