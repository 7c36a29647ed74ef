"""The export key offers the format when a .docx can be written: m (Markdown), d (Word), Escape for neither."""

from __future__ import annotations

import dataclasses

import docx
from tui_support import make_app, of, settle, stub_services

from versus.tui import messages as msg
from versus.tui.screens.export_format import FormatScreen


def services_with_docx():
    def export_docx(play, take_name: str):
        from versus.manuscript.export import export_docx as write

        return write(play, take_name)

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
