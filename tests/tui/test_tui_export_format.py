"""The export key offers the format when a .docx can be written: m (Markdown), d (Word), Escape for neither."""

from __future__ import annotations

import dataclasses

import docx
from tui_support import make_app, of, settle, stub_services

from versus.tui import messages as msg
from versus.tui.screens.export_format import FormatScreen
from versus.tui.services import Written


def services_with_docx():
    def export_docx(play, take_name: str, **options):
        from versus.export.word import export_docx as write

        result = write(play, take_name, **options)
        return Written(result.path, result.written)

    return dataclasses.replace(stub_services(), export_docx=export_docx)


async def test_d_exports_a_word_file(scene_path, tmp_path):
    messages = []
    app = make_app(scene_path, services=services_with_docx())
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "space", "e")
        await settle(pilot)
        assert isinstance(app.screen, FormatScreen)
        await pilot.press("d")
        await settle(pilot)
        exported = of(msg.Exported, messages)
        assert exported, [n.message for n in app._notifications]
        path = exported[0].path
        assert path.suffix == ".docx" and path.is_relative_to(tmp_path)
        assert docx.Document(path).styles["Normal"].font.name == "Times New Roman"


async def test_enter_exports_markdown_and_escape_nothing(scene_path):
    messages = []
    app = make_app(scene_path, services=services_with_docx())
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "e", "escape")
        await settle(pilot)
        assert not of(msg.Exported, messages) and not isinstance(app.screen, FormatScreen)
        await pilot.press("e", "enter")
        await settle(pilot)
        assert [m.path.suffix for m in of(msg.Exported, messages)] == [".md"]


async def test_the_export_asks_the_pace_or_a_budget_and_remembers_it(scene_path):
    messages, asked = [], []

    def export(play, take_name: str, pace: str = "brisk", words: int | None = None):
        from versus.export.markdown import export_play

        asked.append((pace, words))
        result = export_play(play, take_name, pace=pace, words=words)
        return Written(result.path, result.written)

    services = dataclasses.replace(stub_services(), export=export)
    app = make_app(scene_path, services=services)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await pilot.press("space", "space", "e", "s", "enter")
        await settle(pilot)
        assert asked[-1] == ("summary", None)
        assert "Prose · summary" in str(app.screen.query_one("#prose-panel").border_title)
        await pilot.press("e")
        await settle(pilot)
        assert "summary" in str(app.screen.query_one("#export-choice").render())  # the last choice, offered again
        await pilot.press("6", "0", "0", "m")
        await settle(pilot)
        assert asked[-1] == ("summary", 600)
        assert "about 600 words" in str(app.screen.query_one("#prose-panel").border_title)
