"""The solver at scale: one process or two give the same answer; the memory limit and the proof budget are said plainly."""

from __future__ import annotations

import dataclasses
from pathlib import Path

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
    scene = load_scene(SCENES / f"{name}.yaml")
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
def no_likely(monkeypatch):
    """Only the exhaustive levels, past the first look: the candidates go through the workers."""
    monkeypatch.setattr(likely.Likely, "search", lambda self, deadline: None)
    monkeypatch.setattr(search, "FIRST_LOOK", 1)


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


def test_an_answer_whose_proof_ran_out_says_how_far_it_went():
    scene = scene_with("netherfield", ["darcy lands on A ROBBER", "elizabeth lands on A ROBBER", "elizabeth wins",
                                       "darcy overshoots", "game lasts at most 50 turns"])
    solution = solve(scene, workers=1, prove_for=0)
    assert solution.proof == "found with 3 edits; 1 or fewer ruled out" and holds(solution)


def test_the_memory_limit_is_said_plainly(no_likely):
    scene = scene_with("rosings", ["fitzwilliam wins", "darcy lands on Civility", "elizabeth is confined"])
    with pytest.raises(Unsolvable) as caught:
        solve(scene, workers=1, memory_limit=1)
    assert caught.value.lines[0].startswith("No solution found within the memory limit of 0 MB")
