"""The keys, and how to read the board."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from versus.tui.themes import KINDS


def as_authored(bindings: list[Binding], authored: dict[str, str]) -> list[Binding]:
    """The keys as the author has them: keymap.yaml ({id: "j,space"}) may have moved or doubled any."""
    out = []
    for binding in bindings:
        given = authored.get(binding.id or "")
        now = [key.strip() for key in given.split(",") if key.strip()] if given else []
        if not now:
            out.append(binding)
        else:
            out.append(Binding(",".join(now), binding.action, binding.description, show=binding.show,
                               key_display=" ".join(now), tooltip=binding.tooltip, id=binding.id))
    return out


MORE_KEYS = [
    ("n", "play any number as this spin (for a teetotum of ten faces or more)"),
    ("b w l p", "go to the board, players, log or prose panel (its tab, on a small terminal)"),
    ("o", "open the scene in $EDITOR; it is read again when you save and close it"),
    ("ctrl+p", "the command palette: every key's action, and the themes (regency, regency-dark)"),
    ("tab", "move between panels (the log and the prose scroll)"),
    ("ctrl+q", "quit at once"),
]


def help_rows(bindings: list[Binding], kinds: set[str] | None = None) -> list[tuple[str, Text]]:
    """(key, what it does) for each key, then the signs of this board's spaces (only the kinds it has)."""
    rows = [(b.key_display or b.key, Text(b.tooltip or b.description)) for b in bindings if b.show]
    rows += [(key, Text(what)) for key, what in MORE_KEYS]
    signs = Text()
    for kind, (symbol, word) in KINDS.items():
        if symbol and (kinds is None or kind in kinds):
            signs.append(f" {symbol} ", "bold reverse")
            signs.append(f" {word}  ")
    rows.append(("board", signs))
    rows.append(("", Text("\u00bb marks where the last spin left its player; each token shows two letters "
                          "of the player's name in the player's colour; \u25b6 marks whoever acts next; "
                          "\u270e marks a scripted spin in the log; \u2026 ends whatever did not fit.")))
    return rows


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen .help-row { height: auto; }
    HelpScreen .help-key { width: 10; text-style: bold; }
    HelpScreen .help-what { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,question_mark", "close", "Close", tooltip="Back to the game"),
    ]

    def __init__(self, bindings: list[Binding], kinds: set[str] | None = None) -> None:
        super().__init__()
        self.bindings = bindings
        self.kinds = kinds  # the kinds of space on this board (None: every kind)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog scroll-dialog"):
            yield Label("Versus: the keys", classes="dialog-title")
            with VerticalScroll(classes="dialog-body", id="help-body"):
                # a row of widgets a key: Textual lays out and wraps each, so the scroll reaches the end
                for key, what in help_rows(self.bindings, self.kinds):
                    with Horizontal(classes="help-row"):
                        yield Label(key, classes="help-key", markup=False)
                        yield Static(what, classes="help-what")
            yield Label("\u2193 PgDn End scroll \u00b7 Escape closes", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()  # so that Down, PageDown and End scroll it

    def action_close(self) -> None:
        self.dismiss(None)
