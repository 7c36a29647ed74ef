"""The race figures and the drama beats, against games worked out by hand (docs/race.md).

The hand-worked game: the Mansion under `ives` with collisions off, two players, Elizabeth (A)
then Darcy (B), spins 1, 4, 1, 2, 5:

    turn 1  A 0+1 -> 1 (JUSTICE)                          A leads alone (the first lead: no change)
    turn 2  B 0+4 -> 4 (HONESTY, advance 6) -> 10        B leads: change 1; A trails by 9
    turn 3  A 1+1 -> 2 (PIETY, advance 6) -> 8           A trails by 2
    turn 4  B 10+2 -> 12                                 A trails by 4
    turn 5  A 8+5 -> 13 (TEMPERANCE, advance 6) -> 19    A leads: change 2; B trails by 7

Exactly two lead changes, the last at turn 5; A's comeback is the 9 spaces of turn 2; after five
turns the two stand 7 apart.
"""

from __future__ import annotations

import numpy as np
import pytest

from versus.odds.beats import PrefixTracker
from versus.race.chances import KeyedSpins, batch, chances
from versus.race.course import course_of
from versus.race.drama import closest, drama
from versus.rules.lead import LeadFollower, deficit, sole_leader
from versus.scenes.load import scene_from_bytes
from versus.scenes.problems import SceneError
from versus.takes.playthrough import Playthrough

SCENE = """\
title: A hand-worked race
game: mansion-of-happiness
rules: {{preset: ives, collisions: off}}
seed: 1
players:
  - {{id: elizabeth, name: Miss Elizabeth Bennet, called: Elizabeth, pronoun: she}}
  - {{id: darcy, name: Mr. Darcy, called: Darcy, pronoun: he}}
spins: [1, 4, 1, 2, 5]
beats: [{beats}]
end: {{max_turns: 60}}
"""


def _scene(beats: str = "elizabeth wins"):
    return scene_from_bytes(SCENE.format(beats=beats).encode(), "race.yaml")


def _played(scene, actions: int = 5) -> Playthrough:
    play = Playthrough(scene)
    for _ in range(actions):
        play.step()
    return play


def test_the_lead_is_the_one_seat_strictly_furthest():
    assert sole_leader((5, 3)) == 0
    assert sole_leader((5, 5, 2)) is None
    assert sole_leader((0, 0)) is None
    assert deficit((5, 12, 7), 0) == 7 and deficit((5, 12, 7), 1) == 0


def test_a_tie_between_two_leads_of_one_player_changes_nothing():
    follow = LeadFollower(2)
    for turn, pos in enumerate([(3, 0), (3, 3), (5, 3), (5, 5), (5, 8), (9, 8)], start=1):
        follow.feed(pos, turn)
    assert follow.changes == 2 and follow.last_change == 6  # A, (tie), A, (tie), B, A


def test_the_hand_worked_game_has_two_lead_changes_and_a_comeback_of_nine():
    course = course_of(_played(_scene()))
    assert course.pos == ((0, 0), (1, 0), (1, 10), (8, 10), (8, 12), (19, 12))
    assert [(c.turn, c.player, c.space) for c in course.changes] == [(2, 1, 10), (5, 0, 19)]
    figures = drama(course)
    assert figures.lead_changes == 2 and figures.last_lead_change == 5
    assert figures.comeback == 9 and figures.comeback_by == "elizabeth"
    assert figures.closest_finish == 7
    assert figures.winner_under_quarter is None and figures.winner_swing is None  # nobody has won yet
    kinds = [(m.turn, m.player, m.kind) for m in course.marks]
    assert kinds == [(2, 1, "virtue"), (3, 0, "virtue"), (5, 0, "virtue")]


def test_the_winner_chance_figures_from_given_chances():
    course = course_of(_played(_scene()))
    course = type(course)(**{**course.__dict__, "winner": 0})  # as if Elizabeth went on to win
    odds = [(0.5, 0.5), (0.3, 0.6), (0.2, 0.8), (0.1, 0.9), (0.2, 0.8), (0.9, 0.1)]
    figures = drama(course, odds)
    assert figures.winner_under_quarter == 3  # turns 2, 3 and 4
    assert figures.winner_swing == pytest.approx(0.8)  # from 0.1 (turn 3) to 0.9 within the last ten turns
    assert closest((67, 60, 12)) == 7


def test_the_drama_beats_hold_as_the_hand_worked_game_says():
    beats = ("lead changes at least 2 times, lead changes at least 3 times, darcy leads after turn 3, "
             "darcy leads after turn 4, elizabeth leads after turn 4, elizabeth trails by at least 9 spaces, "
             "elizabeth trails by at least 10 spaces, darcy trails by at least 7 spaces")
    play = _played(_scene(beats))
    assert [held for _, held in play.beats()] == [True, False, True, True, False, True, False, True]


def test_a_copied_tracker_follows_the_race_apart_from_its_original():
    """The app's trail copies the trackers at every action: a copy fed on must not move the original."""
    from versus.scenes.patterns import BeatsHeld

    scene = _scene("lead changes at least 2 times, elizabeth trails by at least 9 spaces")
    play = _played(scene)
    held = BeatsHeld(scene.beats, 2)
    for played in play.played[:2]:
        held.feed(played.action)
    before = held.copy()
    for played in play.played[2:]:
        held.feed(played.action)
    assert held.held()[0] and not before.held()[0]  # two lead changes come only in the later actions
    assert before.tracker.drama.lead.changes < held.tracker.drama.lead.changes
    for played in play.played[2:]:
        before.feed(played.action)
    assert before.held() == held.held() and before.tracker.drama.lead.changes == held.tracker.drama.lead.changes


def test_the_vectorised_drama_beats_agree_with_the_tracker_midway():
    """The simulator, started from the middle of the hand-worked game with the tracker's prefix, holds
    the beats the whole game through the engine holds."""
    beats = "lead changes at least 3 times, darcy trails by at least 7 spaces, elizabeth leads after turn 20"
    scene = _scene(beats)
    from versus.odds.estimate import scene_rules
    from versus.odds.simulate import Simulator, Start
    from versus.odds.spins import TableSpins

    board, rules = scene_rules(scene)
    play = _played(scene, 3)
    tracker = PrefixTracker(scene.beats, 2)
    for p in play.played:
        tracker.feed(p.action)
    assert tracker.snapshot().leader == 1 and tracker.snapshot().changes == 1
    rng = np.random.default_rng(5)
    matrix = rng.integers(1, 7, size=(200, 400))
    out = Simulator(board, rules, 2, 60, beats=scene.beats).run(
        Start.from_states([play.game.state] * 200, k=[4] * 200, prefixes=[tracker.snapshot()] * 200),
        TableSpins(np.concatenate([np.zeros((200, 3), np.int64), matrix], axis=1)))
    for g in range(200):
        whole = Playthrough(scene, take_spins=[1, 4, 1, *matrix[g].tolist()])
        for _ in whole.play_out():
            pass
        assert tuple(out.held[g]) == tuple(h for _, h in whole.beats()), g
    assert out.held.sum(axis=0).min() > 0 and out.held.sum(axis=0).max() < 200  # each beat both ways


@pytest.mark.parametrize("beat,message", [
    ("lead changes at least none times", "expected a whole number"),
    ("lead changes at most 3 times", "expected 'lead changes at least N times'"),
    ("darcy leads after turn 60", "the turn"),
    ("darcy trails by at least 90 spaces", "the spaces behind"),
    ("the winner's chance falls below 1 in 1", "N in '1 in N'"),
    ("lead chnges at least 3 times", "expected 'lead changes at least N times'"),
    ("the winners chance falls below 1 in 4", "expected 'the winner's chance falls below 1 in N'"),
    ("darcy lead after turn 5", "did you mean 'leads'"),
])
def test_a_malformed_drama_beat_is_located(beat, message):
    with pytest.raises(SceneError) as caught:
        _scene(beat)
    assert message in str(caught.value)
    assert "race.yaml:9:" in str(caught.value)


def test_drama_beats_are_for_beats_only():
    text = SCENE.format(beats="elizabeth wins").replace(
        "beats:", "asides: [{when: lead changes at least 2 times, narrate: Again!}]\nbeats:")
    with pytest.raises(SceneError) as caught:
        scene_from_bytes(text.encode(), "race.yaml")
    assert "for beats only" in str(caught.value)


def test_a_turns_chance_does_not_depend_on_the_batch_it_was_worked_in():
    scene = _scene()
    states = course_of(_played(scene)).states
    whole = chances(scene, states, games=100)
    assert batch(scene, states, [4, 2], games=100) == (whole[4], whole[2])
    assert all(0 <= c <= 1 for row in whole for c in row)
    spins = KeyedSpins(6, np.arange(1000, dtype=np.uint64)).take(np.full(1000, 3))
    assert set(np.unique(spins).tolist()) == set(range(1, 7))


def test_takes_json_gives_the_hand_worked_figures(tmp_path, capsys):
    import json

    from versus.cli import main
    from versus.takes.outcome import as_take
    from versus.takes.store import TakeStore

    path = tmp_path / "race.yaml"
    path.write_text(SCENE.format(beats="elizabeth wins"))
    from versus.scenes.load import load_scene

    play = _played(load_scene(path))
    TakeStore(path).save(as_take(play, "two-changes"))
    assert main(["takes", str(path), "--json"]) == 0
    [listed] = json.loads(capsys.readouterr().out)
    assert listed["drama"] == {"lead_changes": 2, "last_lead_change": 5, "comeback": 9, "comeback_by": "elizabeth",
                               "closest_finish": 7, "winner_under_quarter": None, "winner_swing": None}


def _netherfield(beats: list[str]):
    import re
    from pathlib import Path

    text = (Path(__file__).parent.parent / "scenes" / "netherfield.yaml").read_text()
    text = re.sub(r"beats:\n(  - .*\n)+", "beats:\n" + "".join(f"  - {b}\n" for b in beats), text)
    return scene_from_bytes(text.encode(), "netherfield.yaml")


def test_the_solver_finds_lead_changes_and_its_replay_confirms_them():
    from versus.solve import solve

    scene = _netherfield(["elizabeth wins", "lead changes at least 3 times", "game lasts at most 60 turns"])
    solution = solve(scene, time_limit=30, workers=1)
    course = course_of(solution.play)
    assert len(course.changes) >= 3 and course.winner == 0 and course.turns <= 60
    assert all(held for _, held in solution.play.beats())


def test_the_solver_finds_an_underdog_win_confirmed_by_its_chances():
    from versus.race import chance_beats
    from versus.solve import solve

    scene = _netherfield(["elizabeth wins", "the winner's chance falls below 1 in 10"])
    solution = solve(scene, time_limit=60, workers=1)
    play = solution.play
    assert play.game.state.winner == 0 and solution.scene.beats == scene.beats
    odds = chances(scene, course_of(play).states)
    assert min(row[0] for row in odds) < 0.1
    assert chance_beats(play) == {"the winner's chance falls below 1 in 10": True}


def test_two_players_leading_after_the_same_turn_is_a_contradiction():
    from versus.solve import Unsolvable, solve

    scene = _netherfield(["elizabeth leads after turn 30", "darcy leads after turn 30"])
    with pytest.raises(Unsolvable) as caught:
        solve(scene, time_limit=10, workers=1)
    assert caught.value.contradiction and "only one player leads after a turn" in str(caught.value)
