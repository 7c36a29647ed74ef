"""Ask for the number to play as this spin: for teetotums of more than nine faces (10, 11, 12)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class NumberScreen(ModalScreen[int | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", tooltip="Play no number")]

    def __init__(self, faces: int) -> None:
        super().__init__()
        self.faces = faces

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Play which number? (1 to {self.faces})", classes="dialog-title")
            yield Input(placeholder=f"1 to {self.faces}", id="number", type="integer")
            yield Label("Enter plays it \u00b7 Escape cancels", id="hint", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.isdigit() or not 1 <= int(text) <= self.faces:
            self.query_one("#hint", Label).update(f"The teetotum has {self.faces} faces: choose from 1 to "
                                                  f"{self.faces}.")
            return
        self.dismiss(int(text))

    def action_cancel(self) -> None:
        self.dismiss(None)
