"""The main screen: the board, the players, the play log, the prose, and the keys that play.

The keys act on the session and the screen hands the result down to the panels (a View); what
happened goes up as messages (versus.tui.messages), which the app tells the author. The panels
are composed once and laid out by CSS class (widgets/panels.py); the prose and the odds are
worked out by their panels' own workers, the export and the solver by the app's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Tab, Tabs

from versus.rulebook import plural
from versus.takes.playthrough import Played
from versus.tui import collector
from versus.tui import messages as msg
from versus.tui.session import Refusal, Saved, Session
from versus.tui.view import View, build, saving
from versus.tui.widgets.board import BoardView
from versus.tui.widgets.footer import KeyFooter
from versus.tui.widgets.panels import PANEL_KEYS, Panel, Panels, SidePanel, board_height
from versus.tui.widgets.players import CompactPlayers, PlayersPanel
from versus.tui.widgets.playlog import PlayLog
from versus.tui.widgets.prose import ProsePanel
from versus.tui.widgets.status import BeatsPanel, StatusLine

if TYPE_CHECKING:
    from textual import getters
    from textual.timer import Timer

    from versus.tui.screens.export_format import ExportChoice
    from versus.tui.screens.unsaved import Leave
    from versus.tui.services import ServicedApp

NARROW_WIDTH, NARROW_HEIGHT = 100, 32  # below either, the panels collapse into tabs
WIDE_WIDTH, WIDE_HEIGHT = 170, 46  # at or above both, the board and the prose sit side by side


def play_bindings() -> list[Binding]:
    keys = [
        Binding("space", "spin", "Spin", tooltip="Spin the teetotum: the take's or the script's spin "
                "where there is one, else the seed's", id="spin", priority=True),
        Binding("1", "play(1)", "Play", key_display="1-9", tooltip="Play that number as this spin",
                id="play-1", priority=True),
    ]
    keys += [Binding(str(n), f"play({n})", f"Play {n}", show=False, id=f"play-{n}", priority=True)
             for n in range(2, 10)]
    keys += [
        Binding("n", "number", "Number", tooltip="Play any number as this spin (for teetotums of ten faces "
                "or more)", id="number", show=False, priority=True),
        Binding("u", "undo", "Undo", tooltip="Take back the last spin (the saved take keeps it: U redoes it)",
                id="undo", priority=True),
        Binding("U", "redo", "Redo", key_display="U", tooltip="Play the take's next undone spin again",
                id="redo", priority=True),
        Binding("question_mark", "help", "Help", key_display="?", tooltip="Keys and the board's signs",
                id="help", priority=True),
        Binding("q", "quit", "Quit", tooltip="Quit (every spin is saved as it is played; if a save failed, "
                "q asks first)", id="quit", priority=True),
        Binding("f", "fork", "Fork", tooltip="Fork a new take from this point", id="fork", priority=True),
        Binding("t", "takes", "Takes", tooltip="List, switch and compare takes", id="takes", priority=True),
        Binding("e", "export", "Export", tooltip="Export the take as prose", id="export", priority=True),
        Binding("g", "race", "Race", tooltip="The race as charts: spaces and chances by turn, and its drama in "
                "figures", id="race", priority=True),
        Binding("r", "rule", "Rule", tooltip="The printed rule for the space just landed on (and any other, "
                "by number)", id="rule", priority=True),
        Binding("v", "next_panel", "Panel", tooltip="Show the next panel (when the panels are tabs)",
                id="panel", priority=True),
        Binding("z", "zoom", "Zoom", tooltip="Let the panel in use fill the screen (z or Escape again: back)",
                id="zoom", priority=True),
        Binding("ctrl+r", "reload", "Reload", tooltip="Read the scene file again", id="reload", priority=True),
        Binding("o", "edit_scene", "Edit", tooltip="Open the scene in $EDITOR; it is read again when saved",
                id="edit", show=False, priority=True),
    ]
    keys += [Binding(key, f"show_panel('{panel}')", f"{title}", tooltip=f"Go to the {title.lower()} panel",
                     id=f"panel-{panel}", show=False, priority=True) for key, panel, title in PANEL_KEYS]
    return keys


PLAY_BINDINGS = play_bindings()  # the main screen's keys
NARROW_HIDDEN = {"redo", "fork", "rule", "zoom", "reload", "race"}  # left out of the footer at 80 columns (still keys)
SETTLE = 0.3  # seconds after the last key before the prose and odds are worked out again
RETRY = 3.0  # seconds between tries at a save that failed
T = TypeVar("T")
SHOWN = "BoardView, PlayersPanel, CompactPlayers, PlayLog, StatusLine, BeatsPanel"  # the widgets a View feeds


def layout_mode(width: int, height: int) -> str:
    if width < NARROW_WIDTH or height < NARROW_HEIGHT:
        return "narrow"
    if width >= WIDE_WIDTH and height >= WIDE_HEIGHT:
        return "wide"
    return "medium"


class MainScreen(Screen):
    BINDINGS: ClassVar[list[BindingType]] = list(PLAY_BINDINGS)
    ALLOW_IN_MAXIMIZED_VIEW = "Footer"

    if TYPE_CHECKING:
        app = getters.app(ServicedApp)

    mode: reactive[str] = reactive("medium", init=False)
    """How the panels are laid out: narrow (tabs), medium (board above) or wide (board beside)."""

    def __init__(self, session: Session) -> None:
        super().__init__(id="main")
        self.session = session
        self.view: View = build(session)
        self._told_changed = False
        self.quitting = False
        self._repaint_due = False  # a repaint is asked for and not yet done (keys coalesce into one)
        self._work_timer: Timer | None = None  # starts the prose and odds once the keys have settled
        self._idle_timer: Timer | None = None  # a full round of the garbage collector, once the keys are still
        self._retry_timer: Timer | None = None  # tries a failed save again, every RETRY seconds, until one succeeds
        self._shown: list[Widget] = []  # the widgets a View feeds (see shown_widgets)
        self.set_reactive(MainScreen.mode, layout_mode(*self.app.size))

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="\u2766")
        yield StatusLine(id="status")
        panels = Panels(id="panels")
        panels.set_reactive(Panels.layout_name, self.mode)
        with panels:
            yield Tabs(*(Tab(title, id=f"tab-{panel}") for _, panel, title in PANEL_KEYS), id="tabs")
            with Container(id="grid"):
                with Panel(id="board-panel", classes="panel"):
                    yield BoardView(id="board")
                    yield CompactPlayers(id="compact")
                with SidePanel(id="side", classes="panel") as side:
                    side.border_title = "Players"
                    yield PlayersPanel(id="players")
                    yield BeatsPanel(id="beats")
                with Panel(id="log-panel", classes="panel") as log:
                    log.border_title = "Play log"
                    yield PlayLog(id="log")
                with Panel(id="prose-panel", classes="panel"):
                    yield ProsePanel(id="prose")
        yield KeyFooter(compact=self.mode == "narrow")

    @property
    def panels(self) -> Panels:
        return self.query_one(Panels)

    def board_title(self) -> str:
        play = self.session.play
        return f"{play.board.title} ({play.rules.preset})"

    def prose_title(self) -> str:
        """The prose panel's title names the pace or budget it is shown at (the export's)."""
        choice = self.app.export_choice
        return f"Prose \u00b7 about {choice.words:,} words" if choice.words else f"Prose \u00b7 {choice.pace}"

    def board_height(self) -> int:
        return board_height(self.session.play.board, self.app.size.height, self.mode)

    def on_mount(self) -> None:
        self._shown = [*self.query(SHOWN), *self.query(ProsePanel)]  # all composed by now, and for good
        self.title = self.session.scene.title
        self.sub_title = self.session.scene.name
        self.panels.title(self.board_title(), self.prose_title())
        self.panels.board_rows(self.board_height())
        self.push_view()
        self.call_after_refresh(self.app.first_painted)  # run once this screen has been drawn

    def on_resize(self) -> None:
        self.mode = layout_mode(*self.app.size)
        self.panels.board_rows(self.board_height())

    def on_screen_resume(self) -> None:
        self.mode = layout_mode(*self.app.size)  # the terminal may have changed size under a dialog

    def watch_mode(self, mode: str) -> None:
        self.panels.layout_name = mode
        self.panels.board_rows(self.board_height())
        self.query_one(KeyFooter).compact = mode == "narrow"
        self.refresh_bindings()  # the footer's keys differ at 80 columns

    # -- attributes down -----------------------------------------------------------------------
    def push_view(self) -> None:
        """Show the session as it now is, and start the prose and odds afresh once the keys settle."""
        self._repaint_due = False
        self.view = build(self.session)
        for widget in self.shown_widgets():
            if isinstance(widget, ProsePanel):
                widget.showing = (self.view.version, self.view.take)
                widget.hold(SETTLE)  # prose that comes while the keys do waits for them to stop
            else:
                widget.view = self.view  # type: ignore[attr-defined]
        self.sub_title = f"{saving(self.view)} \u00b7 {self.session.scene.name}"
        self.panels.title(self.board_title(), self.prose_title())
        self.settle_work()

    def shown_widgets(self) -> list[Widget]:
        """The widgets a View feeds and the prose panel, found once: a CSS query at every key cost as much
        as drawing them."""
        return self._shown or [*self.query(SHOWN), *self.query(ProsePanel)]  # before mounting: as far as composed

    def show_saving(self) -> None:
        """Show whether the take is on disk, without redrawing the rest."""
        self.view = dataclasses.replace(self.view, take=self.session.take_name or "new take",
                                        saved=self.session.saved, unsaved=self.session.unsaved(),
                                        save_problem=self.session.save_problem or "")
        for widget in self.shown_widgets():
            if isinstance(widget, StatusLine | BeatsPanel):
                widget.view = self.view
        self.sub_title = f"{saving(self.view)} \u00b7 {self.session.scene.name}"

    def settle_work(self) -> None:
        """Work out the prose and odds once the keys stop: held space asks for them once, not 30 times; and
        collect the garbage once they have been still a while (versus.tui.collector)."""
        for timer in (self._work_timer, self._idle_timer):
            if timer is not None:
                timer.stop()
        self._work_timer = self.set_timer(SETTLE, self._start_work)
        self._idle_timer = self.set_timer(collector.IDLE, collector.full_round)

    def settling(self) -> bool:
        """True while the prose and odds wait for the keys to stop (SETTLE seconds after the last)."""
        return self._work_timer is not None

    def _start_work(self) -> None:
        self._work_timer = None
        play = self.session.play
        self.query_one(ProsePanel).write(play.copy())
        self.query_one(BeatsPanel).work_out_odds(self.session.scene, play.game.state, play.finished)

    def after_change(self) -> None:
        """Ask for a repaint: keys already queued are played first, and the screen is drawn once after."""
        if not self._repaint_due:
            self._repaint_due = True
            self.call_later(self._redraw)
        for widget in self.shown_widgets():  # none yet, when asked before the screen is composed
            if isinstance(widget, BeatsPanel):
                widget.stale = True  # the odds shown were for a position that has passed

    def _redraw(self) -> None:
        if not self._repaint_due:
            return
        self.push_view()
        if not self._told_changed and self.session.scene_changed_on_disk():
            self._told_changed = True
            self.notify("The scene file has changed on disk: ctrl+r reads it again.", timeout=8)

    # -- saving: every spin is on disk, or the author is told and it is tried again -------------
    def refuse(self, reason: str) -> None:
        self.post_message(msg.Refused(reason))

    def tell(self, notices: tuple[str, ...]) -> None:
        for notice in notices:
            self.notify(notice, severity="warning", timeout=8)

    def save(self, touch: bool = False) -> bool:
        """Keep what the last action added (nothing, when the play is inside its saved take); whether all is
        on disk. A failed save is told, shown in the header until a save succeeds, and tried again."""
        failing = self.session.save_problem
        try:
            saved = self.session.save(touch)
        except Exception as error:  # noqa: BLE001 -- TakesError, OSError, any: tell, keep the spins, try again
            problem = self.session.save_problem or str(error)
            self.post_message(msg.SaveFailed(problem, new=problem != failing))
            if self._retry_timer is None:
                self._retry_timer = self.set_interval(RETRY, self.retry_save)
            self.show_saving()
            return False
        self.saved(saved, again=bool(failing))
        return True

    def saved(self, saved: Saved, again: bool) -> None:
        self.tell(saved.notices)
        if saved.forked_from is not None:
            self.post_message(msg.Forked(self.session.take_name, self.session.note, saved.forked_from))
        if again:
            self._stop_retrying()
            self.show_saving()
        if saved.take is not None:
            self.post_message(msg.TakeSaved(saved.take.name, len(saved.take.spins), again))

    def retry_save(self) -> None:
        """The timer's try at a save that failed (space freed, the folder writable again)."""
        if self.session.save_problem is None or self.session.unsaved() == 0:
            self._stop_retrying()
            self.session.save_problem = None
            self.show_saving()
            return
        self.save()

    def _stop_retrying(self) -> None:
        if self._retry_timer is not None:
            self._retry_timer.stop()
            self._retry_timer = None

    def told_fork(self, origin: str | None) -> None:
        """Say so when the last action forked a new take by itself (the original keeps its ending)."""
        if origin is not None and self.session.saved:
            self.post_message(msg.Forked(self.session.take_name, self.session.note, origin))

    # -- the keys that play --------------------------------------------------------------------
    def action_spin(self) -> None:
        self._spin(None)

    def action_play(self, number: int) -> None:
        self._spin(number)

    def action_number(self) -> None:
        from versus.tui.screens.number import NumberScreen

        def done(number: int | None) -> None:
            if number is not None:
                self._spin(number)

        self.app.push_screen(NumberScreen(self.session.faces), done)

    def attempt(self, act: Callable[[], T]) -> T | None:
        """Do what the author asked, or say why not: a refusal in the game's own words, else the error."""
        try:
            return act()
        except Refusal as refusal:
            self.refuse(str(refusal))
        except Exception as error:  # noqa: BLE001 -- a spin that fails, however, is refused, not a crash
            self.refuse(f"That spin could not be played: {error}")
        return None

    def _spin(self, number: int | None) -> None:
        moved = self.attempt(lambda: self.session.spin(number))
        if moved is None:
            return
        self.save()
        self.told_fork(moved.forked_from)
        for played in (*moved.passed, moved.played):  # the turns sat out on the way to this spin, then it
            self.spun(played)
        self.after_change()

    def spun(self, played: Played) -> None:
        self.post_message(msg.Spun(played, self.session.take_name))

    def action_undo(self) -> None:
        played = self.attempt(self.session.undo)  # the saved take keeps the spin, as its continuation
        if played is None:
            return
        self.post_message(msg.Undone(played))
        self.after_change()

    def action_redo(self) -> None:
        played = self.attempt(self.session.redo)
        if played is None:
            return
        self.save()
        self.spun(played)
        self.after_change()

    async def play_key(self, key: str) -> bool:
        """Do what a key does on this screen (a key that came while a dialog was up); whether it did anything."""
        active = self.active_bindings.get(key)
        if active is None or not active.enabled:
            return False
        await self.run_action(active.binding.action)
        return True

    # -- takes ---------------------------------------------------------------------------------
    def action_fork(self) -> None:
        from versus.tui.screens.fork import ForkScreen, name_problem

        try:
            default = self.session.store.new_name()
        except Exception:  # noqa: BLE001 -- only a suggestion: any trouble finding one gives a plain name
            default = "take-new"
        self.app.push_screen(ForkScreen(default, lambda name: name_problem(self.session.store, name), self.view.turn,
                                        fork=self.fork,
                                        play=self.play_key))

    def fork(self, name: str) -> None:
        try:
            take = self.session.fork(name)
        except Refusal as refusal:
            self.refuse(str(refusal))
            return
        except Exception as error:  # noqa: BLE001 -- a fork that cannot be saved, whyever, is told
            self.notify(f"The fork was not saved: {error}", severity="error", timeout=10)
            return
        self.post_message(msg.Forked(take.name, take.note))
        self.after_change()

    def action_takes(self) -> None:
        from versus.tui.screens.takes import TakesScreen

        try:
            takes = self.session.takes()
        except Exception as error:  # noqa: BLE001 -- takes that cannot be listed, whyever, are refused, told
            self.refuse(str(error))
            return
        for problem in self.session.store.problems:  # take files that cannot be read: named, left alone
            self.notify(problem, title="A take not listed", severity="warning", timeout=10)
        self.app.push_screen(TakesScreen(self.session, takes), self.takes_chosen)

    def takes_chosen(self, choice: tuple[str, str, str] | None) -> None:
        if not choice:
            self.after_change()  # a take may have been renamed or deleted there
            return
        what, name, *rest = choice
        key = rest[0] if rest else ""
        if self.session.unsaved() and not self.save():  # leaving the take would lose the spins not on disk
            unsaved = self.session.unsaved()
            self.refuse(f"{plural(unsaved, 'spin').capitalize()} of this take {'is' if unsaved == 1 else 'are'} "
                        f"not saved yet ({self.session.save_problem}); free some space, or press q to write "
                        f"{'it' if unsaved == 1 else 'them'} elsewhere.")
            self.after_change()
            return
        if what == "new":
            self.session.new_take()
            self.post_message(msg.TakeSwitched(""))
        else:
            try:
                opened = self.session.switch(name, key)
            except Exception as error:  # noqa: BLE001 -- a take that cannot be switched to, whyever, is refused
                self.refuse(str(error))
                return
            self.post_message(msg.TakeSwitched(name, self.session.play.game.state.turn))
            self.save(touch=True)  # the take last played is the one that opens next time
            self.tell(opened.notices)
        self.after_change()

    def action_race(self) -> None:
        from versus.tui.screens.race import RaceScreen

        self.app.push_screen(RaceScreen.of_session(self.session))

    # -- the export and the solver (the app's workers) ------------------------------------------
    def action_export(self) -> None:
        if not self.session.play.played:
            self.refuse("Nothing to export yet: spin first.")
            return
        if not self.session.saved:
            self.save()
        from versus.tui.screens.export_format import FormatScreen

        self.app.push_screen(FormatScreen(self.app.export_choice, self.app.services.export_docx is not None),
                             self.export_chosen)

    def export_chosen(self, choice: ExportChoice | None) -> None:
        if choice is None:  # the author thought better of it
            return
        changed = choice.options() != self.app.export_choice.options()
        self.app.export_take(choice)
        if changed:  # the prose panel shows what the export will be
            self.panels.title(self.board_title(), self.prose_title())
            self._start_work()

    def action_solve(self) -> None:
        if self.app.services.solve is None:
            self.refuse("The solver is not available in this version of Versus.")
        elif not self.session.scene.beats:
            self.refuse("This scene has no beats, so there is nothing to find spins for.")
        else:
            self.app.solve_beats()

    # -- the scene and the panels ------------------------------------------------------------------
    def action_rule(self) -> None:
        from versus.tui.screens.rule import RuleScreen

        self.app.push_screen(RuleScreen(self.session, self.view.landed))

    def action_help(self) -> None:
        from versus.tui.screens.help import HelpScreen, as_authored

        kinds = {space.kind for space in self.session.play.board.spaces}
        self.app.push_screen(HelpScreen(as_authored(PLAY_BINDINGS, self.app.author_keys), kinds))

    def action_reload(self) -> None:
        from versus.scenes.problems import SceneError

        try:
            reloaded = self.session.reload()
        except SceneError as error:
            self.post_message(msg.SceneReloaded(error.lines()))
            return
        except Exception as error:  # noqa: BLE001 -- any other fault reading the scene is shown, not a crash
            self.post_message(msg.SceneReloaded([f"{self.session.path}: {error}"]))
            return
        self._told_changed = False
        self.title = self.session.scene.title
        self.post_message(msg.SceneReloaded([], self.session.path.name, reloaded.problem))
        self.save()  # a take that no longer replays whole stays as it was: the play goes on in a new one
        self.told_fork(reloaded.forked_from)
        self.panels.board_rows(self.board_height())
        self.after_change()

    def action_edit_scene(self) -> None:
        """Open the scene in $VISUAL or $EDITOR; read it again when the editor closes, if it was saved."""
        from versus.tui.editor import edit

        before = self.session.scene_changed_on_disk()
        try:
            with self.app.suspend():
                problem = edit(self.session.path)
        except Exception as error:  # noqa: BLE001 -- no terminal to give up (a test, or Textual Web), or any
            self.refuse(f"The editor could not be opened here: {error}")
            return
        self.app.refresh(repaint=True)
        if problem:
            self.refuse(problem)
        if self.session.scene_changed_on_disk() or before:
            self.action_reload()
        elif not problem:
            self.notify(f"{self.session.path.name} was not changed.", title="Editor closed")

    def action_show_panel(self, panel: str) -> None:
        """Go to a panel: its tab when the panels are tabs; else focus it (the log and prose then scroll)."""
        if self.maximized is not None:
            self.minimize()
        target = self.panels.go_to(panel)
        if target is not None:
            target.focus()
        elif self.focused is not None:
            self.set_focus(None)

    def action_next_panel(self) -> None:
        self.panels.next_tab()

    def action_zoom(self) -> None:
        """The panel in use fills the screen (the prose, to read it whole); again, and it goes back."""
        if self.maximized is not None:
            self.minimize()
        else:
            self.maximize(self.panels.in_use(self.focused), container=False)

    @property
    def active_bindings(self):
        """The footer's keys: on a small terminal only those that fit in 80 columns (? lists them all)."""
        bindings = super().active_bindings
        if self.mode != "narrow":
            return bindings
        return {key: active for key, active in bindings.items() if active.binding.id not in NARROW_HIDDEN}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.quitting:
            return False  # keys that arrive after q are let fall
        if action == "next_panel":
            return self.mode == "narrow"
        return True

    # -- quitting --------------------------------------------------------------------------------
    async def action_quit(self) -> None:
        """Quit; but while spins are not on disk, try once more, and then ask what to do with them."""
        if self.quitting:
            return
        if self.session.unsaved() and not self.save():
            self.ask_about_unsaved()
            return
        self.leave()

    def leave(self, message: str | None = None) -> None:
        """Close the app (once an export under way is on disk): no more keys, no more timers."""
        self.quitting = True
        for timer in (self._work_timer, self._retry_timer):
            if timer is not None:
                timer.stop()
        self.app.leave(message)

    def ask_about_unsaved(self) -> None:
        from versus.tui.screens.unsaved import UnsavedScreen

        if not isinstance(self.app.screen, UnsavedScreen):
            self.app.push_screen(UnsavedScreen(self.session, self.save), self.unsaved_answered)

    def unsaved_answered(self, leaving: Leave | None) -> None:
        if leaving is not None:
            self.leave(leaving.message)
