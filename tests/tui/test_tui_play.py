"""Pilot tests: the keys drive the game, and the app says what it did (its own messages)."""

from __future__ import annotations

from tui_support import make_app, of, save_take, settle, stub_services

from versus.takes.store import TakeStore
from versus.tui import messages as msg
from versus.tui.screens.main import MainScreen


async def test_space_plays_the_scripted_spin_and_saves_the_take(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space")
        await settle(pilot)
        spun = of(msg.Spun, messages)
        assert len(spun) == 1
        assert spun[0].played.action.spin == 3 and spun[0].played.source == "script"  # spins: [3, 5, ~, 2]
        assert app.session.play.game.state.pos == (3, 0)
        assert of(msg.TakeSaved, messages)[-1].name == "take-1"
        assert TakeStore(scene_path).get("take-1").spins == (3,)
        log = app.screen.query_one("PlayLog")
        assert "\u270e" in str(log.lines[0].text)  # the scripted spin is marked in the log


async def test_a_number_key_plays_that_number(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("4")
        await settle(pilot)
        played = of(msg.Spun, messages)[0].played
        assert played.action.spin == 4 and played.source == "take"  # typed over the script's 3
        assert app.session.play.game.state.pos[0] == 10  # 4 is HONESTY: advance six
        assert TakeStore(scene_path).get("take-1").spins == (4,)


async def test_an_impossible_number_is_refused_with_a_message(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("9")
        await settle(pilot)
        refused = of(msg.Refused, messages)
        assert refused and "6 faces" in refused[0].reason
        assert not of(msg.Spun, messages)
        assert app.session.play.played == []
        assert any("6 faces" in n.message for n in app._notifications)
        assert not TakeStore(scene_path).path.exists()  # nothing played, nothing saved


async def test_undo_takes_back_the_last_spin_and_the_take_keeps_it(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "space", "u")
        await settle(pilot)
        assert len(app.session.play.played) == 1
        assert of(msg.Undone, messages)[0].played.action.spin == 5
        assert TakeStore(scene_path).get("take-1").spins == (3, 5)  # undo is not destruction
        await pilot.press("space")  # plays the same spin again
        await settle(pilot)
        assert app.session.play.spins() == [3, 5]
        await pilot.press("u", "u", "u")
        await settle(pilot)
        assert "Nothing to take back" in of(msg.Refused, messages)[-1].reason


async def test_fork_names_and_saves_a_new_take(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "space", "space", "f")
        await settle(pilot)
        assert app.screen.query_one("Input").value == "take-2"
        await pilot.press("tab", *"evening", "enter")  # into the name: typing replaces the suggested one
        await settle(pilot)
        forked = of(msg.Forked, messages)
        assert forked and forked[0].name == "evening"
        name = forked[0].name
        assert app.session.take_name == name
        takes = {t.name: t for t in TakeStore(scene_path).load()}
        assert takes[name].spins == takes["take-1"].spins == (3, 5, 2)
        assert "forked from take-1 at spin 3" in takes[name].note
        await pilot.press("1")  # the fork goes its own way; take-1 is untouched
        await settle(pilot)
        takes = {t.name: t for t in TakeStore(scene_path).load()}
        assert takes[name].spins == (3, 5, 2, 1) and takes["take-1"].spins == (3, 5, 2)


async def test_fork_offers_a_name_and_leaves_the_play_keys_to_the_game(scene_path):
    """f then 5 then t: a fork under the name offered, a 5 played in it, and the takes listed; never a
    take called "5t"."""
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "f")
        await settle(pilot)
        assert app.screen.query_one("Input").value == "take-2" and app.screen.focused is None
        await pilot.press("5", "t")
        await settle(pilot)
        assert type(app.screen).__name__ == "TakesScreen"
        assert [f.name for f in of(msg.Forked, messages)] == ["take-2"]
        takes = {t.name: t for t in TakeStore(scene_path).load()}
        assert set(takes) == {"take-1", "take-2"}
        assert takes["take-2"].spins == (3, 5) and takes["take-1"].spins == (3,)
        assert app.session.take_name == "take-2"
        await pilot.press("escape", "f", "enter")  # Enter takes the name offered
        await settle(pilot)
        assert [f.name for f in of(msg.Forked, messages)] == ["take-2", "take-3"]


async def test_fork_refuses_a_name_already_taken(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space", "f")
        await settle(pilot)
        input_ = app.screen.query_one("Input")
        input_.value = "take-1"
        await pilot.press("enter")
        await settle(pilot)
        assert "already a take called take-1" in str(app.screen.query_one("#hint").render())
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen) and app.session.take_name == "take-1"


async def test_switching_takes_replays_the_chosen_one(scene_path):
    save_take(scene_path, "take-1", [3, 5, 2, 2, 6])
    save_take(scene_path, "take-2", [1, 1])
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await settle(pilot)
        assert app.session.take_name == "take-2"  # the latest
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("down", "enter")  # newest first: take-2, then take-1
        await settle(pilot)
        assert of(msg.TakeSwitched, messages)[-1].name == "take-1"
        assert app.session.play.spins() == [3, 5, 2, 2, 6]
        assert app.session.play.game.state.turn == 5
    again = make_app(scene_path)  # the take switched to is the one that opens next time
    async with again.run_test(size=(120, 40)):
        assert again.session.take_name == "take-1" and again.session.play.spins() == [3, 5, 2, 2, 6]


async def test_comparing_two_takes_says_where_they_part(scene_path):
    save_take(scene_path, "take-1", [3, 5, 2, 2, 6, 5])
    save_take(scene_path, "take-2", [3, 5, 2, 4])
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t", "space", "down", "space", "c")
        await settle(pilot)
        summary = str(app.screen.query_one("#summary").render())
        assert "first 3 spins" in summary and "At spin 4" in summary
        sides = [str(s.render()) for s in app.screen.query("Static.side")]
        assert len(sides) == 2 and all("From where they part" in s for s in sides)
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)


async def test_export_writes_a_file_and_says_where(scene_path, tmp_path):
    written = []
    messages = []
    app = make_app(scene_path, services=stub_services(exported=written))
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "space", "e", "enter")  # the dialog offers the last choice: Enter takes it
        await settle(pilot)
        exported = of(msg.Exported, messages)
        assert exported, [n.message for n in app._notifications]
        path = exported[0].path
        assert path.exists() and path.is_relative_to(tmp_path)
        assert any(str(path) in n.message for n in app._notifications)


async def test_quitting_and_reopening_resumes_the_take_at_the_same_turn(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space", "space", "space", "5", "space", "q")
        await settle(pilot)
        spins, turn = app.session.play.spins(), app.session.play.game.state.turn
    assert app.return_code == 0
    again = make_app(scene_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert again.session.take_name == "take-1"
        assert again.session.play.spins() == spins and again.session.play.game.state.turn == turn
        assert again.screen.query_one("StatusLine").view.turn == turn


async def test_the_command_palette_offers_every_key(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Spin", "Undo", "Fork a new take", "Takes", "Export", "Printed rule", "Reload the scene",
                      "Help", "Play 1", "Play 6"):
            assert title in titles
        assert "Play 7" not in titles  # a teetotum of six
        await pilot.press("ctrl+p", *"spin", "enter")
        await settle(pilot)
        assert of(msg.Spun, messages) and app.session.play.spins() == [3]


async def test_finding_spins_for_the_beats_saves_and_plays_a_solved_take(scene_path):
    from versus.tui.services import default_services

    real = default_services()
    if real.solve is None:
        return  # versus.solve not built
    services = stub_services()
    services.solve, services.keep = real.solve, real.keep
    messages = []
    app = make_app(scene_path, services=services)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space")
        await pilot.press("ctrl+p", *"find spins", "enter")
        await settle(pilot)
        solved = of(msg.Solved, messages)
        assert solved and solved[0].take == "solved-1", solved and solved[0].reasons
        assert app.session.take_name == "solved-1"
        assert all(held for _, held in app.session.play.beats())
        assert {t.name for t in TakeStore(scene_path).load()} == {"take-1", "solved-1"}


async def test_n_plays_a_number_above_nine_on_a_larger_teetotum(scene_path):
    scene_path.write_text(scene_path.read_text().replace("rules: ives", "rules: {preset: ives, teetotum: 12}"))
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("1", "3", "enter")  # thirteen: refused in the dialog, which stays open
        await pilot.pause()
        assert not of(msg.Spun, messages) and "choose from 1 to 12" in str(app.screen.query_one("#hint").render())
        await pilot.press("backspace", "backspace", "1", "2", "enter")
        await settle(pilot)
        assert of(msg.Spun, messages)[0].played.action.spin == 12
        assert app.session.play.game.state.pos[0] == 12


async def test_the_board_after_each_key_is_the_board_drawn_afresh(scene_path):
    """The board repaints only the lines a key changed: what it shows is still, line by line and style by
    style, the whole board drawn again."""
    from versus.tui.themes import palette
    from versus.tui.widgets.board import draw

    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        widget = app.screen.query_one("#board")
        for key in ["space"] * 6 + ["u", "u", "U", "3", "space"]:
            await pilot.press(key)
            await settle(pilot)
            shown = [list(widget.render_line(y)) for y in range(widget.size.height)]
            fresh = draw(app.screen.view, widget.size.width, widget.size.height, palette(False)).lines()
            assert shown == [list(line) for line in fresh], key
        assert app.session.play.spins()[-2:] == [3, 3]


async def test_the_log_follows_the_newest_line_and_its_scrollbar_the_length(scene_path):
    """Lines added and taken away without a new layout of the screen: the log still ends at the newest
    entry, and its scrollbar's thumb is sized for the lines it holds."""
    from versus.tui.widgets.playlog import PlayLog

    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.screen.query_one(PlayLog)
        fitted = []  # keys after which the log still fitted its height (before the scrollbar came)
        # Twelve spins: the log overflows its height at the fourth (the scrollbar appears), then grows to about
        # three times its height with the scrollbar staying; then lines are taken away and added again.
        for key in ["space"] * 12 + ["u", "u", "U", "space"]:
            await pilot.press(key)
            await settle(pilot)
            assert log.virtual_size.height == len(log.lines)
            fitted.append(len(log.lines) <= log.scrollable_content_region.height)
            if not fitted[-1]:
                assert log.show_vertical_scrollbar
                assert log.vertical_scrollbar.window_virtual_size == len(log.lines)
                assert log.scroll_y == log.max_scroll_y
                last = log.render_line(log.scrollable_content_region.height - 1).text
                assert last.strip() and last == log.lines[-1].text, (key, last)
        assert fitted[0] and not fitted[-1]  # the scrollbar came while the keys were played
        assert len(log.lines) > 2 * log.scrollable_content_region.height  # it did scroll, well past its height
