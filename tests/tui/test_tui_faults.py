"""Where the app should stop or refuse rather than carry on: configuration read within a bound, a failed
save never forgotten (nor its spins lost on quitting)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tui_support import make_app, settle, until

from versus.tui import settings
from versus.tui.services import Written


def test_a_keymap_linked_to_dev_zero_is_refused_at_once(own_config: Path):
    """Run apart, with a memory limit, so that an unbounded read fails the test instead of the machine."""
    os.symlink("/dev/zero", own_config / "keymap.yaml")
    os.symlink("/dev/zero", own_config / "settings.yaml")
    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
            "from versus.tui import settings\n"
            "print(settings.keymap({'spin'})[1]); print(settings.remembered_theme(('regency',)))\n"
            "print(settings.remember_theme('regency'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20,
                         env={**os.environ, "VERSUS_CONFIG_DIR": str(own_config)})
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0] == (f"['{own_config / 'keymap.yaml'}: not a regular file (a character device), so not read "
                        "as a keymap.yaml']")
    assert lines[1] == "None"
    assert lines[2].startswith("The theme could not be remembered: ") and "character device" in lines[2]
    assert os.readlink(own_config / "settings.yaml") == "/dev/zero"  # never written through the link


def test_a_large_configuration_file_is_not_read(own_config: Path):
    (own_config / "keymap.yaml").write_text("# " + "x" * 200_000 + "\nspin: j\n")
    keys, problems = settings.keymap({"spin"})
    assert keys == {} and len(problems) == 1
    assert "too large for a keymap.yaml (200,011 bytes; at most 64,000)" in problems[0]
    (own_config / "settings.yaml").write_text("theme: regency\n" + "#" * 100_000 + "\n")
    assert settings.remembered_theme(("regency",)) is None
    assert settings.remember_theme("regency-dark").startswith("The theme could not be remembered")
    assert (own_config / "settings.yaml").stat().st_size > 100_000  # left as it was


async def test_the_app_starts_and_says_why_the_keymap_was_not_read(scene_path, own_config: Path):
    os.symlink("/dev/zero", own_config / "keymap.yaml")
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert app.session.play.spins() == [3]
        assert any("character device" in n.message for n in app._notifications)


class FullDisk:
    """Every take write fails as on a full disk, until freed."""

    def __init__(self, monkeypatch) -> None:
        import versus.takes.store as store

        self.monkeypatch, self.store = monkeypatch, store
        self.tries = 0  # writes refused while full

    def fill(self) -> None:
        def no_space(*args, **kwargs):
            self.tries += 1
            raise OSError(errno.ENOSPC, "No space left on device")

        self.monkeypatch.setattr(self.store, "write_new", no_space)
        self.monkeypatch.setattr(self.store, "write_atomic", no_space)

    def free(self) -> None:
        self.monkeypatch.undo()


@pytest.fixture
def disk():
    """A disk that fills and frees within a test, and is always freed after it."""
    patches = pytest.MonkeyPatch()
    yield FullDisk(patches)
    patches.undo()


def on_disk(scene_path: Path) -> list[int]:
    from versus.takes.store import TakeStore

    return list(TakeStore(scene_path).latest().spins)


async def test_a_failed_save_is_shown_until_one_succeeds_and_its_spins_reach_disk(scene_path, monkeypatch, disk):
    import versus.tui.screens.main as main

    monkeypatch.setattr(main, "RETRY", 0.2)
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await settle(pilot)
        disk.fill()
        await pilot.press("space", "space", "space", "space")
        await settle(pilot)
        played = app.session.play.spins()
        assert len(played) == 5 and on_disk(scene_path) == played[:1]
        assert app.session.unsaved() == 4
        assert app.screen.sub_title.startswith("take-1 NOT SAVED (four spins only in memory)")
        assert "NOT SAVED" in str(app.screen.query_one("#status").render())
        shown = [n for n in app._notifications if n.title == "Not saved"]
        assert len(shown) == 1 and "No space left on device" in shown[0].message  # told once, not four times
        await pilot.press("q")  # asks, and does not quit
        await settle(pilot)
        assert type(app.screen).__name__ == "UnsavedScreen" and app.is_running and not app._exit
        await pilot.press("r")  # tried again: still full, so it asks again
        await settle(pilot)
        assert type(app.screen).__name__ == "UnsavedScreen" and not app._exit
        await pilot.press("escape")
        tries = disk.tries
        await until(pilot, lambda: disk.tries > tries)  # tried again meanwhile (the retry timer): still full
        await settle(pilot)
        assert app.session.unsaved() == 4 and "NOT SAVED" in app.screen.sub_title
        disk.free()
        await until(pilot, lambda: app.session.unsaved() == 0)  # saved by the retry timer, nothing pressed
        await settle(pilot)
        assert on_disk(scene_path) == played and app.session.unsaved() == 0
        assert app.screen.sub_title == "take-1 \u00b7 netherfield"
        assert any(n.title == "Saved" for n in app._notifications)
        await pilot.press("q")
        await pilot.pause()
        assert app._exit


async def test_quitting_with_unsaved_spins_can_write_them_elsewhere(scene_path, tmp_path, monkeypatch):
    disk = FullDisk(monkeypatch)
    disk.fill()
    app = make_app(scene_path)
    elsewhere = tmp_path / "drawer"  # typed as a path from the working folder (tmp_path): d, r and w among its
    elsewhere.mkdir()  # letters, which are the dialog's keys until the field is shown, and are typed into it after
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "space", "space")
        await settle(pilot)
        assert app.session.unsaved() == 3 and not (scene_path.parent / "netherfield.takes").exists()
        await pilot.press("ctrl+q")  # the app's own quit key asks too
        await settle(pilot)
        assert type(app.screen).__name__ == "UnsavedScreen"
        await pilot.press("w")
        await settle(pilot)
        field = app.screen.query_one("#elsewhere")
        assert field.display and app.focused is field and field.value.endswith("netherfield.new-take.unsaved.yaml")
        await pilot.press("ctrl+u", *elsewhere.name, "enter")
        await settle(pilot)
        assert app._exit
    written = list(elsewhere.iterdir())
    assert [p.name for p in written] == ["take-1.yaml"]
    disk.free()
    import yaml

    from versus.takes.take import Take

    take = Take.from_data(yaml.safe_load(written[0].read_text()))
    assert list(take.spins) == app.session.play.spins() and len(take.spins) == 3


async def test_a_take_is_not_switched_away_from_while_its_spins_are_unsaved(scene_path, monkeypatch):
    from tui_support import save_take

    save_take(scene_path, "Other", [2, 2])
    app = make_app(scene_path, "Other")
    async with app.run_test(size=(120, 40)) as pilot:
        FullDisk(monkeypatch).fill()
        await pilot.press("space")
        await settle(pilot)
        app.screen.takes_chosen(("new", ""))
        await settle(pilot)
        assert app.session.take_name == "Other" and len(app.session.play.spins()) == 3


async def test_ctrl_c_names_the_quit_key_in_plain_words(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert [n.message for n in app._notifications] == ["Press q to quit the app"]


async def test_discarding_unsaved_spins_is_a_choice_of_its_own(scene_path, monkeypatch):
    FullDisk(monkeypatch).fill()
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "q")
        await settle(pilot)
        await pilot.press("q")  # q again in the dialog is not an answer
        await settle(pilot)
        assert type(app.screen).__name__ == "UnsavedScreen" and not app._exit
        await pilot.press("d")
        await pilot.pause()
        assert app._exit


async def test_the_word_budget_has_the_command_lines_limits(scene_path):
    from versus.tui.screens.export_format import FormatScreen

    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "e", *"99999999")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FormatScreen) and screen.choice.words == 99_999  # never cut to 999,999
        problem = str(screen.query_one("#export-problem").render())
        assert problem == "A word budget is from 50 to 100,000 words, not 999,999."
        await pilot.press(*["backspace"] * 5, "1", "2", "enter")
        await settle(pilot)
        assert app.screen is screen and screen.choice.words == 12  # not exported, and not passed over silently
        assert str(screen.query_one("#export-problem").render()).startswith("A word budget is from 50 to 100,000 "
                                                                           "words, not 12: type another")
        await pilot.press("backspace", "backspace", *"100000")
        await settle(pilot)
        assert screen.choice.words == 100_000 and str(screen.query_one("#export-problem").render()) == ""


def long_takes(scene_path: Path) -> tuple[list[int], list[int]]:
    """Two takes of the whole game that share their first 63 spins."""
    from tui_support import save_take

    from versus.scenes.load import load_scene
    from versus.takes.playthrough import Playthrough

    play = Playthrough(load_scene(scene_path))
    for _ in play.play_out():
        pass
    spins = play.spins()
    other = [*spins[:63], 1 if spins[63] != 1 else 2, *spins[64:]]
    save_take(scene_path, "take-1", spins)
    save_take(scene_path, "take-2", other)
    return spins, other


def shown(app) -> str:
    """The screen's text as a person sees it (the screenshot's text, spaces as spaces)."""
    import html
    import re

    svg = app.export_screenshot()
    return html.unescape(" ".join(re.findall(r"<text[^>]*>(.*?)</text>", svg))).replace("\xa0", " ")


ANNOTATED = "\n\n".join(f"<!-- versus: actions {n * 20 + 1}-{n * 20 + 20} -->\n\nParagraph {n}, of actions "
                        f"{n * 20 + 1} to {n * 20 + 20}." for n in range(10))


async def test_the_comparison_scrolls_to_its_end_and_marks_where_the_takes_part(scene_path):
    import dataclasses

    from tui_support import stub_services

    long_takes(scene_path)
    asked = []

    def narrate(play, **options):
        asked.append(options)
        return ANNOTATED if options.get("annotate") else "plain"

    app = make_app(scene_path, services=dataclasses.replace(stub_services(), narrate=narrate))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("space", "down", "space", "c")
        await settle(pilot)
        body = app.screen.query_one("#compare-body")
        assert app.focused is body and body.max_scroll_y > 20  # the logs are longer than the dialog
        await pilot.press("pagedown")
        await settle(pilot)
        assert body.scroll_y > 0
        await pilot.press("end")
        await settle(pilot)
        assert body.scroll_y == body.max_scroll_y
        for which in "ab":
            lines = str(app.screen.query_one(f"#side-{which}").render()).splitlines()
            mark = lines.index("\u25b6 they part here")
            assert lines[mark - 1] == "From where they part:" and "spin" in lines[mark + 1]
        side = app.screen.comparison.a
        assert side.parted_at is not None and side.play.played[side.parted_at].action.spin is not None
        await pilot.press("home", "p")
        await settle(pilot)
        await until(pilot, lambda: "they part here" in str(app.screen.query_one("#side-a").render())
                    and body.scroll_y > 0)  # both sides' prose written, and scrolled to the parting
        await settle(pilot)
        assert [options for options in asked if options.get("annotate")] == [{"annotate": True}] * 2  # a side each
        text = str(app.screen.query_one("#side-a").render())
        assert "<!--" not in text
        n = side.parted_at // 20  # the paragraph whose actions hold the first one after the parting
        assert f"\u25b6 they part here\nParagraph {n}, of actions" in text
        assert text.count("they part here") == 1
        assert body.scroll_y > 0 and "they part here" in shown(app)  # the prose opens where the takes part
        await pilot.press("end")
        await settle(pilot)
        assert body.max_scroll_y > 0 and body.scroll_y == body.max_scroll_y


async def test_quitting_stops_the_prose_under_way_rather_than_waiting_for_it(scene_path, monkeypatch):
    """The narrator may be minutes into a long take: q stops it (the services' stop) and does not wait."""
    import dataclasses
    import threading

    from tui_support import stub_services

    import versus.tui.screens.main as main

    monkeypatch.setattr(main, "SETTLE", 0.01)
    begun, released = threading.Event(), threading.Event()
    stopped = []

    def narrate(play, **options):
        begun.set()
        released.wait(30)  # a narration that ends only when stopped
        return "late"

    def stop():
        stopped.append(True)
        released.set()

    app = make_app(scene_path, services=dataclasses.replace(stub_services(), narrate=narrate, stop=stop))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await until(pilot, begun.is_set)
        assert not released.is_set()
        await pilot.press("q")
        await pilot.pause()
        assert stopped == [True] and app._exit
    released.set()


async def test_a_space_number_past_the_board_is_said_not_cut(scene_path):
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        title = str(app.screen.query_one("#rule-title").render())
        await pilot.press("9", "9")
        await settle(pilot)
        hint = str(app.screen.query_one("#rule-hint").render())
        assert hint.startswith("There is no space 99: the spaces run from 1 to 67")
        await pilot.press("9", "enter")  # 999 typed: no space 9 (nor 99) is shown in its place
        await settle(pilot)
        assert app.screen.space is None
        assert str(app.screen.query_one("#rule-title").render()) == title
        assert str(app.screen.query_one("#rule-hint").render()).startswith("There is no space 999:")
        await pilot.press("backspace", "backspace", "enter")
        await settle(pilot)
        assert app.screen.space == 9


async def test_help_shows_the_keys_the_keymap_gave(scene_path, own_config: Path):
    (own_config / "keymap.yaml").write_text("spin: j\nundo: x,backspace\nquit: ctrl+w\n")
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await settle(pilot)
        rows = {}
        for row in app.screen.query(".help-row"):
            key = str(row.query_one(".help-key").render())
            rows.setdefault(key, str(row.query_one(".help-what").render()))
        assert rows["j"].startswith("Spin the teetotum")
        assert rows["x backspace"].startswith("Take back the last spin")
        assert rows["ctrl+w"].startswith("Quit")
        assert "space" not in rows and "u" not in rows and "q" not in rows


def test_a_take_renamed_in_another_window_is_followed(scene_path):
    from versus.takes.files import rename
    from versus.tui.session import Session

    here = Session(scene_path)
    here.spin()
    here.save()
    here.spin()
    here.save()
    there = Session(scene_path)
    there.renamed(rename(there.store, there.store.get("take-1"), "Best"))
    here.spin()
    saved = here.save()
    assert saved.take is not None and saved.take.name == "Best" and here.take_name == "Best"
    assert saved.notices == ("take-1 was renamed Best elsewhere; the play goes on in it.",)
    assert sorted(p.name for p in here.store.folder.glob("*.yaml")) == ["Best.yaml"]  # no take-1 made again
    assert len(here.store.get("Best").spins) == 3
    here.undo()
    here.undo()
    here.spin(6)  # a different number where Best has one: a fork, named after the take as it is now called
    assert here.note == "forked from Best at spin 1 (turn 1)"


async def test_at_80_by_24_three_tokens_on_a_space_are_all_shown_and_names_abbreviated(scene_path):
    import shutil

    from tui_support import save_take

    canton = scene_path.with_name("pemberley-canton.yaml")
    shutil.copy(Path(__file__).resolve().parents[2] / "scenes" / "pemberley-canton.yaml", canton)
    save_take(canton, "three", [6, 6, 6])
    app = make_app(canton, "three")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(set(app.session.play.game.state.pos)) == 1  # all three on one space
        import dataclasses

        from versus.tui.themes import palette
        from versus.tui.widgets.board import draw

        widget = app.screen.query_one("#board")
        unmarked = dataclasses.replace(app.screen.view, landed=None)  # no » beside the number: more room on top
        board = str(draw(unmarked, widget.size.width, widget.size.height, palette(False)))
        tokens = app.screen.view.tokens
        row = next(n for n, line in enumerate(board.splitlines()) if "1*" in line.split("\u2192")[0])
        cell = "\n".join(line[:10] for line in board.splitlines()[row:row + 2])
        assert all(token in cell for token in tokens), cell  # each of the three, not "Ge+2"
        assert "+2" not in cell
    app = make_app(scene_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        widget = app.screen.query_one("#board")
        board = "\n".join(widget.render_line(y).text for y in range(widget.size.height))  # as drawn, line by line
        assert "AUDACI." in board and "HUMILI." in board and "'" not in board


async def test_an_export_from_the_app_tells_of_a_damaged_memory(scene_path, tmp_path):
    import dataclasses

    from tui_support import stub_services

    from versus.tui.services import default_services

    folder = tmp_path / "manuscript_exports"
    folder.mkdir()
    (folder / ".versus-phrasings.yaml").write_text("exports: [\n")
    services = dataclasses.replace(stub_services(), export=default_services().export)
    app = make_app(scene_path, services=services)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space", "e", "m")
        await settle(pilot)
        await until(pilot, lambda: any("kept as .versus-phrasings.yaml.damaged" in n.message
                                       for n in app._notifications))
        await settle(pilot)
        told = [n.message for n in app._notifications if "kept as .versus-phrasings.yaml.damaged" in n.message]
        assert len(told) == 1 and told[0].startswith(f"{folder / '.versus-phrasings.yaml'}:2:1: ")
    assert (folder / ".versus-phrasings.yaml.damaged").read_text() == "exports: [\n"
    assert (folder / "netherfield.brisk.md").exists()


async def test_a_new_take_that_cannot_be_saved_does_not_say_it_waits_for_its_first_spin(scene_path, monkeypatch):
    FullDisk(monkeypatch).fill()
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "not saved until the first spin" in str(app.screen.query_one("#beats").render())
        await pilot.press("space", "space")
        await settle(pilot)
        beats = str(app.screen.query_one("#beats").render())
        assert "not saved until the first spin" not in beats and "Not saved: two spins kept in memory" in beats
        assert app.screen.sub_title.startswith("new take NOT SAVED (two spins only in memory)")


async def test_quitting_while_an_export_is_written_lets_it_land_first(scene_path):
    import dataclasses
    import threading

    from tui_support import stub_services

    begun, released, written = threading.Event(), threading.Event(), []

    def export(play, take_name: str, pace: str = "brisk", words: int | None = None):
        begun.set()
        released.wait(10)
        written.append(take_name)
        return Written(scene_path.parent / "x.md")

    app = make_app(scene_path, services=dataclasses.replace(stub_services(), export=export))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "e", "m")
        await until(pilot, begun.is_set)  # the export under way
        await pilot.press("q")
        await until(pilot, lambda: any(n.title == "Quitting" for n in app._notifications))
        await pilot.pause()
        assert not app._exit and not written
        released.set()
        await until(pilot, lambda: app._exit)
        await settle(pilot)
        assert written == ["take-1"] and app._exit
