"""Ask which format to export the take in: Markdown to edit, or a Word file to send (issue 13)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

FORMATS = [("md", "Markdown (.md), to edit"), ("docx", "Word (.docx), in standard manuscript format")]


class FormatScreen(ModalScreen[str | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", tooltip="Export nothing"),
        Binding("m", "choose('md')", "Markdown", tooltip="Export as Markdown"),
        Binding("d", "choose('docx')", "Word", tooltip="Export as a .docx in standard manuscript format"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Export the take as", classes="dialog-title")
            yield OptionList(*(Option(label, id=fmt) for fmt, label in FORMATS), id="formats")
            yield Label("m or d, or Enter on the one highlighted \u00b7 Escape cancels", classes="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_choose(self, fmt: str) -> None:
        self.dismiss(fmt)

    def action_cancel(self) -> None:
        self.dismiss(None)
