"""The prose so far, rendered as Markdown, as the export would give it.

One Markdown widget a block (paragraph, heading, break), so that a new spin's prose changes only
the blocks that changed: the paragraphs already shown are kept, not parsed and laid out again.
It follows the newest paragraph, unless the author has scrolled back to read.

Textual's Markdown (with markdown-it and Pygments, about 70 ms to import) is loaded when the first
prose comes, not before the first paint: an empty panel holds no widget at all.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.worker import get_current_worker

if TYPE_CHECKING:
    from textual import getters
    from textual.widgets import Markdown

    from versus.takes.playthrough import Playthrough
    from versus.tui.services import ServicedApp


def markdown_widget() -> type[Markdown]:
    """Textual's Markdown widget, imported on first use (a worker may import it ahead, off the UI thread)."""
    from textual.widgets import Markdown

    return Markdown


def blocks(markdown: str) -> list[str]:
    """The document's top-level blocks, as the text between blank lines (fenced code kept whole)."""
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                out.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


class ProsePanel(VerticalScroll):
    """The take's prose: the narrator runs in this panel's worker, off the UI thread, and its Markdown
    is shown if the play is still where it was when it was asked for."""

    if TYPE_CHECKING:
        app = getters.app(ServicedApp)

    DEFAULT_CSS = """
    ProsePanel { background: $surface; }
    ProsePanel Markdown { margin: 0 1; padding: 0; background: $surface; }
    """
    ALLOW_MAXIMIZE = True

    def __init__(self, markdown: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self._markdown = markdown
        self._blocks = blocks(markdown)
        self.follow = True  # keep the newest paragraph in view (False once the author scrolls back)
        self.showing: tuple[int, str] = (-1, "")  # (version, take) of the play on screen: set by the screen
        self._held_until = 0.0  # prose written meanwhile waits until then (monotonic seconds)

    def compose(self) -> ComposeResult:
        if self._blocks:
            Markdown = markdown_widget()
            for block in self._blocks:
                yield Markdown(block)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if self.size.height and self.max_scroll_y:
            self.follow = new >= self.max_scroll_y - 1

    def write(self, play: Playthrough) -> None:
        """Narrate this play (a copy: it is read off the UI thread) as the export would; a newer call cancels."""
        self._narrate(play, self.showing, self.app.export_choice.options())

    @work(thread=True, exclusive=True, group="prose", exit_on_error=False)
    def _narrate(self, play: Playthrough, showing: tuple[int, str], options: dict) -> None:
        markdown_widget()  # imported here, off the UI thread, while the narrator writes
        try:
            markdown = self.app.services.narrate(play, **options)
        except Exception as error:  # noqa: BLE001 -- the narrator's fault, whatever it is, must never take the app down
            markdown = f"*The prose cannot be written yet:* {type(error).__name__}: {error}"
        if not get_current_worker().is_cancelled:
            # ignored: mypy cannot solve call_from_thread's `T | Awaitable[T]` for a coroutine function
            self.app.call_from_thread(self._written, markdown, showing)  # type: ignore[arg-type]

    def hold(self, seconds: float) -> None:
        """A key was played: prose that comes within `seconds` is shown after that, not in the middle
        of the next key (laying out its paragraphs again held that key back)."""
        self._held_until = time.monotonic() + seconds

    async def _written(self, markdown: str, showing: tuple[int, str]) -> None:
        wait = self._held_until - time.monotonic()
        if wait > 0:
            self.set_timer(wait, lambda: self._written(markdown, showing))
            return
        if showing == self.showing:  # else a newer spin is on its way
            await self.show(markdown)

    async def show(self, markdown: str) -> None:
        if markdown == self._markdown:
            return
        follow = self.follow
        self._markdown = markdown
        new = blocks(markdown)
        Markdown = markdown_widget()
        shown = list(self.query_children(Markdown))
        keep = 0
        while keep < min(len(shown), len(new)) and keep < len(self._blocks) and self._blocks[keep] == new[keep]:
            keep += 1
        if keep < len(shown) and keep < len(new):  # the first block that changed: rewritten in place
            await shown[keep].update(new[keep])
            keep += 1
        if len(shown) > keep:
            await self.remove_children(shown[keep:])
        if len(new) > keep:
            await self.mount_all([Markdown(block) for block in new[keep:]])
        self._blocks = new
        self.follow = follow
        if follow:
            self.call_after_refresh(self.scroll_end, animate=False)

    def shown(self) -> None:
        """The panel has come into view (its tab chosen): at the newest paragraph, if following."""
        if self.follow:
            self.call_after_refresh(self.scroll_end, animate=False)
