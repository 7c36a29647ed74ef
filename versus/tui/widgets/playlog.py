"""The play log of the take, newest last; scripted spins marked as such, asides in italics."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import RichLog

from versus.tui.view import LogLine, View

SCRIPTED = "\u270e"  # a pencil: the spin was written into the scene


class PlayLog(RichLog):
    DEFAULT_CSS = """
    PlayLog { background: $surface; }
    """

    view: reactive[View | None] = reactive(None, always_update=True)
    """What to show: set by the screen after every change."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=16, **kwargs)
        self._shown: tuple[LogLine, ...] = ()

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        lines = view.log
        if lines[:len(self._shown)] == self._shown and self._shown:
            new = lines[len(self._shown):]
        else:
            self.clear()
            new = lines
            if not lines:
                self.write(Text("No spins yet: space spins, 1\u20139 plays that number.", style="italic"))
        for line in new:
            self.write(log_text(line))
        self._shown = lines

    def on_resize(self) -> None:
        # RichLog wraps at the width it had when a line was written; write again at the new width.
        self._shown = ()
        self.watch_view(self.view)


def log_text(line: LogLine) -> Text:
    if line.aside:
        return Text.assemble(("      \u2014 ", "dim"), (line.text, "italic"))
    turn = f"{line.turn:>3} " if line.turn else "    "
    mark = f"{SCRIPTED} " if line.source == "script" else "  "
    spin_style = "bold" if line.source == "script" else ("underline" if line.source == "take" else "")
    return Text.assemble((turn, "dim"), (mark, "bold"), (line.who, "bold"), " ", (line.spin, spin_style),
                         (": " if line.text else "", ""), line.text)
