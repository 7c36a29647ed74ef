"""Name a take: a new one forked from the current one at this turn, or one renamed.

Forking offers a name already filled in and leaves the keys to the game: Enter (or any play key)
forks under that name, and a play key then plays as it would have on the main screen, so that
`f 5 t` forks, plays a 5 in the fork and lists the takes. Tab goes into the name to change it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from versus.takes.store import TakeStore, check_name

LEFT_TO_THE_DIALOG = ("enter", "escape", "tab", "shift+tab")


def name_problem(store: TakeStore, name: str) -> str | None:
    """What is wrong with this name for a new take, if anything."""
    name = name.strip()
    if not name:
        return "A take needs a name."
    try:
        check_name(name)
        taken = store.holds(name)
    except Exception as error:  # noqa: BLE001 -- whatever is wrong with the name is shown in the dialog
        return str(error)
    return f"There is already a take called {name}." if taken else None


class NameScreen(ModalScreen[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", tooltip="Do not fork"),
        Binding("enter", "accept", "Fork", tooltip="Fork under the name shown"),
    ]

    def __init__(self, default: str, check: Callable[[str], str | None], turn: int,
                 title: str = "", text: str = "", *, fork: Callable[[str], None] | None = None,
                 play: Callable[[str], Awaitable[bool]] | None = None) -> None:
        """fork: called with the name as soon as it is accepted (before any key after it is played).
        play: plays a key as the main screen would; given, the name is offered, not typed over."""
        super().__init__()
        self.default = default
        self.check = check
        self.turn = turn
        self.fork = fork
        self.play = play
        self.accepted = False  # the name is taken: keys still on their way here are played
        self.title_text = title or f"Fork a new take from turn {turn}"
        self.text = text or ("The new take keeps the spins so far; play on from here, or type another spin "
                             "to see what else might have happened.")

    def compose(self) -> ComposeResult:
        hint = ("Enter (or any play key) forks it as named \u00b7 Tab changes the name \u00b7 Escape cancels"
                if self.play is not None else "Enter saves it \u00b7 Escape cancels")
        with Vertical(classes="dialog"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield Static(Text(self.text), classes="dialog-text")
            yield Input(value=self.default, placeholder="the new take's name", id="name", select_on_focus=True)
            yield Label(hint, id="hint", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.accept(event.value)

    def action_accept(self) -> None:
        self.accept(self.query_one(Input).value)

    def accept(self, value: str) -> bool:
        """Take the name if it will do (else say why, in the dialog); whether it was taken."""
        if self.accepted:
            return True
        problem = self.check(value)
        if problem:
            self.query_one("#hint", Label).update(Text(problem))  # it may quote the name typed: never markup
            return False
        self.accepted = True
        if self.fork is not None:
            self.fork(value.strip())
        self.dismiss(value.strip())
        return True

    async def on_key(self, event: events.Key) -> None:
        """A play key while the name is not being typed: fork under the name shown, then play the key."""
        if self.play is None or (self.focused is not None and not self.accepted):
            return
        if event.key in LEFT_TO_THE_DIALOG and not self.accepted:
            return
        event.stop()
        event.prevent_default()
        if self.accept(self.query_one(Input).value):
            await self.play(event.key)

    def action_cancel(self) -> None:
        if not self.accepted:
            self.dismiss(None)


class ForkScreen(NameScreen):
    """The fork's name offered with nothing focused: keys reach on_key (play keys), not the name."""

    AUTO_FOCUS = ""
