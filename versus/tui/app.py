"""The Versus app: themes, the command palette, the main screen, and the author's notices.

The screens post what happened (versus.tui.messages) and the app tells it, each message handled
here with `@on`. The app owns the work that outlives a panel: the export, in a worker of its own
group. The solver runs in the worker of its own dialog (screens/solve.py), which shows its progress.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import App, SystemCommand
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen
from textual.worker import Worker

from versus.scenes.model import Scene
from versus.tui import collector, settings
from versus.tui import messages as msg
from versus.tui.screens.export_format import ExportChoice
from versus.tui.screens.main import PLAY_BINDINGS, MainScreen
from versus.tui.services import SOLVE_SECONDS, Services, Written, default_services
from versus.tui.session import Session
from versus.tui.themes import THEMES

# (title, help, action on the main screen) for the command palette, one a key
PALETTE = [
    ("Spin", "Spin the teetotum (space)", "spin"),
    ("Play a number", "Type any number from 1 to the teetotum's faces as this spin (n)", "number"),
    ("Undo", "Take back the last spin (u); the take keeps it, to redo", "undo"),
    ("Redo", "Play the take's next undone spin again (U)", "redo"),
    ("Fork a new take", "Fork a new take from this point, and name it (f)", "fork"),
    ("Takes", "List, switch and compare the takes of this scene (t)", "takes"),
    ("Export", "Export the current take as prose: Markdown, or a .docx manuscript (e)", "export"),
    ("Printed rule", "The printed rule for the space of the player to act (r)", "rule"),
    ("Reload the scene", "Read the scene file again after editing it (ctrl+r)", "reload"),
    ("Help", "The keys and the board's signs (?)", "help"),
]
REFUSED = "Not now"  # the title of a refusal's notice: it says nothing once the play has moved on


if TYPE_CHECKING:
    from versus.tui.services import ServicedApp as _AppBase  # what the screens count on: checked here
else:
    _AppBase = App[None]


def _same(old: Notification, new: Notification) -> bool:
    return old.message == new.message or bool(new.title and old.title == new.title)


class VersusApp(_AppBase):
    CSS_PATH = "versus.tcss"
    TITLE = "Versus"

    def __init__(self, scene_path: str | Path, take: str | None = None, *, scene: Scene | None = None,
                 services: Services | None = None, theme: str | None = None, notices: tuple[str, ...] = ()) -> None:
        """theme: the one asked for (--theme), else the one chosen last time, else regency. notices: to tell
        once the app shows (the terminal's own lines are hidden when it draws)."""
        super().__init__()
        self._painted: list[Callable[[], None]] | None = []  # None once the first frame is drawn
        self._shown: list[Notification] = []  # the notices on screen, oldest first (see on_notify)
        self.session = Session(scene_path, take, scene)
        self.services = services if services is not None else default_services()
        self.export_choice = ExportChoice()  # the last way the author exported: pace, budget, format
        for each in THEMES:
            self.register_theme(each)
        names = tuple(t.name for t in THEMES)
        self.theme = theme or settings.remembered_theme(names) or "regency"
        self.notices = (*notices, *self.session.opening, *self._apply_keymap())

    def _apply_keymap(self) -> list[str]:
        """The author's keymap.yaml: any key of the main screen moved or doubled, by its id; its problems."""
        known = {b.id for b in PLAY_BINDINGS if b.id}
        keys, problems = settings.keymap(known)
        self.author_keys = keys  # what help shows for those keys
        if keys:
            self.set_keymap(keys)
        return problems

    def after_first_paint(self, callback: Callable[[], None]) -> None:
        """Call this once the main screen's first frame is on the terminal (at once, if it is)."""
        if self._painted is None:
            callback()
        else:
            self._painted.append(callback)

    def first_painted(self) -> None:
        """The main screen has drawn its first frame: what start-up put off may be done now.

        What start-up built (the take replayed, its trail, the styles) lives as long as the app: frozen out
        of the collector's sight; and the collector's full rounds wait until the keys are still
        (versus.tui.collector), not landing in the middle of a key."""
        collector.hold()
        callbacks, self._painted = self._painted or [], None
        for callback in callbacks:
            callback()

    def get_default_screen(self) -> Screen:
        return MainScreen(self.session)  # the app's first screen: no blank one beneath to mount and style

    def on_unmount(self) -> None:
        collector.release()

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=8)

    def _remember_theme(self, theme) -> None:
        problem = settings.remember_theme(theme.name)
        if problem:
            self.notify(problem, severity="warning")

    # -- notices -------------------------------------------------------------------------------
    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice as plain text: take names, notes and paths the author typed are never markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    @on(Notify)
    def on_notify(self, event: Notify) -> None:
        """A notice replaces any shown with the same words or the same title, so that a held key (space
        after the end, a refused digit) shows one notice, not a pile of them. Runs before Textual adds it."""
        new = event.notification
        if any(n is new for n in self._shown):
            return  # one shown again by _show_again
        shown = [n for n in self._shown if not n.has_expired]
        kept = [n for n in shown if not _same(n, new)]
        self._shown = [*kept, new]
        if len(kept) < len(shown):
            self._show_again(kept)

    def forget(self, title: str) -> None:
        """Take down the notices of this title (refusals once the play has moved on)."""
        shown = [n for n in self._shown if not n.has_expired]
        kept = [n for n in shown if n.title != title]
        if len(kept) < len(shown):
            self._shown = kept
            self._show_again(kept)

    def _show_again(self, kept: list[Notification]) -> None:
        """Textual can only clear every notice: clear them, and show again those kept (same timers). With
        none kept, those on screen go at their own time, and are not shown again with the next notice."""
        self.clear_notifications()
        for notification in kept:
            self.post_message(Notify(notification))

    # -- what the screens say happened ------------------------------------------------------------
    @on(msg.Spun)
    @on(msg.Undone)
    def played(self, _event: msg.Spun | msg.Undone) -> None:
        self.forget(REFUSED)  # what was refused was refused where the play stood before

    @on(msg.Refused)
    def refused(self, event: msg.Refused) -> None:
        self.notify(event.reason, title=REFUSED, severity="warning")

    @on(msg.TakeSaved)
    def take_saved(self, event: msg.TakeSaved) -> None:
        if event.again:
            self.notify(f"{event.name} is saved: every spin is on disk again.", title="Saved", timeout=8)

    @on(msg.SaveFailed)
    def save_failed(self, event: msg.SaveFailed) -> None:
        if event.new:
            self.notify(f"The take was not saved: {event.reason}. Its spins are kept and saved as soon as "
                        "they can be.", title="Not saved", severity="error", timeout=10)

    @on(msg.Forked)
    def forked(self, event: msg.Forked) -> None:
        if event.origin:
            self.notify(f"{event.origin} keeps its ending; this play goes on as {event.name}: {event.note}.",
                        title="Forked a new take", timeout=8)
        else:
            self.notify(f"Forked {event.name}: {event.note}.", title="New take")

    @on(msg.TakeSwitched)
    def take_switched(self, event: msg.TakeSwitched) -> None:
        if event.name:
            self.notify(f"Now playing {event.name}, at turn {event.turn}.")
        else:
            self.notify("A new take, from the first turn; it is saved at its first spin.")

    @on(msg.SceneReloaded)
    def scene_reloaded(self, event: msg.SceneReloaded) -> None:
        if event.problems:
            from versus.tui.screens.problems import ProblemsScreen

            self.push_screen(ProblemsScreen(event.problems))
            return
        if event.warning:
            self.notify(event.warning, severity="warning", timeout=10)
        self.notify(f"Read {event.file} again; the take is replayed under it.", title="Scene reloaded")

    @on(msg.Exported)
    def exported(self, event: msg.Exported) -> None:
        if event.written:
            self.notify(f"{event.take} exported to {event.path}", title="Exported", timeout=10)
        else:
            self.notify(f"{event.path} already holds this export of {event.take}; it is left as it was.",
                        title="Exported", timeout=10)
        for note in event.notes:
            self.notify(note, severity="warning", timeout=12)
        if self.is_web:  # served to a browser (versus serve): the file is offered as a download too
            self.deliver_binary(event.path, save_filename=event.path.name)

    @on(msg.Solved)
    def solved(self, event: msg.Solved) -> None:
        if event.stopped:
            self.notify("\n".join(event.reasons), title="Search stopped", timeout=10)
        elif event.reasons:
            self.notify("\n".join(event.reasons), title="No spins found", severity="warning", timeout=15)
        elif event.take is None:
            self.notify("Every beat already holds with the spins as they are; no take was made.", title="Solved")
        else:
            proof = f" ({event.proof}: the time ran out before fewer could be ruled out)" if event.proof else ""
            self.notify(f"Every beat holds with {event.changed} spin{'' if event.changed == 1 else 's'} "
                        f"changed{proof}; now playing {event.take}, played to its end (t switches back).",
                        title="Solved", timeout=10)

    # -- the export and the solver -----------------------------------------------------------------
    def export_take(self, choice: ExportChoice) -> None:
        """Write the take as the author chose, off the UI thread; told by an Exported message."""
        self.export_choice = choice
        self._export(self.session.play.copy(), self.session.take_name or "take", choice)

    @work(thread=True, exclusive=True, group="export", exit_on_error=False)
    def _export(self, play, take_name: str, choice: ExportChoice) -> None:
        try:
            write = self.services.export_docx if choice.fmt == "docx" else self.services.export
            assert write is not None, "no .docx writer"  # FormatScreen offers .docx only when there is one
            result: Written = write(play, take_name, **choice.options())
        except Exception as error:  # noqa: BLE001 -- a worker: any failure is told to the author, not raised
            self.call_from_thread(self.notify, f"The export failed: {error}", severity="error", timeout=10)
            return
        self.call_from_thread(self.post_message, msg.Exported(Path(result.path), take_name, result.written,
                                                              result.notes))

    def exporting(self) -> bool:
        return any(worker.group == "export" and not worker.is_finished for worker in self.workers)

    def solve_beats(self) -> None:
        """The solver in a dialog that shows how far it has got (and stops it on Escape); a solution found is
        saved as a new take and played."""
        from versus.tui.screens.solve import SolveScreen

        solve = self.services.solve
        assert solve is not None  # the main screen asks only when there is a solver
        self.push_screen(SolveScreen(self.session.scene, solve, SOLVE_SECONDS), self._keep_solution)

    def _keep_solution(self, solution) -> None:
        if solution is None:  # stopped, or none found: the dialog has said so
            return
        if not solution.edits:  # nothing to change: no new take, which would only repeat this one
            self.post_message(msg.Solved(None))
            return
        try:
            keep = self.services.keep
            assert keep is not None  # keep is given whenever solve is
            take = keep(solution)
            self.session.switch(take.name, take.key)
        except Exception as error:  # noqa: BLE001 -- whatever stopped the save is told; the play goes on as it was
            self.notify(f"The solution was not saved: {error}", severity="error", timeout=10)
            return
        self.post_message(msg.Solved(take.name, changed=len(solution.edits), proof=solution.proof))
        main = self.screen_stack[0] if self.screen_stack else None
        if isinstance(main, MainScreen):
            main.after_change()

    # -- leaving ---------------------------------------------------------------------------------
    def leave(self, message: str | None = None) -> None:
        """Close the app now: the work under way (prose, odds, solver) is stopped, not waited for; but an
        export being written is let finish first, so that the file the author asked for lands."""
        if self.exporting():
            self._leave_after_export = message or ""
            self.notify("The export is being written; the app closes once it is on disk.", title="Quitting")
            return
        self.workers.cancel_all()
        stop = self.services.stop
        if stop is not None:
            with contextlib.suppress(Exception):  # quitting goes on whatever the narrator's process does
                stop()
        self.exit(message=message)

    _leave_after_export: str | None = None  # q came while an export was written: the exit's message

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if (self._leave_after_export is not None and event.worker.group == "export" and event.worker.is_finished
                and not self.exporting()):
            self.leave(self._leave_after_export or None)

    async def action_quit(self) -> None:
        """ctrl+q quits as q does: asking first while spins are not on disk."""
        main = self.screen_stack[0] if self.screen_stack else None
        if isinstance(main, MainScreen):
            await main.action_quit()
        else:
            self.exit()

    def action_help_quit(self) -> None:
        """ctrl+c does not quit: say which key does, in plain words (notices are never markup)."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {active.binding.key_display or key} to quit the app", title="Do you want to quit?")
                return

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        if isinstance(screen, MainScreen):
            for title, help_text, action in PALETTE:
                yield SystemCommand(title, help_text, getattr(screen, f"action_{action}"))
            for number in range(1, min(9, screen.session.faces) + 1):
                yield SystemCommand(f"Play {number}", f"Play a {number} as this spin ({number})",
                                    lambda n=number: screen.action_play(n))
            if self.services.solve is not None:
                yield SystemCommand("Find spins for the beats", "Search in the background for the fewest "
                                    "changed spins under which every beat holds; saved as a new take",
                                    screen.action_solve)
        for command in super().get_system_commands(screen):
            if command.title != "Keys":  # Textual's own key panel: our Help (?) says the same, and more
                yield command
