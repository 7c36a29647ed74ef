"""The app's running trail of log lines, asides and beats says what the whole take, read afresh, says."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough
from versus.tui.trail import Trail

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["netherfield", "rosings"])
def test_the_trail_agrees_with_the_take_through_spins_and_undos(name):
    play = Playthrough(load_scene(ROOT / "scenes" / f"{name}.yaml"))
    trail = Trail()
    rng = random.Random(7)
    for _ in range(160):
        if play.played and rng.random() < 0.25:
            play.undo()
        elif not play.finished:
            play.step(rng.randint(1, play.faces) if rng.random() < 0.5 else None)
        trail.sync(play)
        assert trail.beats() == play.beats()
        fired = [(f.action, f.aside.when) for f in play.firings()]
        asides = [(line.index, line.text) for line in trail.lines if line.aside]
        assert [index for index, _ in asides] == [action for action, _ in fired]
        assert len(trail.lines) - len(asides) == len(play.played)
    assert any(held for _, held in play.beats()) and play.firings()  # the walk met beats and asides


def test_the_trail_holds_the_end_patterns_once_the_game_is_over():
    """Losing and finishing last are judged when the game ends, in the app's beat list as in the take."""
    scene = load_scene(ROOT / "tests" / "authored" / "lucas-lodge.yaml")
    play = Playthrough(scene, seed=0)  # Lydia loses
    trail = Trail()
    for _ in play.play_out():
        trail.sync(play)
        assert trail.beats() == play.beats()
    assert play.finished and trail.beats() == play.beats()
    assert ("lydia loses", True) in play.beats()
