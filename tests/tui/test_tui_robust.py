"""The app never falls over: every key on every screen, a broken scene file, an unreadable sidecar."""

from __future__ import annotations

from tui_support import make_app, of, save_take, settle

from versus.tui import messages as msg
from versus.tui.screens.main import MainScreen

KEYS = ["space", "2", "9", "0", "u", "v", "r", "escape", "question_mark", "escape", "t", "down", "space", "c",
        "escape", "escape", "f", "escape", "x", "enter", "tab", "left", "pagedown", "ctrl+r", "escape"]


async def test_every_key_at_80_by_24(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.screen.mode == "narrow"
        for key in KEYS:
            await pilot.press(key)
        await settle(pilot)
        assert app.is_running


async def test_virtue_rewarded_plays_to_the_end_and_refuses_more(virtue_scene):
    messages = []
    app = make_app(virtue_scene)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("5")  # a teetotum of four
        await settle(pilot)
        assert "4 faces" in of(msg.Refused, messages)[0].reason
        while not app.session.play.finished:
            app.session.spin()
        app.screen.save()
        app.screen.after_change()
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert "over" in of(msg.Refused, messages)[-1].reason or "stops" in of(msg.Refused, messages)[-1].reason
        assert app.session.play.board.id == "virtue-rewarded"


async def test_a_number_on_a_turn_sat_out_passes_it_and_is_spun(scene_path):
    save_take(scene_path, "take-1", [4, 2, 5, 6, 2, 2, 5, 1])  # ends with someone confined
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        state = app.session.play.game.state
        assert not state.needs_spin
        assert "sits out" in str(app.screen.query_one("#players").render())
        assert "to spin" not in str(app.screen.query_one("#players").render()).split("\n")[3 * state.spinner]
        await pilot.press("3")
        await settle(pilot)
        assert not of(msg.Refused, messages)
        spun = of(msg.Spun, messages)
        assert spun[0].played.action.spin is None and spun[-1].played.action.spin == 3
        assert app.session.play.spins()[-1] == 3


async def test_the_rule_and_help_screens_open_and_close(scene_path):
    from versus.tui.screens.rule import rule_text

    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        assert "not yet on the board" in str(app.screen.query_one("#rule-title").render())
        await pilot.press("escape", "question_mark")
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)
        for spin in (3, 5, 1):  # Elizabeth to 3, Mr. Darcy to 5, Elizabeth to 4: HONESTY, advanced to 10
            app.session.spin(spin)
        app.session.spin(4)  # Mr. Darcy from 5 to 9, THE INN: pays one and goes to 12
        title, body = rule_text(app.session)
        assert title == "Elizabeth stands on 10"
        app.session.undo()
        title, body = rule_text(app.session)  # Mr. Darcy to act, on 5
        assert title == "Mr. Darcy stands on 5" and "teetotum of six" in body.plain


async def test_a_scene_edited_while_open_is_reloaded_on_request(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "space")
        await settle(pilot)
        text = scene_path.read_text(encoding="utf-8")
        scene_path.write_text(text.replace("title: A Game at Netherfield", "title: Cards at Netherfield"))
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert of(msg.SceneReloaded, messages)[-1].problems == []
        assert app.session.scene.title == "Cards at Netherfield" and app.session.play.spins() == [3, 5]
        scene_path.write_text(text.replace("temper: proud", "temper: prowd"))
        await pilot.press("ctrl+r")
        await settle(pilot)
        problems = of(msg.SceneReloaded, messages)[-1].problems
        assert problems and ":18:13:" in problems[0] and "prowd" in problems[0]  # FILE:LINE:COL
        assert type(app.screen).__name__ == "ProblemsScreen"
        await pilot.press("escape", "space")
        await settle(pilot)
        assert app.session.play.spins() == [3, 5, 2]  # the game goes on under the scene as it was


async def test_an_unreadable_old_sidecar_is_reported_and_left_alone(scene_path):
    sidecar = scene_path.with_name("netherfield.takes.yaml")
    sidecar.write_text("takes: [unclosed\n")
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await settle(pilot)
        assert any("not migrated, left as it is" in n.message for n in app._notifications)
        await pilot.press("space")
        await settle(pilot)
        assert app.session.play.spins() == [3] and of(msg.TakeSaved, messages)  # new takes go to the folder
        assert sidecar.read_text() == "takes: [unclosed\n"


async def test_the_panels_follow_the_terminal_size(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await settle(pilot)
        panels = app.screen.query_one("Panels")
        assert panels.has_class("narrow") and panels.query_one("#tabs").display
        assert not panels.query_one("#side").display  # the board's tab is shown, not the players'
        await pilot.press("v")
        await settle(pilot)
        assert panels.query_one("Tabs").active == "tab-players" and panels.query_one("#side").display
        assert not panels.query_one("#board-panel").display
        log = panels.query_one("PlayLog")
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        assert app.screen.mode == "wide" and panels.has_class("wide") and not panels.has_class("narrow")
        assert not panels.query_one("#tabs").display and panels.query_one("#board-panel").display
        assert app.screen.query_one("PlayLog") is log  # the same widgets, laid out anew: nothing composed again
        assert len(app.screen.query_one("PlayLog").lines) >= 1
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen.mode == "medium"


async def test_a_resize_under_a_dialog_is_followed_on_return(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await pilot.resize_terminal(80, 24)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen.mode == "narrow" and app.screen.query_one("Panels").has_class("narrow")


async def test_the_compact_players_hidden_while_spins_are_played_show_them_once_shown(scene_path):
    """Under the board at 80 columns only: while hidden they are not drawn, and shown they are up to date."""
    from versus.tui.widgets.players import CompactPlayers

    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        compact = app.screen.query_one(CompactPlayers)
        assert not compact.display
        for _ in range(3):
            await pilot.press("space")
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert compact.display
        shown = str(compact.render())
        for row in app.screen.view.players:
            assert f"{row.name} {row.space if row.space else 'start'}" in shown, (row, shown)
