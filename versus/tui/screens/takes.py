"""The takes of the scene: list them, switch to one, begin a new one, compare two side by side."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Label, Static

from versus.takes.compare import PART, Comparison, Side, compare, marked_prose
from versus.takes.store import Take
from versus.tui.screens.takes_drama import COLUMNS as DRAMA_COLUMNS
from versus.tui.screens.takes_drama import DRAMA_BINDINGS, DramaColumns, play_figures
from versus.tui.status_words import beat_marks

if TYPE_CHECKING:
    from textual import getters

    from versus.tui.services import ServicedApp


class TakesScreen(DramaColumns, ModalScreen[tuple[str, str, str] | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "switch", "Switch", tooltip="Play the highlighted take from where it was left"),
        Binding("space", "mark", "Mark", tooltip="Mark a take to compare (two at most)"),
        Binding("c", "compare", "Compare", tooltip="Compare the two marked takes, or the highlighted "
                "one with the current take"),
        Binding("n", "new", "New take", tooltip="Begin a new take from the first turn"),
        Binding("r", "rename", "Rename", tooltip="Rename the highlighted take"),
        Binding("d", "delete", "Delete", tooltip="Delete the highlighted take (after asking; kept in .trash/)"),
        *DRAMA_BINDINGS,
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
        table.add_columns("", "take", "spins", "turns", "outcome", *DRAMA_COLUMNS, "note")
        self.begin_figures(self.session.scene, self.takes)
        self.fill()
        self.hint()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for take in self.takes:  # what the author typed is shown as plain text, never as markup
            mark = ("\u25cf" if take.key == self.session.take_key else " ") + \
                   ("\u2713" if take.key in self.marked else " ")
            table.add_row(Text(mark), Text(take.name), Text(str(len(take.spins))), Text(str(take.turns)),
                          Text(take.outcome), *self.drama_cells(take), Text(take.note), key=take.key or take.name)

    def refigured(self) -> None:
        """The drama's figures, or their order, changed: the list again, the cursor on the same take."""
        take = self.highlighted()
        self.takes = self.ordered()
        self.fill()
        rows = [n for n, t in enumerate(self.takes) if take is not None and t.key == take.key]
        if rows:
            self.query_one(DataTable).move_cursor(row=rows[0])

    def hint(self) -> None:
        names = {t.key: t.name for t in self.takes}
        marked = f"marked: {', '.join(names.get(k, k) for k in self.marked)} \u00b7 " if self.marked else ""
        self.query_one("#takes-hint", Label).update(Text(
            f"{marked}\u25cf the current take \u00b7 Enter switches \u00b7 Space marks \u00b7 c compares \u00b7 "
            "n new \u00b7 r renames \u00b7 d deletes \u00b7 o orders by drama \u00b7 Escape closes"))

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
        elif self.session.take_key and not any(t.key == self.session.take_key for t in self.takes):
            self.dismiss(("new", "", ""))

    def action_new(self) -> None:
        self.dismiss(("new", "", ""))

    def action_mark(self) -> None:
        take = self.highlighted()
        if take is None:
            return
        if take.key in self.marked:
            self.marked.remove(take.key)
        else:
            self.marked = [*self.marked, take.key][-2:]
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
        except Exception as error:  # noqa: BLE001 -- a take that cannot be replayed, whyever, is told, not raised
            self.notify(f"Cannot compare: {error}", severity="error")
            return
        self.app.push_screen(CompareScreen(result))

    def action_close(self) -> None:
        self.dismiss(None)

    # -- renaming and deleting: the old file is kept in .trash/, never lost ---------------------
    def refill(self, key: str = "") -> None:
        """The list read again, the cursor on the take of this key (else where it was)."""
        row = self.query_one(DataTable).cursor_row
        self.begin_figures(self.session.scene, list(reversed(self.session.takes())))
        self.takes = self.ordered()
        self.marked = [k for k in self.marked if any(t.key == k for t in self.takes)]
        self.fill()
        rows = [n for n, t in enumerate(self.takes) if t.key == key]
        if self.takes:
            self.query_one(DataTable).move_cursor(row=rows[0] if rows else min(row, len(self.takes) - 1))
        self.hint()

    def action_rename(self) -> None:
        from versus.takes.files import TakeRefused, rename
        from versus.tui.screens.fork import NameScreen

        take = self.highlighted()
        if take is None:
            return

        def check(name: str) -> str | None:
            name = name.strip()
            if not name:
                return "A take needs a name."
            if name != take.name and self.session.store.holds(name):
                return f"There is already a take called {name}."
            return None

        def done(name: str | None) -> None:
            if not name or name == take.name:
                return
            try:
                kept = rename(self.session.store, take, name)
            except TakeRefused as error:
                self.notify(str(error), title="Not renamed", severity="warning")
                return
            if take.key == self.session.take_key:
                self.session.renamed(kept)
            self.notify(f"{take.name} is now {kept.name}; the old file is in .trash/.", title="Renamed")
            self.refill(kept.key)

        self.app.push_screen(NameScreen(take.name, check, take.turns, title=f"Rename {take.name}",
                                        text="The take keeps its spins, note and parent; only its name changes."),
                             done)

    def action_delete(self) -> None:
        from versus.takes.files import TakeRefused, trash, trash_folder
        from versus.tui.screens.confirm import ConfirmScreen

        take = self.highlighted()
        if take is None:
            return
        current = take.key == self.session.take_key
        folder = trash_folder(self.session.store)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                where = trash(self.session.store, take)
            except TakeRefused as error:
                self.notify(str(error), title="Not deleted", severity="warning")
                return
            if current:
                self.session.open(self.session.store.latest())
            self.notify(f"{take.name} was moved to {where}; move it back to keep it.", title="Deleted", timeout=10)
            self.refill()

        extra = " It is the take now playing: the latest other take opens instead." if current else ""
        self.app.push_screen(ConfirmScreen(
            f"Delete {take.name}?",
            f"{take.name} ({len(take.spins)} spins, {take.outcome or 'in play'}) is moved to "
            f"{folder.parent.name}/{folder.name}/, from where it can be moved back.{extra}"), done)


class CompareScreen(ModalScreen[None]):
    """The two takes side by side, scrolled together: their logs from where they part, or their prose."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,c", "close", "Close", tooltip="Back to the takes"),
        Binding("p", "prose", "Prose / log", tooltip="Compare the two takes' prose, or their logs again"),
        Binding("g", "race", "Race", tooltip="The two takes' races as charts, side by side"),
    ]
    DEFAULT_CSS = """
    CompareScreen #sides { height: auto; }
    CompareScreen #compare-body { height: 1fr; }
    """

    if TYPE_CHECKING:
        app = getters.app(ServicedApp)

    def __init__(self, comparison: Comparison) -> None:
        super().__init__()
        self.comparison = comparison
        self.showing = "log"
        self.prose: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        c = self.comparison
        with Vertical(classes="dialog full-dialog"):
            yield Label(Text(f"{c.a.take.name} beside {c.b.take.name}"), classes="dialog-title")
            yield Static(Text(c.summary), id="summary", classes="dialog-text")
            # one scroll for both sides, so they stay level
            with VerticalScroll(id="compare-body"), Horizontal(id="sides"):
                for which, side in (("a", c.a), ("b", c.b)):
                    yield Static(side_text(side), id=f"side-{which}", classes="side", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#compare-body").focus()

    def action_prose(self) -> None:
        self.showing = "prose" if self.showing == "log" else "log"
        if self.showing == "log":
            for which, side in (("a", self.comparison.a), ("b", self.comparison.b)):
                self.query_one(f"#side-{which}", Static).update(side_text(side))
            return
        for which in ("a", "b"):
            self.query_one(f"#side-{which}", Static).update(Text(self.prose.get(which, "Writing the prose\u2026"),
                                                                 style="italic" if which not in self.prose else ""))
        if len(self.prose) < 2:
            self.write_prose()

    @work(thread=True, exclusive=True, group="compare-prose", exit_on_error=False)
    def write_prose(self) -> None:
        for which, side in (("a", self.comparison.a), ("b", self.comparison.b)):
            try:
                text = self.app.services.narrate(side.play, annotate=True)
            except Exception as error:  # noqa: BLE001 -- any fault of the narrator's must never take the app down
                text = f"The prose cannot be written: {type(error).__name__}: {error}"
            self.app.call_from_thread(self.prose_written, which, text)

    def prose_written(self, which: str, text: str) -> None:
        self.prose[which] = text
        if self.showing == "prose":
            side = self.comparison.a if which == "a" else self.comparison.b
            self.query_one(f"#side-{which}", Static).update(prose_text(side, text))
            if len(self.prose) == 2:
                self.call_after_refresh(self.show_parting)

    def show_parting(self) -> None:
        """Scroll the prose to the first mark of where the takes part (the earlier of the two sides)."""
        rows = []
        for which, side in (("a", self.comparison.a), ("b", self.comparison.b)):
            static = self.query_one(f"#side-{which}", Static)
            width = static.content_region.width
            if width <= 0 or which not in self.prose:
                continue
            lines = prose_text(side, self.prose[which]).wrap(self.app.console, width)
            rows += [n for n, line in enumerate(lines) if line.plain.strip() == PART][:1]
        if rows:
            self.query_one("#compare-body").scroll_to(y=max(0, min(rows) - 1), animate=False)

    def action_race(self) -> None:
        from versus.tui.screens.race import RaceScreen

        self.app.push_screen(RaceScreen.of_comparison(self.comparison))

    def action_close(self) -> None:
        self.dismiss(None)


def prose_text(side: Side, prose: str) -> Text:
    """The take's prose, the first paragraph to tell an action after the takes part marked."""
    paragraphs, first = marked_prose(prose, side.parted_at)
    text = Text()
    text.append(side.take.name + "\n\n", "bold")
    for index, paragraph in enumerate(paragraphs):
        if index == first:
            text.append(f"{PART}\n", "bold reverse")
        text.append(paragraph + "\n\n", "bold" if index == first else "")
    return text


def side_text(side: Side) -> Text:
    text = Text()
    text.append(side.take.name, "bold")
    if side.take.note:
        text.append(f" \u2014 {side.take.note}", "italic")  # the note may hold brackets of its own
    text.append("\n")
    text.append(side.ending + "\n", "bold")
    text.append(play_figures(side.play) + "\n")
    text.append(beat_marks(side.beats) + "\n\n")
    if side.problem:
        text.append(side.problem + "\n", "italic")
    text.append("From where they part:\n" if side.lines else "Nothing more after they part.\n", "dim")
    for index, line in enumerate(side.lines):
        if index == 0:
            text.append(f"{PART}\n", "bold reverse")
        text.append(line + "\n", "bold" if index == 0 else "")
    return text
