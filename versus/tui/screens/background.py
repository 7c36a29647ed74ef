"""Work done off the UI thread for the main screen: the prose, the odds, the export and the solver.

Each worker is exclusive in its group, so a newer spin cancels an older run; a cancelled run's
result is dropped, and nothing a worker meets (a missing part, a fault) may take the app down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.worker import get_current_worker

from versus.tui import messages as msg
from versus.tui.screens.export_format import ExportChoice
from versus.tui.widgets.prose import ProsePanel, markdown_widget
from versus.tui.widgets.status import BeatsPanel

if TYPE_CHECKING:
    from textual import getters
    from textual.screen import Screen as _Host  # the mixin is only ever mixed into a Screen (MainScreen)

    from versus.tui.services import ServicedApp
    from versus.tui.session import Session
    from versus.tui.view import View
else:
    _Host = object


class BackgroundWork(_Host):
    """Mixed into MainScreen: needs self.session, self.view, self.prose, self.odds_text, refuse, after_change."""

    export_choice: ExportChoice = ExportChoice()  # the last way the author exported: pace, budget, format

    if TYPE_CHECKING:  # what the host screen (MainScreen) provides
        app = getters.app(ServicedApp)
        session: Session
        view: View
        prose: str
        odds_text: str

        def refuse(self, reason: str) -> None: ...
        def save(self) -> bool: ...
        def after_change(self) -> None: ...

    def start_prose(self) -> None:
        play = self.session.play.copy()
        self.narrate(play, self.view.version, self.view.take)

    @work(thread=True, exclusive=True, group="prose", exit_on_error=False)
    def narrate(self, play, version: int, take: str) -> None:
        markdown_widget()  # imported here, off the UI thread, while the narrator writes
        try:
            markdown = self.app.services.narrate(play, **self.export_choice.options())  # as it would export
        except Exception as error:  # noqa: BLE001 -- the narrator's fault, whatever it is, must never take the app down
            markdown = f"*The prose cannot be written yet:* {type(error).__name__}: {error}"
        if not get_current_worker().is_cancelled:
            # ignored: mypy cannot solve call_from_thread's `T | Awaitable[T]` for a coroutine function
            self.app.call_from_thread(self.show_prose, markdown, version, take)  # type: ignore[arg-type]

    async def show_prose(self, markdown: str, version: int, take: str) -> None:
        if (version, take) != (self.view.version, self.view.take):
            return  # a newer spin is on its way
        self.prose = markdown
        for panel in self.query(ProsePanel):
            await panel.show(markdown)

    def start_odds(self) -> None:
        odds = self.app.services.odds
        if odds is None or self.session.play.finished:
            self.set_odds("")
            return
        self.live_odds(self.session.scene, self.session.play.game.state, self.view.version)

    @work(thread=True, exclusive=True, group="odds", exit_on_error=False)
    def live_odds(self, scene, state, version: int) -> None:
        try:
            odds = self.app.services.odds
            assert odds is not None  # start_odds runs this only when there are odds to work out
            chances = odds(scene, state)
            names = [p.called for p in scene.players]
            text = "Chances from here: " + ", ".join(f"{names[seat]} {chance:.0%}"
                                                     for seat, chance in sorted(chances.items()))
            rest = 1 - sum(chances.values())
            if rest >= 0.005:  # games that reach end.max_turns with nobody home: said, so the figures add up
                text += f", unfinished {rest:.0%}"
        except Exception:  # noqa: BLE001 -- odds that cannot be worked out are simply not shown
            text = ""
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.set_odds, text, version)

    def set_odds(self, text: str, version: int | None = None) -> None:
        if version is not None and version != self.view.version:
            return
        self.odds_text = text
        for widget in self.query(BeatsPanel):
            widget.odds = text

    def action_export(self) -> None:
        if not self.session.play.played:
            self.refuse("Nothing to export yet: spin first.")
            return
        if not self.session.saved:
            self.save()
        play, take_name = self.session.play.copy(), self.session.take_name or "take"
        from versus.tui.screens.export_format import FormatScreen

        def chosen(choice: ExportChoice | None) -> None:
            if choice is None:  # the author thought better of it
                return
            if choice.options() != self.export_choice.options():
                self.export_choice = choice
                self.show_pace()
                self.start_prose()  # the prose panel shows what the export will be
            self.export_choice = choice
            self.export(play, take_name, choice)

        self.app.push_screen(FormatScreen(self.export_choice, self.app.services.export_docx is not None), chosen)

    def prose_title(self) -> str:
        """The prose panel's title names the pace or budget it is shown at (the export's)."""
        choice = self.export_choice
        return f"Prose · about {choice.words:,} words" if choice.words else f"Prose · {choice.pace}"

    def show_pace(self) -> None:
        for panel in self.query("#prose-panel"):
            panel.border_title = self.prose_title()

    @work(thread=True, exclusive=True, group="export", exit_on_error=False)
    def export(self, play, take_name: str, choice: ExportChoice | None = None) -> None:
        from versus.tui.services import Unavailable

        choice = choice or ExportChoice()
        try:
            write = self.app.services.export_docx if choice.fmt == "docx" else self.app.services.export
            assert write is not None, "no .docx writer"  # FormatScreen offers .docx only when there is one
            result = write(play, take_name, **choice.options())
        except Unavailable as error:
            self.app.call_from_thread(self.notify, f"Export is not available: {error}", severity="warning")
            return
        except Exception as error:  # noqa: BLE001 -- a worker: any failure is told to the author, not raised
            self.app.call_from_thread(self.notify, f"The export failed: {error}", severity="error", timeout=10)
            return
        self.app.call_from_thread(self.exported, take_name, result)

    def exported(self, take_name: str, result) -> None:
        path = getattr(result, "path", result)
        if getattr(result, "written", True):
            self.notify(f"{take_name} exported to {path}", title="Exported", timeout=10)
        else:
            self.notify(f"{path} already holds this export of {take_name}; it is left as it was.",
                        title="Exported", timeout=10)
        for note in getattr(result, "notes", ()):
            self.notify(note, severity="warning", timeout=12)
        if self.app.is_web:  # served to a browser (versus serve): the file is offered as a download too
            self.app.deliver_binary(path, save_filename=path.name)
        self.post_message(msg.Exported(path))

    def action_solve(self) -> None:
        if self.app.services.solve is None:
            self.refuse("The solver is not available in this version of Versus.")
            return
        if not self.session.scene.beats:
            self.refuse("This scene has no beats, so there is nothing to find spins for.")
            return
        self.notify("Looking for spins under which every beat holds\u2026", title="Solving")
        self.solve_beats(self.session.scene)

    @work(thread=True, exclusive=True, group="solve", exit_on_error=False)
    def solve_beats(self, scene) -> None:
        worker = get_current_worker()
        try:
            solve = self.app.services.solve
            assert solve is not None  # action_solve starts this only when there is a solver
            solution = solve(scene, lambda: worker.is_cancelled)
        except Exception as error:  # noqa: BLE001 -- Unsolvable (with its reasons), Cancelled, or the solver's fault
            if worker.is_cancelled or type(error).__name__ == "Cancelled":
                return
            reasons = list(getattr(error, "lines", None) or [f"{type(error).__name__}: {error}"])
            self.app.call_from_thread(self.unsolved, reasons)
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.solved, solution)

    def unsolved(self, reasons: list[str]) -> None:
        self.notify("\n".join(reasons), title="No spins found", severity="warning", timeout=15)
        self.post_message(msg.Solved(None, reasons))

    def solved(self, solution) -> None:
        if not solution.edits:  # nothing to change: no new take, which would only repeat this one
            self.notify("Every beat already holds with the spins as they are; no take was made.", title="Solved")
            self.post_message(msg.Solved(None, []))
            return
        try:
            keep = self.app.services.keep
            assert keep is not None  # keep is given whenever solve is
            take = keep(solution)
            self.session.switch(take.name, getattr(take, "key", ""))
        except Exception as error:  # noqa: BLE001 -- whatever stopped the save is told; the play goes on as it was
            self.notify(f"The solution was not saved: {error}", severity="error", timeout=10)
            return
        changed = len(solution.edits)
        self.notify(f"Every beat holds with {changed} spin{'' if changed == 1 else 's'} changed; now playing "
                    f"{take.name}, played to its end (t switches back).", title="Solved", timeout=10)
        self.post_message(msg.Solved(take.name, []))
        self.after_change()
