"""The keys, and how to read the board."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from versus.tui.themes import KINDS

MORE_KEYS = [
    ("n", "play any number as this spin (for a teetotum of ten faces or more)"),
    ("ctrl+p", "the command palette: every key's action, and the themes (regency, regency-dark)"),
    ("tab", "move between panels (the log and the prose scroll)"),
    ("ctrl+q", "quit at once"),
]


def help_text(bindings: list[Binding]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for binding in bindings:
        if not binding.show:
            continue
        key = binding.key_display or binding.key
        table.add_row(key, binding.tooltip or binding.description)
    for key, what in MORE_KEYS:
        table.add_row(key, what)
    table.add_row("", "")
    signs = Text()
    for kind, (symbol, word) in KINDS.items():
        if symbol:
            signs.append(f" {symbol} ", "bold reverse")
            signs.append(f" {word}  ")
    table.add_row("board", signs)
    table.add_row("", Text("\u00bb marks the space last landed on; each player's token shows an initial "
                           "in the player's colour; \u25b6 marks whoever acts next; \u270e marks a scripted spin "
                           "in the log."))
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,q,question_mark", "close", "Close", tooltip="Back to the game")]

    def __init__(self, bindings: list[Binding]) -> None:
        super().__init__()
        self.bindings = bindings

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            yield Label("Versus: the keys", classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(help_text(self.bindings))
            yield Label("Escape closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
