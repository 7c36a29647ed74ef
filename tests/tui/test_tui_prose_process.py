"""The narrator's process is sent the play's spins, not the play, and makes the same play (and prose) again;
the odds are worked out in a process of their own."""

from __future__ import annotations

from pathlib import Path

from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough
from versus.tui.prose_process import replayed

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


def test_the_prose_and_the_odds_come_from_their_own_processes_as_they_would_here():
    import versus.tui.prose_process as process
    from versus.narration import told
    from versus.odds import live_odds

    scene = load_scene(ROOT / "scenes" / "netherfield.yaml")
    play = Playthrough(scene)
    for _ in range(6):
        play.step()
    process.start()
    try:
        assert process.odds(scene, play.game.state) == live_odds(scene, play.game.state, games=2000, seed=0)
        assert process.narrate(play) == "\n\n".join(p.text for p in told(play, "brisk", None, going_on=True)) \
            + "\n"  # a game going on
        processes = {kind: set(getattr(pool, "_processes", {})) for kind, pool in process._pools.items()}
        assert processes["prose"] and processes["odds"] and not processes["prose"] & processes["odds"]
    finally:
        process.shutdown()
