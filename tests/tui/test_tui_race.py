"""The race screen (g), the takes list's drama columns and their order (o), two takes' races side by side."""

from __future__ import annotations

import pytest
from tui_support import make_app, save_take, settle

from versus.race.drama import drama
from versus.scenes.load import load_scene
from versus.tui.screens.race import RaceScreen
from versus.tui.screens.takes_drama import figures_of
from versus.tui.widgets.race import ChancesChart, RaceChart

TEN = [3, 5, 2, 4, 6, 1, 3, 2, 5, 4]  # spins to about turn 10


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_race_screen_shows_both_charts_and_fills_in_the_chances(scene_path, size):
    save_take(scene_path, "ten", TEN)
    app = make_app(scene_path, take="ten")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        turn = app.screen.session.play.game.state.turn
        await pilot.press("g")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        race, chances = screen.query_one(RaceChart), screen.query_one(ChancesChart)
        for chart in (race, chances):
            assert chart.region.height >= 5 and chart.region.width >= 60  # on the screen, and readable
        assert race.region.bottom <= chances.region.y < screen.query_one(".race-hint").region.y
        course = screen.courses[0]
        assert course.turns == turn and screen.sides[0].turn == turn
        complete = chances.complete()
        assert complete is not None and len(complete) == turn + 1  # every turn, worked out by the chart's worker
        figures = str(screen.query_one("#figures-0").render())
        assert f"lead changed hands {drama(course).lead_changes} time" in figures
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, RaceScreen)


async def test_the_takes_list_shows_the_figures_and_orders_by_them(scene_path):
    save_take(scene_path, "short", TEN[:4])
    save_take(scene_path, "ten", TEN)
    scene = load_scene(scene_path)
    app = make_app(scene_path, take="ten")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        table = app.screen.query_one("DataTable")
        rows = {str(table.get_row_at(r)[1]): table.get_row_at(r) for r in range(table.row_count)}
        for take in app.screen.takes:
            want = figures_of(scene, take)
            assert str(rows[take.name][5]) == str(want.lead_changes)
            assert str(rows[take.name][7]) == str(want.comeback)
            assert str(rows[take.name][8]) == str(want.closest_finish)
        await pilot.press("o")  # most lead changes first
        await settle(pilot)
        changes = [figures_of(scene, t).lead_changes for t in app.screen.takes]
        assert changes == sorted(changes, reverse=True)
        await pilot.press("o", "o", "o")  # closest finish first
        await settle(pilot)
        finishes = [figures_of(scene, t).closest_finish for t in app.screen.takes]
        assert finishes == sorted(finishes)
        table.move_cursor(row=0)
        await pilot.press("space", "down", "space", "c")  # the two compared, then their races side by side
        await settle(pilot)
        assert type(app.screen).__name__ == "CompareScreen", [n.message for n in app._notifications]
        assert "lead changed hands" in str(app.screen.query_one("#side-a").render())
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, RaceScreen) and len(app.screen.query(RaceChart)) == 2
