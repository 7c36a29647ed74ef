"""The play log of the take, newest last; scripted spins marked as such, asides in italics.

Lines are added and taken away as the take grows and shrinks (an undo at turn 300 removes one
entry's lines; it does not write the other 400 again). Each entry is wrapped once, at the width
it is shown at, with its continuation lines indented under its text rather than at column 0.
A long take is shown newest first: the entries that fill the panel are wrapped before the first
frame, and the older ones a few dozen at a time between frames, so that resuming at turn 300 (or
a resize) is drawn as soon as a short take is.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from versus.tui.view import LogLine, View

SCRIPTED = "\u270e"  # a pencil: the spin was written into the scene
EMPTY = "No spins yet: space spins, 1\u20139 plays that number."
BACKFILL = 40  # older entries wrapped at a time, between frames, once the newest are shown


class PlayLog(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    PlayLog { background: $surface; }
    """

    view: reactive[View | None] = reactive(None, always_update=True)
    """What to show: set by the screen after every change."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._start = 0  # the index in the take's log of the first entry shown (older ones are to come)
        self._shown: list[LogLine] = []  # the entries shown, in order, from the one at _start
        self._counts: list[int] = []  # how many screen lines each entry took
        self.lines: list[Strip] = []  # every screen line, in order
        self._width = 0  # the width the lines were wrapped at
        self._backfill_due = False
        self._following = True  # at the newest line, so that new lines (or a resize) keep it in view

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y - 1

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        width = self.scrollable_content_region.width
        if width <= 0:
            return  # not laid out yet: on_resize shows it
        if width != self._width:
            self._reset(width)
        entries = view.log
        keep = self._kept(entries)
        if keep < len(self._shown) or (not self._shown and self.lines):
            self._drop(keep)
        if not entries:
            if not self.lines:
                self.lines = self._wrap(Text(EMPTY, style="italic"), 0)
                self._settle(False)
            return
        following = self._following
        if not self._shown:
            self.lines, self._start = [], len(entries)
            self._prepend(entries, lines=2 * max(24, self.scrollable_content_region.height))
        for entry in entries[self._start + len(self._shown):]:
            strips = self._wrap(*log_text(entry))
            self._shown.append(entry)
            self._counts.append(len(strips))
            self.lines.extend(strips)
        self._settle(following)
        self._schedule_backfill()

    def _kept(self, entries: Sequence[LogLine]) -> int:
        """How many of the entries shown are still the take's, at the same places."""
        keep = max(0, min(len(self._shown), len(entries) - self._start))
        while keep:
            shown, entry = self._shown[keep - 1], entries[self._start + keep - 1]
            if shown is entry or shown == entry:
                break
            keep -= 1
        return keep

    def _prepend(self, entries: Sequence[LogLine], *, lines: int = 0, count: int = 0) -> int:
        """Wrap the entries before the first shown, newest first, until `lines` screen lines or
        `count` entries are added (or none is left); the screen lines added."""
        strips: list[Strip] = []
        counts: list[int] = []
        while self._start and (len(strips) < lines or len(counts) < count):
            self._start -= 1
            wrapped = self._wrap(*log_text(entries[self._start]))
            strips[:0] = wrapped
            counts.append(len(wrapped))
        counts.reverse()
        self.lines[:0] = strips
        self._shown[:0] = entries[self._start:self._start + len(counts)]
        self._counts[:0] = counts
        return len(strips)

    def _schedule_backfill(self) -> None:
        if self._start and not self._backfill_due:
            self._backfill_due = True
            self.set_timer(0.01, self._backfill)

    def _backfill(self) -> None:
        """Wrap some of the older entries, keeping in view what is in view."""
        self._backfill_due = False
        if not self._start or self.view is None or not self._shown:
            return
        entries = self.view.log
        if self._kept(entries) < len(self._shown):
            return  # the take changed under us: its watch_view puts it right
        following = self._following
        added = self._prepend(entries, count=BACKFILL)
        self._settle(following)
        if not following:
            self.scroll_to(y=self.scroll_y + added, animate=False, immediate=True, force=True)
        self._schedule_backfill()

    def _reset(self, width: int) -> None:
        self._width, self._start, self._shown, self._counts, self.lines = width, 0, [], [], []

    def _drop(self, keep: int) -> None:
        gone = sum(self._counts[keep:])
        if self._shown:
            del self.lines[len(self.lines) - gone:]
        else:
            self.lines = []  # the placeholder
        del self._shown[keep:], self._counts[keep:]
        if not self._shown:
            self._start = 0

    def _settle(self, follow: bool) -> None:
        size = Size(self._width, len(self.lines))
        height = self.scrollable_content_region.height
        if self._overflows(self.virtual_size, height) == self._overflows(size, height) \
                and size.width == self.virtual_size.width:
            # The scrollbar stays (or stays away): its thumb is told the new length here. A new virtual
            # size would have the whole screen laid out again, at every key, for a panel whose place on
            # it has not moved.
            self.set_reactive(PlayLog.virtual_size, size)
            self.vertical_scrollbar.window_virtual_size = size.height
        else:
            self.virtual_size = size
        self.refresh()
        if follow:  # at once, and before its scrollbar is worked out: one put off to a later refresh was lost
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True, force=True)

    @staticmethod
    def _overflows(size: Size, height: int) -> bool:
        return size.height > height

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """A scrollbar that appears after the scroll would start at the top: it starts where the lines are."""
        if shown:
            self.vertical_scrollbar.position = self.scroll_y

    def _wrap(self, text: Text, indent: int) -> list[Strip]:
        """The text in lines of the log's width, the lines after the first indented by `indent`."""
        width = max(8, self._width)
        console = self.app.console
        first = list(Segment.split_lines(console.render(text, console.options.update_width(width))))
        if len(first) <= 1 or indent <= 0 or indent >= width - 8:
            return [Strip(line).adjust_cell_length(width) for line in first] or [Strip.blank(width)]
        head = text[:indent]
        body = text[indent:]
        rendered = list(Segment.split_lines(console.render(body, console.options.update_width(width - indent))))
        strips = []
        for n, line in enumerate(rendered):
            lead = list(console.render(head, console.options.update(width=indent, no_wrap=True))) if n == 0 else \
                [Segment(" " * indent)]
            lead = [s for s in lead if s.text != "\n"]
            strips.append(Strip(lead + line).adjust_cell_length(width))
        return strips

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        style = self.visual_style.rich_style  # kept until the styles change (rich_style is worked out at each ask)
        if index >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._reset(self.scrollable_content_region.width)
        self.watch_view(self.view)


def log_text(line: LogLine) -> tuple[Text, int]:
    """The entry as styled text, and how far its continuation lines are indented."""
    if line.aside:
        return Text.assemble(("      \u2014 ", "dim"), (line.text, "italic")), 8
    turn = f"{line.turn:>3} " if line.turn else "    "
    mark = f"{SCRIPTED} " if line.source == "script" else "  "
    spin_style = "bold" if line.source == "script" else ("underline" if line.source == "take" else "")
    text = Text.assemble((turn, "dim"), (mark, "bold"), (line.who, "bold"))
    if line.spin:
        text.append(" ")
        text.append(line.spin, spin_style)
        if line.text:
            text.append(": ")
    elif line.text:
        text.append(" ")
    text.append(line.text)
    return text, 6

