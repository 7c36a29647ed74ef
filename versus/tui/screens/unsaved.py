"""Quitting while spins are not on disk: try the save again, write the take elsewhere, or let them go."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from versus.rulebook import plural

HINT = "r: try the save again \u00b7 w: write the take elsewhere \u00b7 d: discard them and quit \u00b7 Escape: back"


class UnsavedScreen(ModalScreen[tuple[str, str] | None]):
    """Answers ("retry", ""), ("elsewhere", path), ("discard", ""), or None (back to the game)."""

    AUTO_FOCUS = ""  # nothing focused: r, w and d are keys of the dialog, not letters typed

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "answer('retry')", "Try again", tooltip="Try the save again (once space is freed)"),
        Binding("w", "elsewhere", "Write elsewhere", tooltip="Write the whole take to a file of your choosing"),
        Binding("d", "answer('discard')", "Discard", tooltip="Quit, and lose the spins not on disk"),
        Binding("escape", "back", "Back", tooltip="Back to the game (the save is tried again every few seconds)"),
    ]

    def __init__(self, take: str, unsaved: int, problem: str, default: Path) -> None:
        super().__init__()
        self.take, self.unsaved, self.problem, self.default = take, unsaved, problem, default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(f"{plural(self.unsaved, 'spin').capitalize()} not saved"), classes="dialog-title")
            last = "Its last spin is" if self.unsaved == 1 else f"Its last {plural(self.unsaved, 'spin')} are"
            yield Static(Text(f"{self.take} could not be saved: {self.problem}. {last} only in memory, and "
                              "would be lost on quitting."), classes="dialog-text", id="unsaved-text")
            field = Input(value=str(self.default), id="elsewhere",
                          placeholder="a file or a folder to write the take to")
            field.display = False  # until w asks for it: the letters are the dialog's keys till then
            yield field
            yield Label(HINT, classes="dialog-hint", id="unsaved-hint")

    def _writing(self) -> bool:
        return bool(self.query_one("#elsewhere", Input).display)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action in ("answer", "elsewhere") and self._writing())  # the letters: the path being typed

    def action_answer(self, what: str) -> None:
        self.dismiss((what, ""))

    def action_elsewhere(self) -> None:
        field = self.query_one("#elsewhere", Input)
        field.display = True
        field.focus()
        field.cursor_position = len(field.value)
        self.query_one("#unsaved-hint", Label).update("Enter writes the take there \u00b7 Escape: back")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        where = event.value.strip()
        if where:
            self.dismiss(("elsewhere", where))

    def action_back(self) -> None:
        if self._writing():
            self.query_one("#elsewhere", Input).display = False
            self.query_one("#unsaved-hint", Label).update(HINT)
            self.set_focus(None)
            return
        self.dismiss(None)
