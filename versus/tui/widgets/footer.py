"""The footer of keys, drawn in the screen's first frame and redrawn only when the keys change.

Textual's Footer starts empty and fills itself after the first frame, then again whenever the
screen says its bindings were updated (at start-up, twice more, with the same keys): the keys
reached the terminal a tenth of a second after the board. This one lays out its keys at once
and recomposes only when what it shows would differ.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

_READY = getattr(Footer, "_bindings_ready", None)  # Textual's own flag; without it, its Footer as it is


class KeyFooter(Footer):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._composed: tuple | None = None  # what the keys shown were composed from

    def compose(self) -> ComposeResult:
        if _READY is not None:
            self.set_reactive(_READY, True)
        self._composed = self._keys()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if _READY is not None and self._composed is not None and self.is_attached and screen is self.screen \
                and self._keys() == self._composed:
            return  # the same keys, enabled the same way: nothing to draw again
        super().bindings_changed(screen)

    def _keys(self) -> tuple:
        shown = tuple((binding.key, binding.action, binding.description, enabled, tooltip)
                      for _, binding, enabled, tooltip in self.screen.active_bindings.values() if binding.show)
        return shown, self.compact, self.show_command_palette
