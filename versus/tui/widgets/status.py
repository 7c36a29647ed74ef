"""The take's name, turn and round, who acts next, the beats held so far, and the live odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.reactive import reactive
from textual.worker import get_current_worker

from versus.rulebook import plural
from versus.tui.status_words import HELD, NOT_YET  # with the words "held" / "not yet": colour is not the only cue
from versus.tui.view import View, saving, sentence
from versus.tui.widgets.text import TextPanel

if TYPE_CHECKING:
    from textual import getters

    from versus.tui.services import ServicedApp


class StatusLine(TextPanel):
    """Two lines: the take, turn and what the last spin did; who acts next and the beats held.

    Whatever does not fit ends in an ellipsis, never cut without a mark."""

    FIXED_HEIGHT = True

    view: reactive[View | None] = reactive(None, always_update=True)
    """What to show: set by the screen after every change."""

    def watch_view(self) -> None:
        self._show()

    def _show(self) -> None:
        view = self.view
        if view is None:
            return
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if view.save_problem and view.unsaved:
            text.append(f" {saving(view)} ", "bold white on red")
        else:
            text.append(f" {view.take}{'' if view.saved else ' (unsaved)'} ", "bold reverse")
        text.append(f" turn {view.turn}, round {view.round} ", "bold")
        text.append("\u2502 ", "dim")
        text.append(view.last or "No spin yet.", "" if view.last else "italic")
        text.append("\n")
        text.append(" \u25b6 " if not view.over else "   ", "bold")
        held = sum(1 for _, h in view.beats if h)
        if view.beats:  # first, so that a long next line cannot push it out of sight
            text.append(f"beats {held}/{len(view.beats)} held", "bold" if held == len(view.beats) else "")
            text.append(" \u2502 ", "dim")
        text.append(view.next_up, "bold" if view.over else "")
        self.show(text)


class BeatsPanel(TextPanel):
    """Each beat of the scene, held so far or not yet, and the chances from here (worked out in this
    panel's worker, off the UI thread, and shown only if the play has not moved on)."""

    KEEPS_HEIGHT = True

    if TYPE_CHECKING:
        app = getters.app(ServicedApp)

    view: reactive[View | None] = reactive(None, always_update=True)
    """What to show: set by the screen after every change."""
    odds: reactive[str] = reactive("")
    """The live odds, in words, or "" when there are none to show."""
    stale: reactive[bool] = reactive(False)
    """The odds shown are for a position the play has left: shown faded until the new ones come. Their line
    stays: a line that went at every key and came back with the odds had the whole screen laid out twice."""

    def watch_view(self) -> None:
        self._show()

    def watch_odds(self) -> None:
        self._show()

    def watch_stale(self) -> None:
        self._show()

    def work_out_odds(self, scene, state, finished: bool) -> None:
        """The chances from this position, when there are odds to work out (else none shown)."""
        if self.app.services.odds is None or finished:
            self.odds, self.stale = "", False
            return
        self._odds(scene, state, self.view.version if self.view else -1)

    @work(thread=True, exclusive=True, group="odds", exit_on_error=False)
    def _odds(self, scene, state, version: int) -> None:
        try:
            odds = self.app.services.odds
            assert odds is not None  # work_out_odds runs this only when there are odds to work out
            text = chances_text(odds(scene, state), [p.called for p in scene.players])
        except Exception:  # noqa: BLE001 -- odds that cannot be worked out are simply not shown
            text = ""
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._worked_out, text, version)

    def _worked_out(self, text: str, version: int) -> None:
        if self.view is not None and version == self.view.version:
            self.odds, self.stale = text, False

    def _show(self) -> None:
        view = self.view
        if view is None:
            return
        text = Text(end="")
        text.append(f"{view.take}", "bold")
        waiting = not view.saved and not (view.save_problem and view.unsaved)
        text.append(f"{' (not saved until the first spin)' if waiting else ''} \u00b7 turn {view.turn}, "
                    f"round {view.round}\n")
        if view.save_problem and view.unsaved:
            text.append(f"Not saved: {plural(view.unsaved, 'spin')} kept in memory and tried again every few "
                        f"seconds ({view.save_problem}).\n", "bold")
        if view.over:
            text.append(sentence(view.over) + "\n", "bold")
        if not view.beats:
            text.append("No beats in this scene.\n", "italic")
        for beat, held in view.beats:
            text.append(f"{HELD if held else NOT_YET} ", "bold" if held else "dim")
            text.append(beat, "bold" if held else "")
            text.append(f"  {'held' if held else 'not yet'}\n", "italic dim")
        if self.odds:
            text.append(self.odds, "italic dim" if self.stale else "italic")
        self.show(text)


def chances_text(chances: dict[int, float], names: list[str]) -> str:
    text = "Chances from here: " + ", ".join(f"{names[seat]} {chance:.0%}" for seat, chance in sorted(chances.items()))
    rest = 1 - sum(chances.values())
    if rest >= 0.005:  # games that reach end.max_turns with nobody home: said, so the figures add up
        text += f", unfinished {rest:.0%}"
    return text
