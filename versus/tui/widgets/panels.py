"""The main screen's four panels (board, players and beats, play log, prose), laid out by CSS class.

One set of widgets for every size of terminal: the class on this container (narrow, medium, wide)
says how they sit, and while they are tabs (narrow) a second class (show-board, ...) says which
one is shown. Nothing is composed again when the terminal is resized.
"""

from __future__ import annotations

from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Tabs

from versus.rules.board import Board
from versus.tui.layout import layout_for
from versus.tui.widgets.prose import ProsePanel

# (key, panel, title): a key that goes to each panel (a tab, when the panels are tabs)
PANEL_KEYS = [("b", "board", "Board"), ("w", "players", "Players"), ("l", "log", "Log"), ("p", "prose", "Prose")]
ORDER = [panel for _, panel, _ in PANEL_KEYS]
PANEL_IDS = {"board": "board-panel", "players": "side", "log": "log-panel", "prose": "prose-panel"}
FOCUS = {"board": None, "players": "#side", "log": "PlayLog", "prose": "ProsePanel"}
LAYOUTS = ("narrow", "medium", "wide")


def board_height(board: Board, height: int, layout: str) -> int:
    """Rows for the board panel: as tall as the spiral wants, leaving room below for the rest."""
    rows = layout_for(board).rows
    room = height - 3 - (2 if layout == "wide" else 13)
    cell = max(1, min(4 if layout == "wide" else 3, (room - 2) // rows))
    return rows * cell + 2


class Panel(Vertical):
    """A titled panel of the main screen, which z lets fill the screen."""

    ALLOW_MAXIMIZE = True


class SidePanel(VerticalScroll):
    ALLOW_MAXIMIZE = True


class Panels(Vertical):
    """The tabs and the grid of panels (composed by the main screen, in its one compose): how they are
    laid out, which is shown, and which is in use."""

    layout_name: reactive[str] = reactive("medium", init=False)
    """narrow (one panel at a time, as tabs), medium (the board above the rest) or wide (the board beside)."""
    shown: reactive[str] = reactive("board", init=False)
    """The panel shown while the panels are tabs."""

    def on_mount(self) -> None:
        self.add_class(self.layout_name, f"show-{self.shown}")

    def watch_layout_name(self, old: str, new: str) -> None:
        self.remove_class(old)
        self.add_class(new)

    def watch_shown(self, old: str, new: str) -> None:
        self.remove_class(f"show-{old}")
        self.add_class(f"show-{new}")
        self.query_one(Tabs).active = f"tab-{new}"
        if new == "prose":
            self.query_one(ProsePanel).shown()  # at its newest line, unless the author was reading back

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        event.stop()
        if event.tab.id:
            self.shown = event.tab.id.removeprefix("tab-")

    def title(self, board: str, prose: str) -> None:
        """Set the titles that changed: setting one repaints its whole panel, border and all, even when the
        same (asked after every key, it cost the board's panel as much as drawing the board)."""
        for panel, title in (("#board-panel", board), ("#prose-panel", prose)):
            widget = self.query_one(panel)
            if widget.border_title != title:
                widget.border_title = title

    def board_rows(self, rows: int) -> None:
        """The board panel's height (the rest take what is left); the one panel shown fills it all when tabs."""
        self.query_one("#grid").styles.grid_rows = "1fr" if self.layout_name == "narrow" else f"{rows} 1fr"

    def panel(self, name: str) -> Widget:
        return self.query_one(f"#{PANEL_IDS[name]}")

    def go_to(self, name: str) -> Widget | None:
        """Show this panel (its tab, when tabs); what to focus in it, if anything."""
        if self.layout_name == "narrow":
            self.shown = name
        focus = FOCUS[name]
        return self.query_one(focus) if focus else None

    def next_tab(self) -> None:
        self.shown = ORDER[(ORDER.index(self.shown) + 1) % len(ORDER)]

    def in_use(self, focused: Widget | None) -> Widget:
        """The panel the author is in: the tab shown, else the one holding the focus, else the prose."""
        if self.layout_name == "narrow":
            return self.panel(self.shown)
        for name in ORDER:
            widget = self.panel(name)
            if focused is not None and (focused is widget or widget in focused.ancestors):
                return widget
        return self.panel("prose")  # nothing in use: the prose, which is what one reads
