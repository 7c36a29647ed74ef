"""Pilot tests of takes as the author's work (docs/architecture.md §5): undo, redo, forks and reloads never
shorten a saved take."""

from __future__ import annotations

from rich.text import Text
from tui_support import make_app, of, save_take, settle

from versus.takes.store import TakeStore
from versus.tui import messages as msg


def takes_by_name(path):
    return {t.name: t for t in TakeStore(path).load()}


async def test_twelve_spins_four_undos_and_a_fork_keep_all_twelve(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press(*["space"] * 12)
        await settle(pilot)
        twelve = list(app.session.play.spins())
        assert len(twelve) == 12 and takes_by_name(scene_path)["take-1"].spins == tuple(twelve)
        await pilot.press("u", "u", "u", "u")
        await settle(pilot)
        assert takes_by_name(scene_path)["take-1"].spins == tuple(twelve)  # undo is not destruction
        await pilot.press("f")
        await settle(pilot)
        await pilot.press("tab", *"other", "enter")
        await settle(pilot)
        takes = takes_by_name(scene_path)
        assert takes["take-1"].spins == tuple(twelve)
        assert takes["other"].parent == "take-1" and takes["other"].spins == tuple(twelve[:len(takes["other"].spins)])
        assert len(takes["other"].spins) < 12 and "forked from take-1" in takes["other"].note


async def test_a_different_spin_after_undo_forks_and_the_original_keeps_its_ending(scene_path):
    save_take(scene_path, "take-1", [3, 5, 2, 2, 6])
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await settle(pilot)
        await pilot.press("u", "u")
        await settle(pilot)
        assert app.session.play.spins() == [3, 5, 2]
        await pilot.press("U")  # redo: the take's own next spin
        await settle(pilot)
        assert app.session.play.spins() == [3, 5, 2, 2] and app.session.take_name == "take-1"
        await pilot.press("4")  # take-1 has a 6 here: this play goes its own way
        await settle(pilot)
        forked = of(msg.Forked, messages)
        assert forked and forked[-1].name == "take-2"
        takes = takes_by_name(scene_path)
        assert takes["take-1"].spins == (3, 5, 2, 2, 6)
        assert takes["take-2"].spins == (3, 5, 2, 2, 4) and takes["take-2"].parent == "take-1"
        assert any("take-1 keeps its ending" in n.message for n in app._notifications)


async def test_redo_is_refused_when_nothing_was_undone(scene_path):
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "U")
        await settle(pilot)
        assert "Nothing to redo" in of(msg.Refused, messages)[-1].reason


async def test_a_take_reopened_after_undo_is_whole(scene_path):
    save_take(scene_path, "take-1", [3, 5, 2, 2, 6])
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("u", "u", "u", "q")
        await settle(pilot)
    again = make_app(scene_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert again.session.play.spins() == [3, 5, 2, 2, 6]


async def test_reload_after_shortening_the_scene_keeps_the_take_whole(scene_path):
    spins = [3, 5, 2, 2, 6, 5, 3, 2, 2, 5]
    save_take(scene_path, "take-1", spins)
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await settle(pilot)
        assert app.session.play.spins() == spins
        text = scene_path.read_text()
        scene_path.write_text(text.replace("max_turns: 120", "max_turns: 4"))
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert takes_by_name(scene_path)["take-1"].spins == tuple(spins)  # left whole
        assert app.session.take_name == "take-2" and app.session.parent == "take-1"
        assert of(msg.Forked, messages)[-1].name == "take-2"
        assert any("take-1 is kept as it was" in n.message for n in app._notifications)
        scene_path.write_text(text)  # the edit undone: the take is all there
        await pilot.press("ctrl+r", "t")
        await settle(pilot)
        assert takes_by_name(scene_path)["take-1"].spins == tuple(spins)


async def test_a_take_named_with_markup_is_shown_as_plain_text(scene_path):
    save_take(scene_path, "[/]", [3, 5], note="[bold]not bold[/bold]")
    save_take(scene_path, "[red]x", [1])
    app = make_app(scene_path, take="[/]")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        table = app.screen.query_one("DataTable")
        cells = [table.get_row_at(row) for row in range(table.row_count)]
        assert Text("[/]") in [c[1] for c in cells] and Text("[bold]not bold[/bold]") in [c[-1] for c in cells]
        await pilot.press("c")  # compare with the current take: both names in a title
        await settle(pilot)
        assert type(app.screen).__name__ == "CompareScreen"
        await pilot.press("escape", "escape", "f")
        await settle(pilot)
        app.screen.query_one("Input").value = "[b]fork[/"
        await pilot.press("enter")
        await settle(pilot)
        assert "[b]fork[/" in takes_by_name(scene_path)
        assert any("[b]fork[/" in n.message for n in app._notifications)
        await pilot.press("f")
        await settle(pilot)
        app.screen.query_one("Input").value = "[/]"  # taken: the dialog says so, quoting it plainly
        await pilot.press("enter")
        await settle(pilot)
        assert "already a take called [/]" in str(app.screen.query_one("#hint").render())


async def test_reload_of_a_scene_that_became_dev_zero_is_refused_at_once(scene_path):
    import time

    save_take(scene_path, "take-1", [3, 5])
    messages = []
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await settle(pilot)
        scene_path.unlink()
        scene_path.symlink_to("/dev/zero")
        start = time.perf_counter()
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert time.perf_counter() - start < 2
        assert "not a regular file" in of(msg.SceneReloaded, messages)[-1].problems[0]
        assert takes_by_name(scene_path)["take-1"].spins == (3, 5)
