"""The players: token, name, space, counters and state; whose turn it is; the pool or bank."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from versus.tui.themes import palette
from versus.tui.view import View, sentence
from versus.tui.widgets.text import TextPanel

TURN = "\u25b6"  # beside whoever acts next (also said in words: "to spin")


class PlayersPanel(TextPanel):
    KEEPS_HEIGHT = True

    view: reactive[View | None] = reactive(None, always_update=True)
    """What to show: set by the screen after every change."""

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.watch_view(self.view))

    def watch_view(self, view: View | None) -> None:
        if view is not None:
            self.show(players_text(view, palette(self.app.current_theme.dark)))


def players_text(view: View, colours) -> Text:
    text = Text(no_wrap=False, end="")
    for row in view.players:
        token = Style(color=colours.token_ink, bgcolor=colours.tokens[row.seat % len(colours.tokens)], bold=True)
        up = row.to_spin or row.sits_out
        text.append(f"{TURN} " if up else "  ", "bold")
        text.append(f" {row.token} ", token)
        text.append(f" {row.name}", "bold")
        if row.won:
            text.append("  has won", "bold reverse")
        elif row.to_spin:
            text.append("  to spin", "italic")
        elif row.sits_out:
            text.append("  sits out this turn", "italic")
        text.append("\n    ")
        where = "off the board" if row.space == 0 else f"{row.space} {row.space_name}".rstrip()
        text.append(where)
        counters = f" \u00b7 {row.counters} counter{'' if row.counters == 1 else 's'}"
        text.append(counters, "dim" if row.counters else "bold")
        for state in row.states:
            text.append(f" \u00b7 {state}", "italic")
        text.append("\n")
    text.append(sentence(view.pool), "bold")
    return text


class CompactPlayers(TextPanel):
    """The players in a line or two, under the board when the panels are tabs."""

    view: reactive[View | None] = reactive(None, always_update=True)
    """What to show: set by the screen after every change."""

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.watch_view(self.view))

    def watch_view(self, view: View | None) -> None:
        if view is not None:
            self.show(compact_text(view, palette(self.app.current_theme.dark)))


def compact_text(view: View, colours) -> Text:
    text = Text(end="")
    for row in view.players:
        token = Style(color=colours.token_ink, bgcolor=colours.tokens[row.seat % len(colours.tokens)], bold=True)
        if row.seat:
            text.append("  ")
        up = row.to_spin or row.sits_out
        text.append(TURN if up else " ", "bold")
        text.append(f"{row.token}", token)
        text.append(f" {row.name} ", "bold" if up else "")
        text.append("start" if row.space == 0 else str(row.space))
        text.append(f" \u00b7 {row.counters}c")
        if row.states:
            text.append(" (" + "; ".join(s.split(",")[0] for s in row.states) + ")", "italic")
        if row.won:
            text.append(" has won", "bold reverse")
    text.append(f"  \u00b7 {view.pool}", "dim")
    return text
