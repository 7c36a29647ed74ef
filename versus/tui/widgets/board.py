"""The board as it was printed: a spiral of spaces round the goal, tokens on it, the last landing marked.

The board is drawn line by line (Textual's line API): after a spin, only the lines that changed (the
token that moved, the mark of the last landing, the legend) are repainted, not the whole board.
"""

from __future__ import annotations

import itertools

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from versus.tui.layout import layout_for, short_name
from versus.tui.themes import KINDS, BoardPalette, palette
from versus.tui.view import View

MARK = "\u00bb"  # beside the number of the space last landed on


class Canvas:
    """A grid of characters, each with a style, turned into Rich Text line by line."""

    def __init__(self, width: int, height: int, style: Style) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", style)] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style) -> None:
        if not 0 <= y < self.height:
            return
        row = self.cells[y]
        for i, char in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = (char, style)

    def fill(self, x: int, y: int, width: int, height: int, style: Style) -> None:
        for dy in range(height):
            self.put(x, y + dy, " " * width, style)

    def __str__(self) -> str:
        """The characters drawn, without their styles."""
        return "\n".join("".join(char for char, _ in row) for row in self.cells)

    def lines(self) -> list[tuple[Segment, ...]]:
        """Each line as runs of one style, a Segment each."""
        out = []
        for row in self.cells:
            segments = []
            run, style = "", None
            for char, char_style in row:
                if char_style is not style and run:
                    segments.append(Segment(run, style))
                    run = ""
                run += char
                style = char_style
            if run:
                segments.append(Segment(run, style))
            out.append(tuple(segments))
        return out


class BoardView(Widget):
    """Draws the board from the view it is given; knows nothing of the game beyond it."""

    DEFAULT_CSS = """
    BoardView { width: 1fr; height: 1fr; }
    """
    ALLOW_MAXIMIZE = True

    view: reactive[View | None] = reactive(None, always_update=True)
    """What to draw: set by the screen after every change."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: list[tuple[Segment, ...]] = []  # the board as drawn last, line by line
        self._strips: list[Strip] = []  # ... and as shown

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.redraw(whole=True))

    def on_resize(self) -> None:
        self.redraw(whole=True)

    def watch_view(self) -> None:
        self.redraw()

    def redraw(self, whole: bool = False) -> None:
        """Draw the board again, and repaint the lines that changed (all of them, when whole)."""
        view = self.view
        width, height = self.size
        if view is None or width < 10 or height < 3:
            lines = []
        else:
            lines = draw(view, width, height, palette(self.app.current_theme.dark)).lines()
        old, self._lines = self._lines, lines
        whole = whole or len(old) != len(lines)
        changed = {y for y, line in enumerate(lines) if whole or line != old[y]}
        strips = self._strips if not whole else [Strip.blank(width)] * len(lines)
        self._strips = [Strip(lines[y], width) if y in changed else strips[y] for y in range(len(lines))]
        if whole:
            self.refresh()
        for y in () if whole else sorted(changed):
            self.refresh(Region(0, y, width, 1))

    def render_line(self, y: int) -> Strip:
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)


def _style(colours: tuple[str, str], bold: bool = False) -> Style:
    background, foreground = colours
    return Style(color=foreground, bgcolor=background, bold=bold)


def draw(view: View, width: int, height: int, colours: BoardPalette) -> Canvas:
    board = view.board
    layout = layout_for(board)
    legend = 1 if height >= layout.rows + 1 else 0
    gap = 1 if width >= layout.columns * 6 else 0
    cell_w = max(3, (width + gap) // layout.columns - gap)
    cell_h = max(1, min(4, (height - legend) // layout.rows))
    used_w = layout.columns * (cell_w + gap) - gap
    left = max(0, (width - used_w) // 2)
    top = max(0, (height - layout.rows * cell_h - legend) // 2)
    paper = Style(color=colours.ink, bgcolor=colours.paper)
    canvas = Canvas(width, height, paper)

    at: dict[int, list[int]] = {}
    for seat, pos in enumerate(view.state.pos):
        at.setdefault(pos, []).append(seat)

    def token_runs(space: int) -> list[tuple[str, Style]]:
        return [(view.tokens[seat], Style(color=colours.token_ink, bgcolor=colours.tokens[seat % len(colours.tokens)],
                                          bold=True)) for seat in at.get(space, [])]

    def put_tokens(x: int, y: int, room: int, space: int, align_right: bool = True, squeeze: bool = True) -> bool:
        """Put the space's tokens in room; with squeeze, as "Ge+2" when they do not all fit (else False)."""
        runs = token_runs(space)
        if not runs:
            return True
        length = sum(len(t) for t, _ in runs)
        if length > room:
            if room < 3 or not squeeze:
                return False
            first = runs[0]
            runs = [first, (f"+{len(runs) - 1}", Style(color=colours.ink, bgcolor=colours.paper, bold=True))]
            length = sum(len(t) for t, _ in runs)
            if length > room:
                return False
        spaced = length + len(runs) - 1 <= room  # a blank between tokens, where it fits: "Co Da", not "CoDa"
        if spaced:
            length += len(runs) - 1
        cursor = x + room - length if align_right else x + (room - length) // 2
        for text, style in runs:
            canvas.put(cursor, 0 + y, text, style)
            cursor += len(text) + (1 if spaced else 0)
        return True

    for index, (column, row) in enumerate(layout.cells):
        number = index + 1
        space = board.space(number)
        kind = space.kind if space.kind in colours.kinds else "blank"
        style = _style(colours.kinds[kind])
        x, y = left + column * (cell_w + gap), top + row * cell_h
        canvas.fill(x, y, cell_w, cell_h, style)
        marked = view.landed == number
        symbol = KINDS.get(kind, ("", ""))[0]
        label = f"{MARK if marked else ''}{number}{symbol}"
        label_style = style + Style(bold=True, reverse=True) if marked else style + Style(bold=kind != "blank")
        canvas.put(x, y, label, label_style)
        names = short_name(space.name, cell_w, cell_h - 1) if cell_h > 1 else []
        room = cell_w - len(label) - 1
        margin = 1 if room - 1 >= sum(len(view.tokens[s]) for s in at.get(number, [])) else 0
        # every token shown where a line of the cell can take them all (over the name): "Ge+2" only as a last resort
        tokens_on_top = put_tokens(x + len(label) + 1, y, room - margin, number, squeeze=cell_h <= 1)
        for below, name in enumerate(names):
            canvas.put(x + (cell_w - len(name)) // 2, y + 1 + below, name, style)
        if not tokens_on_top and cell_h > 1:
            canvas.fill(x, y + cell_h - 1, cell_w, 1, style)
            put_tokens(x, y + cell_h - 1, cell_w, number, align_right=False)

    _path(canvas, layout, left, top, cell_w, cell_h, gap, paper + Style(bold=True))

    # the goal, drawn large over the middle
    c0, r0, cols, rows = layout.centre
    gx, gy = left + c0 * (cell_w + gap), top + r0 * cell_h
    gw, gh = cols * (cell_w + gap) - gap, rows * cell_h
    goal = board.space(board.goal)
    goal_style = _style(colours.kinds["goal"], bold=True)
    canvas.fill(gx, gy, gw, gh, goal_style)
    marked = view.landed == board.goal
    head = f"{MARK if marked else ''}{board.goal}"
    if len(head) + 1 + len(goal.name) <= gw and gh < 3:
        lines = [head + " " + goal.name]
    else:
        lines = [head, *short_name(goal.name, gw - 2, max(1, gh - 2))]
    lines = lines[:max(1, gh - (1 if at.get(board.goal) and gh > 1 else 0))]
    first = gy + max(0, (gh - len(lines) - (1 if at.get(board.goal) else 0)) // 2)
    for i, line in enumerate(lines):
        canvas.put(gx + (gw - len(line)) // 2, first + i, line, goal_style + Style(reverse=marked and i == 0))
    if at.get(board.goal):
        put_tokens(gx, min(gy + gh - 1, first + len(lines)), gw, board.goal, align_right=False)

    if legend:
        _legend(canvas, view, colours, left, min(height - 1, top + layout.rows * cell_h), paper)
    return canvas


def _path(canvas: Canvas, layout, left: int, top: int, cell_w: int, cell_h: int, gap: int, style: Style) -> None:
    """Arrows in the gaps along each row (1 → 2 → 3, and back ← round the spiral), so that the way
    from 1 to the goal can be followed by eye; the turns up and down the columns follow from them."""
    if not gap:
        return
    cells = layout.cells
    for (c1, r1), (c2, r2) in itertools.pairwise(cells):
        if r1 == r2 and abs(c1 - c2) == 1:
            x = left + max(c1, c2) * (cell_w + gap) - 1
            canvas.put(x, top + r1 * cell_h, "\u2192" if c2 > c1 else "\u2190", style)


def _legend(canvas: Canvas, view: View, colours: BoardPalette, x: int, y: int, paper: Style) -> None:
    kinds_here = {s.kind for s in view.board.spaces}
    parts: list[tuple[str, Style]] = []
    waiting = [seat for seat, pos in enumerate(view.state.pos) if pos == 0]
    if waiting:
        parts.append(("not yet on: ", paper))
        for seat in waiting:
            parts.append((view.tokens[seat], Style(color=colours.token_ink,
                                                   bgcolor=colours.tokens[seat % len(colours.tokens)], bold=True)))
            parts.append((" ", paper))
        parts.append((" ", paper))
    shown = [(kind, symbol, word) for kind, (symbol, word) in KINDS.items() if kind in kinds_here and symbol]
    full = sum(len(t) for t, _ in parts) + sum(len(w) + 4 for _, _, w in shown) + 14
    tight = x + full > canvas.width
    for kind, symbol, word in shown:
        parts.append((symbol if tight else f" {symbol} ", _style(colours.kinds[kind], bold=True)))
        parts.append((f"{word} ", paper))
    parts.append((MARK if tight else f" {MARK} ", paper + Style(bold=True, reverse=True)))
    parts.append(("last spin", paper))  # where the last spin left its player
    cursor = x
    for text, style in parts:
        if cursor + len(text) > canvas.width:  # what does not fit ends in an ellipsis, never cut bare
            canvas.put(cursor, y, text[:max(0, canvas.width - cursor - 1)] + "\u2026", style)
            break
        canvas.put(cursor, y, text, style)
        cursor += len(text)
