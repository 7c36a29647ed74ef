"""`versus solve`: solutions replay through the engine with every beat held, and are minimal.

Minimality is checked two ways: on hand-worked cases, and against an exhaustive search written
here independently (a plain depth-first walk through the rules engine over every spin sequence
within a few edits of the scene's own).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import versus.solve.likely as likely
import versus.solve.resume as resume
import versus.solve.search as search
from versus.boards import load_board
from versus.rules import Game
from versus.scenes.load import load_scene
from versus.scenes.model import Pattern
from versus.scenes.patterns import PatternError, Tracker, Vocabulary, parse
from versus.scenes.spins import spin_at
from versus.solve import Unsolvable, save, solve
from versus.solve.contradictions import contradictions
from versus.takes.playthrough import Playthrough
from versus.takes.store import TakeStore

SCENES = Path(__file__).resolve().parent.parent / "scenes"


def write_scene(tmp_path: Path, beats: list[str], rules: str = "{preset: ives, collisions: 'off'}",
                game: str = "mansion-of-happiness", seed: int = 5, spins: str = "[]", max_turns: int = 8,
                players: int = 2, name: str = "small") -> Path:
    people = ["elizabeth", "darcy", "jane", "bingley", "lydia", "kitty"][:players]
    text = (f"title: A small game\ngame: {game}\nrules: {rules}\nseed: {seed}\nplayers:\n"
            + "".join(f"  - {{id: {p}, name: {p.title()}, pronoun: she}}\n" for p in people)
            + f"spins: {spins}\nbeats:\n" + "".join(f"  - {b}\n" for b in beats)
            + f"end: {{max_turns: {max_turns}}}\n")
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def with_beats(scene, texts):
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    vocab = Vocabulary(tuple(p.id for p in scene.players), board, rules, scene.max_turns)
    return dataclasses.replace(scene, beats=tuple(parse(t, vocab, beat=True) for t in texts))


def replay_holds(scene, spins, seed) -> bool:
    play = Playthrough(scene, take_spins=list(spins), seed=seed)
    for _ in play.play_out():
        pass
    return play.spins() == list(spins) and all(held for _, held in play.beats())


# -- an exhaustive search, independent of the solver ---------------------------------------------
def brute_force_min_edits(scene, limit: int, free_script: bool = False) -> int | None:
    """The fewest changed spins under which every beat holds, trying every sequence within limit."""
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    n, faces = len(scene.players), rules.teetotum

    def base(k):
        return spin_at(scene.spins, scene.seed, k, faces)

    def holds(game) -> bool:
        tracker = Tracker(list(scene.beats), n)
        held = set()
        for action in game.actions:
            held.update(j for j, _ in tracker.feed(action))
        return all(tracker.lasts(b) if b.kind.startswith("lasts") else j in held
                   for j, b in enumerate(scene.beats))

    best = [None]

    def walk(game: Game, k: int, edits: int) -> None:
        state = game.state
        if state.over or (state.turn >= scene.max_turns and state.pending is None):
            if holds(game) and (best[0] is None or edits < best[0]):
                best[0] = edits
            return
        if not state.needs_spin:
            game.play(None)
            walk(game, k, edits)
            game.undo()
            return
        old, scripted = base(k)
        for spin in range(1, faces + 1):
            cost = edits + (spin != old)
            if cost > limit or (spin != old and scripted and not free_script):
                continue
            game.play(spin)
            walk(game, k + 1, cost)
            game.undo()

    walk(Game(board, rules, n), 1, 0)
    return best[0]


def solver_edits(scene, limit: int, free_script: bool = False) -> int | None:
    try:
        solution = solve(scene, max_edits=limit, free_script=free_script)
    except Unsolvable as error:
        # A contradiction says no spins at all will do: the exhaustive search must find none within any limit.
        assert not error.contradiction or brute_force_min_edits(scene, limit + 1, free_script) is None
        return None
    assert replay_holds(solution.scene, solution.spins, solution.seed)
    return len(solution.edits)


# -- hand-worked cases ------------------------------------------------------------------------------
def test_one_spin_changed_where_one_must_be(tmp_path):
    # Two turns, no collisions: Mr. Darcy's only spin is the game's second; it must be a 5.
    scene = load_scene(write_scene(tmp_path, ["darcy lands on 5"], rules="{preset: ives, collisions: 'off'}",
                                   seed=1, max_turns=2))
    old = spin_at((), 1, 2, 6)[0]
    assert old != 5  # the seed does not already give it
    solution = solve(scene)
    assert solution.edits == ((2, old, 5),)
    assert solution.spins[1] == 5 and len(solution.spins) == 2


def test_two_beats_that_need_both_spins(tmp_path):
    scene = load_scene(write_scene(tmp_path, ["elizabeth lands on 3", "darcy lands on 4"], seed=1, max_turns=2))
    solution = solve(scene)
    assert [(k, new) for k, _, new in solution.edits] == [(1, 3), (2, 4)]


def test_a_space_reached_two_ways_takes_the_gentler_change(tmp_path):
    # From the start, 10 is reached by HONESTY (4, advance six) or THE WATER (6, go to 10).
    scene = load_scene(write_scene(tmp_path, ["elizabeth reaches 10"], seed=1, max_turns=1))
    old = spin_at((), 1, 1, 6)[0]
    solution = solve(scene)
    assert len(solution.edits) == (0 if old in (4, 6) else 1)
    assert solution.spins[0] in (4, 6)
    if old not in (4, 6):
        assert solution.edits[0][2] == min((4, 6), key=lambda v: (abs(v - old), v))


def test_scripted_spins_are_kept_unless_free(tmp_path):
    scene = load_scene(write_scene(tmp_path, ["darcy lands on 5"], spins="[~, 3]", seed=1, max_turns=2))
    with pytest.raises(Unsolvable) as caught:
        solve(scene, max_edits=3)
    assert "scripted spins kept" in caught.value.lines[0]
    # in the scene's own terms, never the command line's: the CLI and the TUI each word the remedies
    assert "--" not in str(caught.value) and "letting the scripted spins change too" in caught.value.lines[0]
    assert "--free-script" in " ".join(caught.value.told({"free_script": "--free-script"}))
    solution = solve(scene, free_script=True)
    assert solution.edits == ((2, 3, 5),)


def test_no_spins_needed_when_the_beats_already_hold(tmp_path):
    scene = load_scene(write_scene(tmp_path, ["game lasts at least 2 turns"], max_turns=2))
    solution = solve(scene)
    assert solution.edits == () and replay_holds(solution.scene, solution.spins, solution.seed)


def test_max_turns_overrides_the_scene(tmp_path):
    scene = load_scene(write_scene(tmp_path, ["darcy lands on 5"], seed=1, max_turns=30))
    solution = solve(scene, max_turns=2)
    assert solution.scene.max_turns == 2 and solution.play.game.state.turn == 2
    assert len(solution.edits) == 1


# -- against the exhaustive search ------------------------------------------------------------------
SMALL_CASES = [
    # (rules, game, players, max_turns, seed, beats, fewest edits as the exhaustive search finds them)
    ("{preset: ives, collisions: 'off', teetotum: 3}", "mansion-of-happiness", 2, 9, 3,
     ["elizabeth lands on 9", "darcy reaches 12"], 1),
    ("{preset: ives, collisions: 'off', teetotum: 3}", "mansion-of-happiness", 2, 10, 8,
     ["darcy lands on PASSION", "game lasts at least 10 turns", "elizabeth pays 2"], 0),
    ("{preset: ives, teetotum: 3}", "mansion-of-happiness", 2, 9, 1,
     ["elizabeth displaces darcy", "darcy lands on AUDACITY"], 2),
    ("{preset: ives, teetotum: 4}", "mansion-of-happiness", 3, 8, 2,
     ["jane displaces elizabeth", "darcy reaches 10", "elizabeth lands on 7"], 3),
    ("{preset: zh, teetotum: 3}", "mansion-of-happiness", 2, 10, 4,
     ["elizabeth reaches 10", "darcy displaces elizabeth"], 0),
    ("darton", "virtue-rewarded", 2, 7, 6, ["elizabeth lands on Faith", "darcy is confined"], 1),
    ("{preset: darton, teetotum: 3}", "virtue-rewarded", 3, 9, 9,
     ["jane pays 3", "elizabeth lands on Luxury", "game lasts at most 9 turns"], 3),
    ("{preset: darton, teetotum: 2}", "virtue-rewarded", 2, 12, 2,
     ["darcy wins", "elizabeth overshoots"], None),  # never: with two faces only Anger (32) is near enough
]


@pytest.mark.parametrize("rules,game,players,max_turns,seed,beats,fewest", SMALL_CASES)
def test_the_fewest_edits_match_an_exhaustive_search(tmp_path, rules, game, players, max_turns, seed, beats,
                                                      fewest):
    scene = load_scene(write_scene(tmp_path, beats, rules=rules, game=game, seed=seed, max_turns=max_turns,
                                   players=players))
    assert brute_force_min_edits(scene, 3) == fewest
    assert solver_edits(scene, 3) == fewest


def test_no_solution_within_the_limit_is_said_plainly(tmp_path):
    # Elizabeth could win the Mansion in her ten turns of twenty, but not with two of these spins changed.
    scene = load_scene(write_scene(tmp_path, ["elizabeth wins"], max_turns=20))
    with pytest.raises(Unsolvable) as caught:
        solve(scene, max_edits=2)
    assert not caught.value.contradiction
    assert caught.value.lines[0].startswith("No solution: no change of up to 2")
    assert "'elizabeth wins'" in caught.value.lines[0]


def test_a_win_too_far_for_the_turns_is_a_contradiction(tmp_path):
    # Nobody wins the Mansion in three turns: Elizabeth has two of them, and needs eight at the least.
    scene = load_scene(write_scene(tmp_path, ["elizabeth wins"], max_turns=3))
    with pytest.raises(Unsolvable) as caught:
        solve(scene, max_edits=2)
    assert caught.value.contradiction
    assert caught.value.lines[1] == ("  'elizabeth wins' cannot hold within 3 turns: it takes at least 8 of "
                                     "elizabeth's turns, however the teetotum falls, and elizabeth has 2")


# -- the example scenes --------------------------------------------------------------------------------
EXAMPLE_BEATS = [
    ("netherfield", ["darcy wins", "elizabeth lands on A CHEAT"]),  # holds already: no edits
    ("netherfield", ["elizabeth wins", "darcy is confined", "game lasts at most 70 turns"]),
    ("netherfield", ["darcy lands on A ROBBER", "elizabeth wins", "elizabeth reaches SEAT OF EXPECTATION"]),
    ("pemberley-canton", ["darcy lands on A CHEAT", "elizabeth wins", "georgiana displaces elizabeth"]),
    ("rosings", ["darcy wins", "collins lands on Hypocrisy", "lady_catherine pays 4"]),
    ("longbourn", ["lydia wins", "mary lands on TEMPERANCE", "kitty is confined"]),
]


@pytest.mark.parametrize("name,beats", EXAMPLE_BEATS)
def test_example_scene_solutions_replay_from_the_saved_take(tmp_path, name, beats):
    path = tmp_path / f"{name}.yaml"
    path.write_bytes((SCENES / f"{name}.yaml").read_bytes())
    scene = with_beats(load_scene(path), beats)
    solution = solve(scene)
    assert len(solution.edits) <= 2
    take, _store = save(solution)
    assert take.note == f"solved: {len(solution.edits)} edit{'' if len(solution.edits) == 1 else 's'}"
    kept = TakeStore(path).get(take.name)
    assert kept.spins == solution.spins
    assert replay_holds(scene, kept.spins, kept.seed)
    # The edits are exactly where the take differs from the spins the scene would have used.
    board = load_board(scene.game)
    faces = board.rules(scene.preset, **dict(scene.switches)).teetotum
    differ = [(k, spin_at(scene.spins, scene.seed, k, faces)[0], s) for k, s in enumerate(kept.spins, 1)
              if s != spin_at(scene.spins, scene.seed, k, faces)[0]]
    assert differ == [list(e) for e in solution.edits] or differ == list(solution.edits)
    # Scripted spins are untouched.
    assert all(s == kept.spins[k] for k, s in enumerate(scene.spins) if s is not None)


# -- contradictions ------------------------------------------------------------------------------------
@pytest.mark.parametrize("beats,needle", [
    (["elizabeth wins", "darcy wins"], "only one player wins"),
    (["darcy reaches THE MANSION OF HAPPINESS", "elizabeth wins"], "only one player wins"),
    (["game lasts at least 40 turns", "game lasts at most 30 turns"], "cannot both hold"),
    (["round 20", "game lasts at most 30 turns"], "cannot both hold"),
    # A ROBBER sends him to prison and the start square: 13 turns of his at least, and 20 turns give him 10.
    (["elizabeth wins", "elizabeth lands on A ROBBER", "game lasts at most 20 turns"],
     "'elizabeth wins' and 'elizabeth lands on A ROBBER' cannot all hold within 20 turns: they take at least 13 of "
     "elizabeth's turns, however the teetotum falls, and elizabeth has 10"),
    (["darcy wins", "game lasts at most 9 turns"], "'darcy wins' cannot hold within 9 turns: it takes at least 7"),
])
def test_contradictions_are_found_before_searching(tmp_path, beats, needle):
    scene = load_scene(write_scene(tmp_path, beats, rules="ives", max_turns=100))
    with pytest.raises(Unsolvable) as caught:
        solve(scene)
    assert caught.value.contradiction
    assert any(needle in line for line in caught.value.lines)


def test_max_turns_below_a_beat_is_a_contradiction(tmp_path):
    scene = load_scene(write_scene(tmp_path, ["game lasts at least 40 turns"], rules="ives", max_turns=100))
    with pytest.raises(Unsolvable) as caught:
        solve(scene, max_turns=30)
    assert caught.value.contradiction and "stops after 30 turns" in caught.value.lines[1]


def test_resting_places_under_the_zh_reading():
    board = load_board("mansion-of-happiness")
    rules = board.rules("zh")
    vocab = Vocabulary(("a", "b"), board, rules, 200)
    # Under skip-places, advancing six from CHASTITY comes to rest on HUMILITY; nothing rests on PIETY.
    impossible = [Pattern("reaches", 0, space=2, text="a reaches PIETY"),
                  Pattern("lands", 0, space=1, text="a lands on JUSTICE")]
    for text in ("a reaches PIETY", "a lands on JUSTICE"):  # the scene loader refuses them too
        with pytest.raises(PatternError):
            parse(text, vocab, beat=True)
    possible = [parse(t, vocab, beat=True) for t in ("a reaches HUMILITY", "a lands on HUMILITY")]
    assert len(contradictions(impossible, board, rules, 200, 2)) == 2
    assert contradictions(possible, board, rules, 200, 2) == []


def test_nobody_rests_on_anger_in_virtue_rewarded():
    board = load_board("virtue-rewarded")
    rules = board.rules("darton")
    vocab = Vocabulary(("a", "b"), board, rules, 200)
    # Anger sends the player to Patience; only a bounce from Virtue itself, where the game has ended, would stop there.
    with pytest.raises(PatternError):
        parse("a reaches Anger", vocab, beat=True)
    assert contradictions([Pattern("reaches", 0, space=32, text="a reaches Anger")], board, rules, 200, 2)
    assert contradictions([parse("a lands on Anger", vocab, beat=True), parse("a reaches Patience", vocab, beat=True)],
                          board, rules, 200, 2) == []


@pytest.mark.parametrize("rules,game,players,max_turns,seed,beats,fewest",
                         [case for case in SMALL_CASES if case[-1] is not None and case[-1] >= 2])
def test_the_exhaustive_levels_alone_find_the_fewest_edits(tmp_path, monkeypatch, rules, game, players, max_turns,
                                                           seed, beats, fewest):
    """Without the likely edits, every level searched in full: the candidates left out there (those whose
    games go on as earlier ones did, and their children) never hide the fewest edits the exhaustive search
    above finds."""
    monkeypatch.setattr(likely.Likely, "search", lambda self, deadline: None)
    monkeypatch.setattr(search, "FIRST_LOOK", 1)
    monkeypatch.setattr(resume, "EVERY", 1)  # where the games stand noted at every spin: games this short have few
    scene = load_scene(write_scene(tmp_path, beats, rules=rules, game=game, seed=seed, max_turns=max_turns,
                                   players=players))
    assert solver_edits(scene, 3) == fewest
    assert solver_edits(scene, fewest - 1) is None
