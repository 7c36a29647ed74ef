"""The prose so far, rendered as Markdown, as the export would give it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown


class ProsePanel(VerticalScroll):
    """Shows whatever Markdown the screen hands it (the narrator runs in a worker, not here)."""

    DEFAULT_CSS = """
    ProsePanel { background: $surface; }
    ProsePanel Markdown { margin: 0 1; background: $surface; }
    """

    def __init__(self, markdown: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self._markdown = markdown

    def compose(self) -> ComposeResult:
        yield Markdown(self._markdown)

    async def show(self, markdown: str) -> None:
        if markdown == self._markdown:
            return
        self._markdown = markdown
        await self.query_one(Markdown).update(markdown)
        self.call_after_refresh(self.scroll_end, animate=False)
