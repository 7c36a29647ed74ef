"""Quitting while spins are not on disk: try the save again, write the take elsewhere, or let them go.

The dialog does what the author chooses (the save is the main screen's, which tells and retries it)
and answers whether to leave, with the message to leave with.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from versus.rulebook import plural
from versus.tui.session import Session

HINT = "r: try the save again \u00b7 w: write the take elsewhere \u00b7 d: discard them and quit \u00b7 Escape: back"


@dataclass(frozen=True)
class Leave:
    """Quit now, saying this as the app closes (None: nothing to say)."""

    message: str | None = None


def default_elsewhere(session: Session) -> Path:
    """Where unsaved spins are offered a home: the home folder, else the system's temporary one."""
    home = Path.home()
    folder = home if home.is_dir() and os.access(home, os.W_OK) else Path(tempfile.gettempdir())
    return folder / f"{session.path.stem}.{session.take_key or 'new-take'}.unsaved.yaml"


def _strerror(error: Exception) -> str:
    return (error.strerror or str(error)) if isinstance(error, OSError) else str(error)


class UnsavedScreen(ModalScreen[Leave | None]):
    """Answers Leave (the spins saved, written elsewhere or let go), or None (back to the game)."""

    AUTO_FOCUS = ""  # nothing focused: r, w and d are keys of the dialog, not letters typed

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "answer('retry')", "Try again", tooltip="Try the save again (once space is freed)"),
        Binding("w", "elsewhere", "Write elsewhere", tooltip="Write the whole take to a file of your choosing"),
        Binding("d", "answer('discard')", "Discard", tooltip="Quit, and lose the spins not on disk"),
        Binding("escape", "back", "Back", tooltip="Back to the game (the save is tried again every few seconds)"),
    ]

    def __init__(self, session: Session, save: Callable[[], bool]) -> None:
        """save: the main screen's save, which tells the author of a failure and tries again later."""
        super().__init__()
        self.session, self.save = session, save
        self.take, self.unsaved = session.take_name or "The new take", session.unsaved()
        self.problem, self.default = session.save_problem or "", default_elsewhere(session)

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
        if what == "discard" or self.save():
            self.dismiss(Leave())
        else:
            self.problem, self.unsaved = self.session.save_problem or "", self.session.unsaved()
            self.query_one("#unsaved-hint", Label).update(Text(f"Still not saved ({self.problem}). {HINT}"))

    def action_elsewhere(self) -> None:
        field = self.query_one("#elsewhere", Input)
        field.display = True
        field.focus()
        field.cursor_position = len(field.value)
        self.query_one("#unsaved-hint", Label).update("Enter writes the take there \u00b7 Escape: back")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        where = event.value.strip()
        if not where:
            return
        session = self.session
        try:
            path = session.write_elsewhere(where)
        except Exception as error:  # noqa: BLE001 -- the spins not written, whyever: said here, and asked again
            self.query_one("#unsaved-hint", Label).update(
                Text(f"The spins could not be written to {where}: {_strerror(error)}. Enter tries again."))
            return
        self.dismiss(Leave(f"versus: the take was not saved in its folder ({session.save_problem}); "
                           f"all its {len(session.play.spins())} spins were written to {path}. "
                           f"Move that file into {session.store.folder}/ to have it listed again."))

    def action_back(self) -> None:
        if self._writing():
            self.query_one("#elsewhere", Input).display = False
            self.query_one("#unsaved-hint", Label).update(HINT)
            self.set_focus(None)
            return
        self.dismiss(None)
