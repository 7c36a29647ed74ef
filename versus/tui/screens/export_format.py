"""Ask how to export the take: Markdown to edit or a Word file to send, at which pace or
to what length. The last choice is offered again next time."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from versus.wordbudget import MAX_WORDS, budget_problem


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


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

    BINDINGS: ClassVar[list[BindingType]] = [
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
            yield Label("s summary \u00b7 b brisk \u00b7 f full \u00b7 or type a number of words",
                        classes="dialog-hint")
            yield Label("Enter exports as shown \u00b7 Escape cancels", classes="dialog-hint")
            yield Label("", id="export-problem", classes="dialog-hint")

    def show(self, problem: str = "") -> None:
        self.query_one("#export-choice", Static).update(self.choice.describe())
        self.query_one("#export-problem", Label).update(problem)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            words = int(f"{self.choice.words or ''}{event.character}")
            if words > MAX_WORDS:  # refused as typed, never cut to another number
                self.show(f"{sentence(budget_problem(words) or '')}.")
                return
            self.choice = replace(self.choice, words=words or None)
            self.show()

    def action_unbudget(self) -> None:
        digits = str(self.choice.words or "")[:-1]
        self.choice = replace(self.choice, words=int(digits) if digits else None)
        self.show()

    def action_pace(self, pace: str) -> None:
        self.choice = replace(self.choice, pace=pace, words=None)
        self.show()

    def action_choose(self, fmt: str) -> None:
        self.finish(replace(self.choice, fmt=fmt))

    def action_export(self) -> None:
        self.finish(self.choice)

    def finish(self, choice: ExportChoice) -> None:
        """Export as chosen; a budget outside the limits is said so, and nothing exported until mended."""
        problem = budget_problem(choice.words) if choice.words is not None else None
        if problem:
            self.show(f"{sentence(problem)}: type another, or s, b, f for a pace.")
            return
        self.dismiss(choice)

    def action_cancel(self) -> None:
        self.dismiss(None)
