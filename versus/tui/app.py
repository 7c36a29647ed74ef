"""The Versus app: themes, the command palette, and the main screen (which does the work)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen

from versus.scenes.model import Scene
from versus.tui import settings
from versus.tui.screens.main import PLAY_BINDINGS, MainScreen
from versus.tui.services import Services, default_services
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


if TYPE_CHECKING:
    from versus.tui.services import ServicedApp as _AppBase  # what the screens count on: checked here
else:
    _AppBase = App[None]


class VersusApp(_AppBase):
    CSS_PATH = "versus.tcss"
    TITLE = "Versus"

    def __init__(self, scene_path: str | Path, take: str | None = None, *, scene: Scene | None = None,
                 services: Services | None = None, theme: str | None = None) -> None:
        """theme: the one asked for (--theme), else the one chosen last time, else regency."""
        super().__init__()
        self._painted: list[Callable[[], None]] | None = []  # None once the first frame is drawn
        self.session = Session(scene_path, take, scene)
        self.services = services if services is not None else default_services()
        for each in THEMES:
            self.register_theme(each)
        names = tuple(t.name for t in THEMES)
        self.theme = theme or settings.remembered_theme(names) or "regency"
        self._apply_keymap()

    def _apply_keymap(self) -> None:
        """The author's keymap.yaml: any key of the main screen moved or doubled, by its id."""
        known = {b.id for b in PLAY_BINDINGS if b.id}
        keys, problems = settings.keymap(known)
        self.author_keys: dict[str, str] = keys  # what help shows for those keys
        if keys:
            self.set_keymap(keys)
        self.session.notices.extend(problems)

    def after_first_paint(self, callback: Callable[[], None]) -> None:
        """Call this once the main screen's first frame is on the terminal (at once, if it is)."""
        if self._painted is None:
            callback()
        else:
            self._painted.append(callback)

    def first_painted(self) -> None:
        """The main screen has drawn its first frame: what start-up put off may be done now."""
        callbacks, self._painted = self._painted or [], None
        for callback in callbacks:
            callback()

    def get_default_screen(self) -> Screen:
        return MainScreen(self.session)  # the app's first screen: no blank one beneath to mount and style

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._remember_theme)

    def _remember_theme(self, theme) -> None:
        problem = settings.remember_theme(theme.name)
        if problem:
            self.notify(problem, severity="warning")

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice as plain text: take names, notes and paths the author typed are never markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def _on_notify(self, event: Notify) -> None:
        """A notice replaces any shown with the same words or the same title, so that a held key
        (space after the end, a refused digit) shows one notice, not a pile of them."""
        new = event.notification
        for old in list(self._notifications):
            if old.message == new.message or (new.title and old.title == new.title):
                self._unnotify(old, refresh=False)
        super()._on_notify(event)

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
