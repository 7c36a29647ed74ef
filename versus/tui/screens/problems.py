"""The scene file's problems, each located FILE:LINE:COLUMN, shown instead of a crash."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class ProblemsScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q", "close", "Close", tooltip="Back to the game")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            yield Label("The scene file cannot be played as it stands", classes="dialog-title")
            yield Static("The game goes on under the scene as it was. Mend the file, then ctrl+r again.",
                         classes="dialog-text")
            with VerticalScroll(classes="dialog-body"):
                yield Static("\n".join(self.lines), id="problems", markup=False)
            yield Label("Escape or Enter closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
