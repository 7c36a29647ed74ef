"""A panel of text that asks for a new layout only when its height changes.

Static.update lays the whole screen out again by default: with a long prose panel beside it, every
key paid for arranging every paragraph. The status, players and beats change with every key but
seldom change height, so they are repainted in place unless their wrapped text grew or shrank; the
players and beats do not shrink at all while the width stays (a line less and a line more at
alternate keys, where a player's line wraps, laid the screen out at every key).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.widgets import Static


def rows(text: Text, width: int, console: Console) -> int:
    """The rows the text takes wrapped at this width: a line that fits takes one, and only a longer one is
    wrapped to count its rows (wrapping the whole text, styles and all, cost more than showing it)."""
    count = 0
    for line in text.plain.split("\n"):
        count += 1 if cell_len(line) <= width else len(Text(line).wrap(console, width))
    return count


class TextPanel(Static):
    FIXED_HEIGHT = False  # True: the height is set by the CSS, never by the text
    KEEPS_HEIGHT = False  # True: never shorter than it was at this width (what is below it does not jump)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shape: tuple[int, int] = (-1, -1)  # (width, rows) the text was last laid out at
        self._hidden: Text | None = None  # the text to show once the panel is shown (hidden, it is not drawn)

    def on_show(self) -> None:
        if self._hidden is not None:
            self.show(self._hidden)

    def show(self, text: Text) -> None:
        if self.FIXED_HEIGHT:
            self.update(text, layout=False)
            return
        if not self.display:  # hidden by its own style (a layout without it): drawn when it is shown
            self._hidden = text
            self._shape = (-1, -1)
            return
        self._hidden = None
        width = self.content_region.width
        shape = (width, rows(text, width, self.app.console) if width > 0 else -1)
        if self.KEEPS_HEIGHT and width == self._shape[0] and 0 <= shape[1] < self._shape[1]:
            text.append("\n" * (self._shape[1] - shape[1]))  # blank rows: no new layout for a line less
            shape = self._shape
        self.update(text, layout=shape != self._shape or width <= 0)  # not laid out yet: it must be
        self._shape = shape
