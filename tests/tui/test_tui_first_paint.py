"""What the first paint waits for: no Markdown, narrator, solver or other command before it; what
start-up puts off (the garbage collector) is done once the main screen has been drawn."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tui_support import PROSE, make_app, settle


def test_nothing_heavy_is_imported_before_the_first_paint(scene_path):
    """Markdown (markdown-it, Pygments), the narrator, numpy (115 ms, through the solver) and the other commands
    come later, if at all; the solver is found without being imported."""
    code = f"""
import asyncio, sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
import versus.tui.screens.main as main
main.SETTLE = 30
from versus.tui.app import VersusApp
from versus.tui.services import default_services
async def go():
    app = VersusApp({str(scene_path)!r}, services=default_services())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        heavy = ["markdown_it", "pygments", "textual.widgets._markdown", "textual.widgets._tabbed_content",
                 "numpy", "versus.narration", "versus.solve", "versus.odds", "versus.export", "hypothesis"]
        print(" ".join(m for m in heavy if m in sys.modules) or "none", app.services.solve is not None)
asyncio.run(go())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["none", "True"], out.stdout + out.stderr  # the solver found, not imported


def test_versus_play_reads_only_its_own_arguments():
    code = """
import sys
from versus.cli import build_parser
parser = build_parser("play")
parser.parse_args(["play", "x.yaml", "--take", "t"])
print(" ".join(sorted(m for m in sys.modules if m.startswith("versus.commands."))))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["versus.commands.play"], out.stdout + out.stderr
    from versus.cli import build_parser

    assert build_parser("play").format_help() == build_parser().format_help()  # --help lists every command


async def test_what_waits_for_the_first_paint_runs_once_after_it(scene_path):
    app = make_app(scene_path)
    seen = []
    app.after_first_paint(lambda: seen.append(type(app.screen).__name__))
    assert seen == []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert seen == ["MainScreen"] and app.screen_stack == [app.screen]  # no blank screen beneath it
        app.after_first_paint(lambda: seen.append("later"))  # after the paint: at once
        assert seen == ["MainScreen", "later"]
        await pilot.press("space")
        await settle(pilot)
        assert seen == ["MainScreen", "later"]


async def test_the_prose_panel_holds_no_markdown_until_there_is_prose(scene_path, monkeypatch):
    import versus.tui.screens.main as main

    monkeypatch.setattr(main, "SETTLE", 30)  # no prose from the narrator meanwhile
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        panel = app.screen.query_one("ProsePanel")
        assert list(panel.children) == []  # nothing to show yet: no Markdown widget was made
        await panel.show(PROSE)
        await pilot.pause()
        assert len(panel.children) > 1 and all(type(c).__name__ == "Markdown" for c in panel.children)
        await panel.show("")
        await pilot.pause()
        assert list(panel.children) == []


async def test_the_first_frame_holds_the_keys_and_they_are_not_composed_again(scene_path):
    from textual.widgets._footer import FooterKey

    app = make_app(scene_path)
    at_first_frame = []
    app.after_first_paint(lambda: at_first_frame.extend(
        (key.description, key.size.width) for key in app.screen.query(FooterKey)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        keys = list(app.screen.query(FooterKey))
        assert "Quit" in {label for label, _ in at_first_frame} and all(width > 0 for _, width in at_first_frame)
        assert [key.description for key in keys] == [label for label, _ in at_first_frame]
        first = keys[0]
        await pilot.press("space")
        await settle(pilot)
        assert app.screen.query(FooterKey).first() is first  # the same keys after a spin: not drawn again
        screen = app.screen
        screen.check_action = lambda action, parameters: action != "undo"  # the keys change: drawn again
        screen.refresh_bindings()
        await settle(pilot)
        assert "Undo" not in {key.description for key in screen.query(FooterKey)}
