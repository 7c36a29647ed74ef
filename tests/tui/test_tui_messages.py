"""The screens say what happened in messages, and the app tells the author: each message is handled."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tui_support import make_app, of, settle

from versus.tui import messages as msg
from versus.tui.session import Session

MESSAGES = [msg.Spun, msg.Refused, msg.Undone, msg.TakeSaved, msg.SaveFailed, msg.Forked, msg.TakeSwitched,
            msg.Exported, msg.SceneReloaded, msg.Solved]


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def test_every_message_is_a_dataclass():
    assert all(dataclasses.is_dataclass(kind) for kind in MESSAGES)


async def test_the_app_tells_what_each_message_says(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        told = [
            (msg.TakeSaved("take-1", 3, again=True), "take-1 is saved: every spin is on disk again."),
            (msg.SaveFailed("disk full"), "The take was not saved: disk full."),
            (msg.Forked("evening", "forked from take-1 at spin 3 (turn 2)"), "Forked evening: forked from take-1"),
            (msg.Forked("take-2", "forked from take-1 at spin 1 (turn 1)", origin="take-1"),
             "take-1 keeps its ending; this play goes on as take-2"),
            (msg.TakeSwitched("take-1", 7), "Now playing take-1, at turn 7."),
            (msg.TakeSwitched(""), "A new take, from the first turn"),
            (msg.Exported(Path("out/take-1.md"), "take-1", notes=("The budget was not met.",)),
             "take-1 exported to out/take-1.md"),
            (msg.SceneReloaded([], "netherfield.yaml", "take-1 replays only to spin 2"),
             "take-1 replays only to spin 2"),
            (msg.Solved(None, ["No solution found in the 60 s allowed."]), "No solution found in the 60 s allowed."),
            (msg.Solved("take-9", changed=2), "Every beat holds with 2 spins changed; now playing take-9"),
            (msg.Solved("take-10", changed=4, proof="found with 4 edits; 2 or fewer ruled out, 3 not finished"),
             "changed (found with 4 edits; 2 or fewer ruled out, 3 not finished: the time ran out"),
            (msg.Solved(None, ["The search was stopped: the search had only begun."], stopped=True),
             "The search was stopped: the search had only begun."),
            (msg.Refused("Not with that key."), "Not with that key."),
        ]
        for message, words in told:
            app.post_message(message)
            await settle(pilot)
            assert any(words in n for n in notices(app)), (message, notices(app))
        assert "The budget was not met." in notices(app)
        app.post_message(msg.SceneReloaded(["scenes/netherfield.yaml:3:1: unknown key 'plyers'"]))
        await settle(pilot)
        assert type(app.screen).__name__ == "ProblemsScreen"


async def test_a_spin_takes_down_what_was_refused_before_it(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("9")  # refused: six faces
        app.notify("Something else the author should see", timeout=30)
        await settle(pilot)
        assert any("6 faces" in n for n in notices(app))
        await pilot.press("space")
        await settle(pilot)
        assert not any("6 faces" in n for n in notices(app))
        assert "Something else the author should see" in notices(app)  # the rest stay


def test_repeats_of_a_refusal_or_a_failed_save_merge_while_queued():
    assert msg.Refused("The game is over.").can_replace(msg.Refused("The game is over."))
    assert not msg.Refused("The game is over.").can_replace(msg.Refused("Nothing to redo."))
    assert msg.SaveFailed("disk full").can_replace(msg.SaveFailed("disk full"))
    assert not msg.SaveFailed("disk full").can_replace(msg.Refused("disk full"))


async def test_a_held_key_refused_shows_one_notice(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press(*["9"] * 5)
        await settle(pilot)
        assert of(msg.Refused, messages)
        assert sum("6 faces" in n for n in notices(app)) == 1


def test_the_session_returns_what_a_spin_did(scene_path):
    session = Session(scene_path)
    for _ in range(3):
        session.spin()
        session.save()
    assert session.take_name == "take-1" and session.stored == (3, 5, 2)
    session.undo()
    moved = session.spin(6)  # not the take's 2: a new take, forked from take-1
    assert moved.forked_from == "take-1" and moved.played.action.spin == 6
    assert not session.saved and session.note == "forked from take-1 at spin 2 (turn 2)"
    saved = session.save()
    assert saved.take is not None and saved.take.parent == "take-1" and session.take_name == saved.take.name
    assert session.spin().forked_from is None  # the fork goes on, forking nothing more
