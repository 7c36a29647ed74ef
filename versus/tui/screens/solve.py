"""Finding spins for the beats: the solver at work in this dialog's own worker, and what it has proved so far.

The solver tells its progress (the edits it is trying, the games played out) between batches of
candidates; every change of fewer spins has been tried by then, so the dialog can say "no answer
with 2 edits or fewer; trying 3". The elapsed time is redrawn by a timer of its own, so that it moves
while the solver works through its likeliest changes, which it does not report. Escape stops the
search: the dialog closes and its worker is cancelled, which the solver hears at its next batch.
When time runs out, the dialog stays, saying what the search had proved, until Enter or Escape.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, ProgressBar, Static
from textual.worker import get_current_worker

from versus.tui import messages as msg
from versus.tui.services import Unsolved

TICK = 0.25  # seconds between redraws of the time taken
EVERY = 0.1  # progress is posted from the worker at most this often (unless the edits tried change)
RUNNING_HINT = "Escape stops the search (nothing is saved)."
DONE_HINT = "Enter or Escape closes."


def proved_so_far(edits: int) -> str:
    """What the search has proved while trying `edits` edits, in the author's words."""
    if edits <= 0:
        return "Playing the scene's own game, and the likeliest changes of its spins first\u2026"
    if edits == 1:
        return "Trying every change of one spin\u2026"
    tried = edits - 1
    return (f"No answer with {tried} edit{'' if tried == 1 else 's'} or fewer: every such change of the spins "
            f"was tried. Trying {edits}\u2026")


def stopped_at(edits: int) -> str:
    """What a search stopped by the author had proved (the solver's own words for it)."""
    from versus.solve import proved  # the solver is running, or has run: numpy is loaded already

    return f"The search was stopped: {proved(max(1, edits))}."


class SolveScreen(ModalScreen[Any]):
    """Runs the solver for the scene's beats and shows how far it has got; dismissed with the Solution found,
    or None (stopped, or none found)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stop", "Stop"),
        Binding("enter", "close", "Close", show=False),
    ]

    @dataclass
    class Progress(Message):
        """The solver is trying this many edits, and has played out this many games."""

        edits: int
        games: int

    @dataclass
    class Found(Message):
        solution: Any  # a versus.solve.Solution

    @dataclass
    class NotFound(Message):
        reasons: list[str]  # why, and what it had proved ("no answer with 2 edits or fewer; 3 not finished")

    def __init__(self, scene, solve: Callable[..., Any], limit: float) -> None:
        super().__init__()
        self.scene, self.solve, self.limit = scene, solve, limit
        self.edits = 0
        self.games = 0
        self.started = time.monotonic()
        self.reasons: list[str] | None = None  # set once the solver has found none

    def compose(self) -> ComposeResult:
        beats = ", ".join(f"'{beat}'" for beat in self.scene.beats)
        with Vertical(classes="dialog", id="solve-dialog"):
            yield Label("Finding spins for the beats", classes="dialog-title", id="solve-title")
            yield Static(Text(f"The fewest changed spins under which every beat holds: {beats}."),
                         classes="dialog-text", id="solve-beats")
            yield Static(id="solve-proved")
            yield ProgressBar(total=self.limit, show_eta=False, show_percentage=False, id="solve-time")
            yield Static(id="solve-count")
            yield Label(RUNNING_HINT, classes="dialog-hint", id="solve-hint")

    def on_mount(self) -> None:
        self.started = time.monotonic()
        self.show_progress()
        self.ticker = self.set_interval(TICK, self.show_progress)
        self.search()

    # -- the solver, off the UI thread ---------------------------------------------------------
    @work(thread=True, exclusive=True, group="solve", exit_on_error=False)
    def search(self) -> None:
        worker = get_current_worker()
        told = [-1, 0.0]  # the edits last told, and when

        def progress(edits: int, games: int) -> None:
            now = time.monotonic()
            if edits != told[0] or now - told[1] >= EVERY:  # a new level is told at once; games a few times a second
                told[:] = [edits, now]
                self.post_message(self.Progress(edits, games))

        try:
            solution = self.solve(self.scene, lambda: worker.is_cancelled, progress)
        except Unsolved as error:
            self.post_message(self.NotFound(error.reasons))
            return
        except Exception as error:  # noqa: BLE001 -- the solver's fault, whatever it is, is told, not raised
            self.post_message(self.NotFound([f"The search failed: {type(error).__name__}: {error}"]))
            return
        if solution is not None and not worker.is_cancelled:
            self.post_message(self.Found(solution))

    # -- what it says --------------------------------------------------------------------------
    @on(Progress)
    def progressed(self, event: Progress) -> None:
        self.edits, self.games = max(self.edits, event.edits), max(self.games, event.games)
        self.show_progress()

    @on(Found)
    def found(self, event: Found) -> None:
        self.dismiss(event.solution)

    @on(NotFound)
    def not_found(self, event: NotFound) -> None:
        self.ticker.stop()
        self.reasons = event.reasons
        self.query_one("#solve-title", Label).update("No spins found")
        self.query_one("#solve-proved", Static).update(Text("\n".join(event.reasons)))
        self.query_one("#solve-time", ProgressBar).display = False
        self.query_one("#solve-hint", Label).update(DONE_HINT)
        self.show_count()

    def show_progress(self) -> None:
        self.query_one("#solve-proved", Static).update(Text(proved_so_far(self.edits)))
        self.query_one("#solve-time", ProgressBar).update(progress=min(self.limit, self.elapsed()))
        self.show_count()

    def show_count(self) -> None:
        self.query_one("#solve-count", Static).update(Text(
            f"{self.games:,} games played out \u00b7 {self.elapsed():.1f} s of at most {self.limit:g} s"))

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    # -- the keys ------------------------------------------------------------------------------
    def action_stop(self) -> None:
        """Escape: stop the search (its worker is cancelled), or close the dialog once it has ended."""
        if self.reasons is None:
            self.workers.cancel_node(self)
            self.app.post_message(msg.Solved(None, [stopped_at(self.edits)], stopped=True))
        self.dismiss(None)

    def action_close(self) -> None:
        if self.reasons is not None:
            self.dismiss(None)
