"""SVG snapshots of the main screen on a fixed scene and take (pytest --snapshot-update to renew).

The narrator is a fixed stand-in and the odds are off, so the pictures move only when the TUI does.
"""

from __future__ import annotations

import pytest
from tui_support import make_app, save_take

NETHERFIELD_TAKE = [3, 5, 2, 2, 6, 5, 3, 2, 2, 5, 4, 6]
ROSINGS_TAKE = [2, 3, 4, 1, 2, 3, 1, 4, 2, 2]


async def settled(pilot) -> None:
    await pilot.pause()
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
