"""Name a new take forked from the current one at this turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static


class ForkScreen(ModalScreen[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", tooltip="Do not fork")]

    def __init__(self, default: str, check: Callable[[str], str | None], turn: int,
                 title: str = "", text: str = "") -> None:
        super().__init__()
        self.default = default
        self.check = check
        self.turn = turn
        self.title_text = title or f"Fork a new take from turn {turn}"
        self.text = text or ("The new take keeps the spins so far; play on from here, or type another spin "
                             "to see what else might have happened.")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield Static(Text(self.text), classes="dialog-text")
            yield Input(value=self.default, placeholder="the new take's name", id="name", select_on_focus=True)
            yield Label("Enter saves it \u00b7 Escape cancels", id="hint", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        problem = self.check(event.value)
        if problem:
            self.query_one("#hint", Label).update(Text(problem))  # it may quote the name typed: never markup
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
