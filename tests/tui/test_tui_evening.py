"""An evening's play at 80x24: one notice however long a key is held, the last spin always told, the
dialogs scrolled to their ends, digits through turns sat out, the prose read whole, takes renamed and
deleted (never lost), the theme and the author's keys remembered."""

from __future__ import annotations

from pathlib import Path

from textual import events
from tui_support import PROSE, make_app, of, save_take, settle, settled, until

from versus.tui import messages as msg
from versus.tui.view import sentence, tokens_for

LONG_PROSE = PROSE + "".join(f"\nParagraph {n}: the game went on, and the candles burned.\n" for n in range(40))


def play_to_the_end(app) -> None:
    while not app.session.play.finished:
        app.session.spin()
    app.screen.save()
    app.screen.after_change()


async def test_holding_space_past_the_end_shows_one_notice(virtue_scene):
    messages = []
    app = make_app(virtue_scene)
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        play_to_the_end(app)
        await settle(pilot)
        await pilot.press(*["space"] * 6)  # as a held key repeats: each refused, and told once
        await settle(pilot)
        assert len(of(msg.Refused, messages)) == 6
        assert len([n for n in app._notifications if n.title == "Not now"]) == 1
        assert len(list(app._notifications)) <= 2


async def test_the_status_line_tells_the_last_spin_with_names_as_written(virtue_scene):
    app = make_app(virtue_scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await settle(pilot)
        status = str(app.screen.query_one("#status").render())
        assert "Lady Catherine spins 2" in status
        play_to_the_end(app)
        await settle(pilot)
        view = app.screen.view
        winner = app.session.names[app.session.play.game.state.winner]
        assert view.next_up.startswith(f"{winner} has won")  # never "Mr. darcy"
        assert sentence("mr. Darcy has won") == "Mr. Darcy has won"


async def test_the_mark_is_where_the_token_rests(scene_path):
    save_take(scene_path, "take-1", [3, 5, 1, 4])  # Mr. Darcy lands on THE INN (9) and is sent on to 12
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        state = app.session.play.game.state
        last = app.session.play.played[-1].action.player
        assert app.screen.view.landed == state.pos[last]


async def test_help_and_rule_scroll_to_their_ends_at_80_by_24(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await settle(pilot)
        body = app.screen.query_one("#help-body")
        assert body.max_scroll_y > 0
        await pilot.press("end")
        await settle(pilot)
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("escape", "r")
        await settle(pilot)
        body = app.screen.query_one("#rule-body")
        await pilot.press("pagedown", "down", "end")
        await settle(pilot)
        assert body.scroll_y == body.max_scroll_y


async def test_the_rule_of_the_space_landed_on_and_of_any_space(scene_path):
    save_take(scene_path, "take-1", [3, 5, 1, 4])
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        landed = app.screen.space
        assert landed == 12 and "Space 12" in str(app.screen.query_one("#rule-title").render())
        await pilot.press("4", "5", "enter")
        await settle(pilot)
        assert "Space 45" in str(app.screen.query_one("#rule-title").render())
        await pilot.press("right")
        assert app.screen.space == 46


async def test_a_typed_sequence_plays_through_turns_sat_out(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        sequence = [4, 2, 5, 6, 2, 2, 5, 1, 3, 3, 3, 3, 3, 3]
        await pilot.press(*[str(n) for n in sequence])
        await settle(pilot)
        assert app.session.play.spins() == sequence
        assert any(p.action.spin is None for p in app.session.play.played)  # turns sat out were passed


def test_tokens_are_two_letters_and_distinct():
    tokens = tokens_for(["Lady Catherine", "Elizabeth", "Mr. Collins", "the Colonel", "Mr. Darcy"])
    assert tokens == ("Ca", "El", "Co", "Cl", "Da")
    assert len(set(tokens_for(["Jane", "Jane", "Mr. Jones"]))) == 3


async def test_the_prose_opens_at_its_newest_paragraph_and_stays_after_a_reload(scene_path):
    app = make_app(scene_path)
    app.services.narrate = lambda play, **options: LONG_PROSE
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await settled(pilot)
        await pilot.press("p")
        await settle(pilot)
        prose = app.screen.query_one("ProsePanel")
        assert prose.max_scroll_y > 0 and prose.scroll_y == prose.max_scroll_y
        await pilot.press("ctrl+r")
        await settled(pilot)
        prose = app.screen.query_one("ProsePanel")
        assert prose.scroll_y == prose.max_scroll_y


async def test_the_prose_does_not_jump_while_the_author_reads_back(scene_path):
    app = make_app(scene_path)
    texts = iter([LONG_PROSE, LONG_PROSE + "\nA new paragraph.\n"] * 5)
    app.services.narrate = lambda play, **options: next(texts)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space")
        await settled(pilot)
        prose = app.screen.query_one("ProsePanel")
        prose.scroll_home(animate=False)
        await settle(pilot)
        await pilot.press("space")
        await settled(pilot)
        assert prose.scroll_y == 0 and not prose.follow


async def test_z_lets_the_prose_fill_the_screen(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("p", "z")
        await settle(pilot)
        assert app.screen.maximized is not None and app.screen.maximized.id == "prose-panel"
        await pilot.press("z")
        assert app.screen.maximized is None


async def test_keys_coalesce_into_one_repaint(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        builds = []
        screen = app.screen
        push = screen.push_view
        screen.push_view = lambda: (builds.append(1), push())
        for _ in range(10):  # all at once, as a held key's repeats arrive
            app.post_message(events.Key("space", " "))
        await settle(pilot)
        assert len(app.session.play.played) >= 10 and len(builds) < 10


async def test_the_play_log_adds_and_removes_lines(scene_path):
    save_take(scene_path, "take-1", [3, 5, 1, 4, 2, 6, 3])
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        log = app.screen.query_one("PlayLog")
        first, count = log.lines[0], len(log.lines)
        await pilot.press("u")
        await settle(pilot)
        assert len(log.lines) < count and log.lines[0] is first  # the rest was not written again
        for strip in log.lines:
            assert strip.text.startswith(" ")  # continuation lines are indented, never at column 0


def spins_to_turn(scene_path: Path, turns: int) -> list[int]:
    """Spins that carry the scene to `turns` with nobody winning (the first face that does not win)."""
    from versus.scenes.load import load_scene
    from versus.takes.playthrough import Playthrough

    play = Playthrough(load_scene(scene_path))
    while play.game.state.turn < turns:
        if not play.game.state.needs_spin:
            play.step()
            continue
        for spin in range(1, play.faces + 1):
            play.step(spin)
            if not play.game.state.over:
                break
            play.undo()
    return play.spins()


async def test_a_long_take_is_shown_newest_first_and_then_whole(scene_path, monkeypatch):
    from versus.tui.widgets.playlog import PlayLog

    save_take(scene_path, "take-1", spins_to_turn(scene_path, 100))
    app = make_app(scene_path)
    held = []  # the older entries' wrapping, held back until the author has scrolled up
    monkeypatch.setattr(PlayLog, "_schedule_backfill", lambda self: held.append(self))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("PlayLog")
        entries = app.screen.view.log
        assert len(entries) > 100 and 0 < len(log._shown) < len(entries) / 2 and held  # only the newest
        log.scroll_to(y=0, animate=False, immediate=True)  # reading back while the older ones come in
        await pilot.pause()
        top = log.lines[0].text
        monkeypatch.undo()
        log._schedule_backfill()
        for _ in range(50):
            if not log._start:
                break
            await pilot.pause(0.02)
        assert log._start == 0 and log._shown == list(entries)
        assert log.scroll_offset.y > 0 and log.lines[log.scroll_offset.y].text == top  # it stayed in view
        told = " ".join(" ".join(strip.text.split()) for strip in log.lines)
        position = 0
        for entry in entries:  # every entry, in the take's order
            position = told.index(" ".join(entry.text.split()[:3]), position)


async def test_the_play_logs_scrollbar_is_where_its_lines_are(scene_path):
    save_take(scene_path, "take-1", spins_to_turn(scene_path, 40))
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("PlayLog")
        assert log.show_vertical_scrollbar and log.scroll_y == log.max_scroll_y > 0
        assert log.vertical_scrollbar.position == log.scroll_y  # the thumb at the bottom, with the newest line
        # A scrollbar that appears only after the log has scrolled (the layout came later) starts there too.
        log.show_vertical_scrollbar = False
        log.scroll_to(y=log.max_scroll_y // 2, animate=False, immediate=True, force=True)
        log.show_vertical_scrollbar = True
        assert log.vertical_scrollbar.position == log.scroll_y == log.max_scroll_y // 2


async def test_takes_are_renamed_and_deleted_into_the_trash(scene_path):
    save_take(scene_path, "take-1", [3, 5, 1])
    save_take(scene_path, "take-2", [3, 5, 2])
    folder = scene_path.with_name("netherfield.takes")
    app = make_app(scene_path, "take-2")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("down", "r")  # take-1 (newest first)
        await settle(pilot)
        await pilot.press(*["ctrl+a", "ctrl+k"], *"Evening", "enter")
        await settle(pilot)
        names = sorted(p.name for p in folder.glob("*.yaml"))
        assert names == ["Evening.yaml", "take-2.yaml"] and (folder / ".trash" / "take-1.yaml").exists()
        await pilot.press("d")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        await pilot.press("n")
        await settle(pilot)
        assert (folder / "Evening.yaml").exists()
        await pilot.press("d", "y")
        await settle(pilot)
        assert not (folder / "Evening.yaml").exists() and (folder / ".trash" / "Evening.yaml").exists()
        await pilot.press("r")  # the current take (the only one left), renamed: saves go on into its new file
        await settle(pilot)
        await pilot.press("ctrl+a", "ctrl+k", *"Best", "enter", "escape", "space")
        await settle(pilot)
        assert app.session.take_name == "Best" and len(app.session.store.get("Best").spins) == 4


async def test_the_theme_is_remembered(scene_path, own_config: Path):
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "regency-dark"
        await settle(pilot)
    assert "regency-dark" in (own_config / "settings.yaml").read_text()
    again = make_app(scene_path)
    assert again.theme == "regency-dark"
    assert make_app(scene_path, theme="regency").theme == "regency"  # --theme still wins


async def test_a_keymap_moves_keys(scene_path, own_config: Path):
    (own_config / "keymap.yaml").write_text("spin: j\nnonsense: k\n")
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("j")
        await settle(pilot)
        assert app.session.play.spins() == [3]
        assert any("nonsense" in n.message for n in app._notifications)


def test_the_editor_is_the_authors(scene_path, monkeypatch):
    from versus.tui.editor import edit

    monkeypatch.setenv("VISUAL", "sh -c 'echo \"# edited\" >> \"$0\"'")
    assert edit(scene_path) is None and scene_path.read_text().endswith("# edited\n")
    monkeypatch.setenv("VISUAL", "false")
    assert "status 1" in edit(scene_path)


async def test_the_palette_has_one_help(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Help" in titles and "Keys" not in titles


async def test_the_prose_adds_paragraphs_without_rendering_the_rest_again(scene_path):
    from versus.tui.widgets.prose import blocks

    assert blocks("# A\n\nOne\ntwo\n\n\nThree\n") == ["# A", "One\ntwo", "Three"]
    app = make_app(scene_path)
    texts = iter([PROSE, PROSE + "\nA new paragraph.\n"] * 5)
    app.services.narrate = lambda play, **options: next(texts)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        panel = app.screen.query_one("ProsePanel")
        first = list(panel.query_children("Markdown"))
        await pilot.press("space")
        await settled(pilot)
        now = list(panel.query_children("Markdown"))
        assert len(now) == len(first) + 1 and all(a is b for a, b in zip(first, now, strict=False))


async def test_prose_written_while_the_keys_come_waits_for_them_to_stop(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        while app.screen.settling():  # the opening prose is asked for once the screen is still
            await pilot.pause(0.05)
        await settle(pilot)
        panel = app.screen.query_one("ProsePanel")
        before = [m.source for m in panel.query_children("Markdown")]
        panel.hold(0.4)  # as a key does
        await panel._written("# Chapter XII\n\nThe candles were lit.\n", panel.showing)
        await pilot.pause()
        assert [m.source for m in panel.query_children("Markdown")] == before  # not in the middle of the keys
        written = ["# Chapter XII", "The candles were lit."]
        await until(pilot, lambda: [m.source for m in panel.query_children("Markdown")] == written)  # once held
        await pilot.pause()
        assert [m.source for m in panel.query_children("Markdown")] == written


async def test_the_odds_of_a_position_left_are_shown_faded_until_the_new_ones_come(scene_path):
    from tui_support import stub_services

    asked: list[int] = []

    def odds(scene, state):
        asked.append(state.turn)
        return {0: 0.25, 1: 0.75}

    app = make_app(scene_path, services=stub_services(odds=odds))
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)  # the odds are asked for once the keys (none yet) have settled
        beats = app.screen.query_one("BeatsPanel")
        assert beats.odds.startswith("Chances from here") and not beats.stale
        height = beats.size.height
        app.screen.after_change()  # as a key does: the position shown has passed
        assert beats.stale and beats.odds  # the line stays, faded, and the panel keeps its height
        await pilot.pause()
        assert beats.size.height == height
        await pilot.press("space")
        await settled(pilot)
        assert not beats.stale and len(asked) >= 2
