"""Ask how to export the take: Markdown to edit or a Word file to send, at which pace or
to what length. The last choice is offered again next time."""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

PACES = {"s": "summary", "b": "brisk", "f": "full"}
ABOUT = {"summary": "the whole game in a paragraph or two", "brisk": "a chapter's worth (the default)",
         "full": "every turn"}


@dataclass(frozen=True, slots=True)
class ExportChoice:
    """How the author last asked for an export."""

    fmt: str = "md"
    pace: str = "brisk"
    words: int | None = None  # a budget for the prose; None: the pace decides

    def options(self) -> dict:
        return {"pace": self.pace, "words": self.words}

    def describe(self) -> str:
        length = f"about {self.words:,} words" if self.words else f"{self.pace}: {ABOUT[self.pace]}"
        return f"{'Word (.docx)' if self.fmt == 'docx' else 'Markdown (.md)'}, {length}"


class FormatScreen(ModalScreen[ExportChoice | None]):
    """m or d exports at once in that format; s, b, f choose the pace; digits type a word budget."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", tooltip="Export nothing"),
        Binding("enter", "export", "Export", tooltip="Export as shown"),
        Binding("m", "choose('md')", "Markdown", tooltip="Export as Markdown"),
        Binding("d", "choose('docx')", "Word", tooltip="Export as a .docx in standard manuscript format"),
        Binding("s", "pace('summary')", "Summary", tooltip="The whole game in a paragraph or two"),
        Binding("b", "pace('brisk')", "Brisk", tooltip="A chapter's worth"),
        Binding("f", "pace('full')", "Full", tooltip="Every turn"),
        Binding("backspace", "unbudget", "Budget", show=False),
    ]

    def __init__(self, last: ExportChoice | None = None, docx: bool = True) -> None:
        super().__init__()
        self.choice = last or ExportChoice()
        self.docx = docx  # False where python-docx is missing: Markdown only

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "choose" and parameters == ("docx",) and not self.docx)

    def compose(self) -> ComposeResult:
        formats = "m Markdown" + (" \u00b7 d Word (.docx)" if self.docx else "")
        with Vertical(classes="dialog"):
            yield Label("Export the take", classes="dialog-title")
            yield Static(self.choice.describe(), id="export-choice")
            yield Label(f"{formats} \u2014 exports at once", classes="dialog-hint")
            yield Label("s summary \u00b7 b brisk \u00b7 f full \u00b7 or type a number of words", classes="dialog-hint")
            yield Label("Enter exports as shown \u00b7 Escape cancels", classes="dialog-hint")

    def show(self) -> None:
        self.query_one("#export-choice", Static).update(self.choice.describe())

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            digits = f"{self.choice.words or ''}{event.character}"[:6]
            self.choice = replace(self.choice, words=int(digits) or None)
            self.show()
            event.stop()

    def action_unbudget(self) -> None:
        digits = str(self.choice.words or "")[:-1]
        self.choice = replace(self.choice, words=int(digits) if digits else None)
        self.show()

    def action_pace(self, pace: str) -> None:
        self.choice = replace(self.choice, pace=pace, words=None)
        self.show()

    def action_choose(self, fmt: str) -> None:
        self.dismiss(self.ready(replace(self.choice, fmt=fmt)))

    def action_export(self) -> None:
        self.dismiss(self.ready(self.choice))

    def ready(self, choice: ExportChoice) -> ExportChoice:
        """A budget below what any prose can be (a stray digit) is passed over for the pace."""
        return replace(choice, words=None) if choice.words is not None and choice.words < 50 else choice

    def action_cancel(self) -> None:
        self.dismiss(None)
