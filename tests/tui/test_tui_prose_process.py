"""The narrator's process is sent the play's spins, not the play, and makes the same play (and prose) again."""

from __future__ import annotations

from pathlib import Path

from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough
from versus.tui.prose_process import _narrate, replayed

ROOT = Path(__file__).resolve().parents[2]


def test_the_play_is_made_again_from_its_spins_to_the_same_action():
    scene = load_scene(ROOT / "scenes" / "longbourn.yaml")  # five players: turns sat out on the way
    play = Playthrough(scene, seed=7)
    while len(play.played) < 120:
        play.step()
    skipped = [p for p in play.played if p.action.spin is None]
    assert skipped, "the take should pass turns sat out, which have no spin"
    for _ in range(3):
        play.undo()
    again = replayed(play.scene, tuple(play.spins()), play.seed, len(play.played))
    assert [p.action for p in again.played] == [p.action for p in play.played]
    assert [p.source for p in again.played] == [p.source for p in play.played]


def test_the_prose_written_from_the_spins_is_the_prose_of_the_play():
    from versus.narration import prose_markdown

    scene = load_scene(ROOT / "scenes" / "netherfield.yaml")
    play = Playthrough(scene)
    for _ in range(12):
        play.step()
    assert _narrate(play.scene, tuple(play.spins()), play.seed, len(play.played), "brisk", None) \
        == prose_markdown(play, "brisk", None)
