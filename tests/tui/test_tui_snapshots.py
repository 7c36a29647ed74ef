"""SVG snapshots of the main screen on a fixed scene and take (pytest --snapshot-update to renew).

The narrator is a fixed stand-in and the odds are off, so the pictures move only when the TUI does.
"""

from __future__ import annotations

import pytest
from tui_support import make_app, save_take

from versus.tui.screens.main import MainScreen

NETHERFIELD_TAKE = [3, 5, 2, 2, 6, 5, 3, 2, 2, 5, 4, 6]
ROSINGS_TAKE = [2, 3, 4, 1, 2, 3, 1, 4, 2, 2]


async def settled(pilot) -> None:
    """Once the prose and odds have been asked for (SETTLE after the last key) and written."""
    await pilot.pause()
    main = next(s for s in pilot.app.screen_stack if isinstance(s, MainScreen))
    while main.settling():
        await pilot.pause(0.05)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_main_screen(snap_compare, scene_path, size):
    save_take(scene_path, "take-1", NETHERFIELD_TAKE)
    assert snap_compare(make_app(scene_path), terminal_size=size, run_before=settled)


def test_main_screen_virtue_rewarded_five_players(snap_compare, virtue_scene):
    save_take(virtue_scene, "take-1", ROSINGS_TAKE)
    assert snap_compare(make_app(virtue_scene), terminal_size=(120, 40), run_before=settled)


def test_main_screen_dark(snap_compare, scene_path):
    save_take(scene_path, "take-1", NETHERFIELD_TAKE)
    assert snap_compare(make_app(scene_path, theme="regency-dark"), terminal_size=(120, 40), run_before=settled)


def test_a_finished_game_with_space_held_at_80x24(snap_compare, virtue_scene):
    async def held(pilot) -> None:
        app = pilot.app
        while not app.session.play.finished:
            app.session.spin()
        app.screen.save()
        app.screen.after_change()
        await settled(pilot)
        await pilot.press(*["space"] * 10)
        await settled(pilot)

    assert snap_compare(make_app(virtue_scene), terminal_size=(80, 24), run_before=held)


def pressed(*keys: str):
    """A run_before that presses each key in turn and lets the app settle after each."""
    async def run(pilot) -> None:
        for key in keys:
            await pilot.press(key)
            await settled(pilot)
    return run


def test_help_at_80x24_scrolled_to_its_end(snap_compare, scene_path):
    assert snap_compare(make_app(scene_path), terminal_size=(80, 24), run_before=pressed("question_mark", "end"))


def test_rule_at_80x24_scrolled_to_its_end(snap_compare, scene_path):
    save_take(scene_path, "take-1", NETHERFIELD_TAKE)

    assert snap_compare(make_app(scene_path), terminal_size=(80, 24), run_before=pressed("r", "end"))


def test_the_prose_full_screen_at_80x24(snap_compare, scene_path):
    save_take(scene_path, "take-1", NETHERFIELD_TAKE)

    async def zoomed(pilot) -> None:
        await settled(pilot)
        await pilot.press("p", "z")
        await settled(pilot)

    assert snap_compare(make_app(scene_path), terminal_size=(80, 24), run_before=zoomed)


def test_comparing_takes_at_80x24(snap_compare, scene_path):
    save_take(scene_path, "take-1", NETHERFIELD_TAKE)
    save_take(scene_path, "take-2", [*NETHERFIELD_TAKE[:6], 1, 1, 4])

    async def compared(pilot) -> None:
        await pilot.press("t", "space", "down", "space", "c")
        await settled(pilot)

    assert snap_compare(make_app(scene_path), terminal_size=(80, 24), run_before=compared)
