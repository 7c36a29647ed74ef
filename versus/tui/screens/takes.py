"""The takes of the scene: list them, switch to one, begin a new one, compare two side by side."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Label, Static

from versus.takes.store import Take
from versus.tui.compare import Comparison, Side, compare
from versus.tui.status_words import beat_marks


class TakesScreen(ModalScreen[tuple[str, str, str] | None]):
    BINDINGS = [
        Binding("enter", "switch", "Switch", tooltip="Play the highlighted take from where it was left"),
        Binding("space", "mark", "Mark", tooltip="Mark a take to compare (two at most)"),
        Binding("c", "compare", "Compare", tooltip="Compare the two marked takes, or the highlighted "
                "one with the current take"),
        Binding("n", "new", "New take", tooltip="Begin a new take from the first turn"),
        Binding("escape,q,t", "close", "Close", tooltip="Back to the game"),
    ]

    def __init__(self, session, takes: list[Take]) -> None:
        super().__init__()
        self.session = session
        self.takes = list(reversed(takes))  # newest first
        self.marked: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog", id="takes-dialog"):
            yield Label(Text(f"Takes of {self.session.scene.name}"), classes="dialog-title")
            if not self.takes:
                yield Static("No takes saved yet: the first spin saves one.", classes="dialog-text")
            yield DataTable(id="takes", cursor_type="row", zebra_stripes=True)
            yield Label("", id="takes-hint", classes="dialog-hint")
        yield Footer()

    def on_mount(self) -> None:
        if not self.query(DataTable):
            return  # the app is closing
        table = self.query_one(DataTable)
        table.add_columns("", "take", "spins", "turns", "outcome", "note")
        self.fill()
        self.hint()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for take in self.takes:  # what the author typed is shown as plain text, never as markup
            mark = ("\u25cf" if take.key == self.session.take_key else " ") + \
                   ("\u2713" if take.key in self.marked else " ")
            table.add_row(Text(mark), Text(take.name), Text(str(len(take.spins))), Text(str(take.turns)),
                          Text(take.outcome), Text(take.note), key=take.key or take.name)

    def hint(self) -> None:
        names = {t.key: t.name for t in self.takes}
        marked = f"marked: {', '.join(names.get(k, k) for k in self.marked)} \u00b7 " if self.marked else ""
        self.query_one("#takes-hint", Label).update(Text(
            f"{marked}\u25cf the current take \u00b7 Enter switches \u00b7 Space marks \u00b7 c compares \u00b7 "
            "n begins a new take \u00b7 Escape closes"))

    def highlighted(self) -> Take | None:
        table = self.query_one(DataTable)
        if not self.takes or table.cursor_row is None or table.cursor_row >= len(self.takes):
            return None
        return self.takes[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_switch()

    def action_switch(self) -> None:
        take = self.highlighted()
        if take is not None:
            self.dismiss(("switch", take.name, take.key))

    def action_new(self) -> None:
        self.dismiss(("new", "", ""))

    def action_mark(self) -> None:
        take = self.highlighted()
        if take is None:
            return
        if take.key in self.marked:
            self.marked.remove(take.key)
        else:
            self.marked = (self.marked + [take.key])[-2:]
        row = self.query_one(DataTable).cursor_row
        self.fill()
        self.query_one(DataTable).move_cursor(row=row)
        self.hint()

    def action_compare(self) -> None:
        by_name = {t.key: t for t in self.takes}
        if len(self.marked) == 2:
            a, b = by_name[self.marked[0]], by_name[self.marked[1]]
        else:
            other = by_name.get(self.marked[0]) if self.marked else self.highlighted()
            if other is None:
                self.notify("No take to compare.", severity="warning")
                return
            current = self.session.current_take()
            if other.key == current.key:
                self.notify("Mark two takes with Space, or highlight a take other than the current one.",
                            severity="warning")
                return
            a, b = current, other
        try:
            result = compare(self.session.scene, a, b)
        except Exception as error:
            self.notify(f"Cannot compare: {error}", severity="error")
            return
        self.app.push_screen(CompareScreen(result))

    def action_close(self) -> None:
        self.dismiss(None)


class CompareScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,c", "close", "Close", tooltip="Back to the takes")]

    def __init__(self, comparison: Comparison) -> None:
        super().__init__()
        self.comparison = comparison

    def compose(self) -> ComposeResult:
        c = self.comparison
        with Vertical(classes="dialog full-dialog"):
            yield Label(Text(f"{c.a.take.name} beside {c.b.take.name}"), classes="dialog-title")
            yield Static(Text(c.summary), id="summary", classes="dialog-text")
            with Horizontal(id="sides"):
                for which, side in (("a", c.a), ("b", c.b)):
                    with VerticalScroll(classes="side"):
                        yield Static(side_text(side), id=f"side-{which}", markup=False)
            yield Label("Escape closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


def side_text(side: Side) -> Text:
    text = Text()
    text.append(side.take.name, "bold")
    if side.take.note:
        text.append(f" ({side.take.note})", "italic")
    text.append("\n")
    text.append(side.ending + "\n", "bold")
    text.append(beat_marks(side.beats) + "\n\n")
    if side.problem:
        text.append(side.problem + "\n", "italic")
    text.append("From where they part:\n" if side.lines else "Nothing more after they part.\n", "dim")
    for line in side.lines:
        text.append(line + "\n")
    return text
