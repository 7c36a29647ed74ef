"""The takes list's drama columns (docs/race.md §2): worked out off the UI thread, and an order to sort by.

The figures of the lead (changes, the last of them, the largest comeback, the closest finish) come
from a replay of each take, a few milliseconds apiece, in the screen's own worker; the list shows
"…" until they come. The figures of the winner's chance need every turn's chances, which the race
screen (g) works out.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import work
from textual.binding import Binding, BindingType

from versus.race.course import course_of
from versus.race.drama import Drama, drama
from versus.scenes.model import Scene
from versus.takes.playthrough import Playthrough
from versus.takes.replay import replay
from versus.takes.store import Take

COLUMNS = ("lead chg", "last chg", "comeback", "finish")  # headings, short enough for 80 columns
# (name shown, key): newest first is the list's own order; the rest, the most dramatic first
ORDERS: tuple[tuple[str, Callable[[Drama], tuple]], ...] = (
    ("newest first", lambda d: ()),
    ("most lead changes", lambda d: (-d.lead_changes,)),
    ("latest lead change", lambda d: (-(d.last_lead_change or 0),)),
    ("largest comeback", lambda d: (-d.comeback,)),
    ("closest finish", lambda d: (d.closest_finish,)),
)
DRAMA_BINDINGS: list[BindingType] = [
    Binding("o", "order", "Order", tooltip="Sort the takes by their drama: lead changes, the latest change, "
            "comeback, closest finish (o again: the next)"),
]


def figures_of(scene: Scene, take: Take) -> Drama:
    """The drama of a take that the positions alone give (the chance figures left empty)."""
    return drama(course_of(replay(scene, take.spins, take.seed, take.turns, take.name).play))


def play_figures(play: object) -> str:
    """A compared take's drama in figures, in a line (those of the lead: the chances are the race screen's)."""
    from versus.tui.screens.race import figures_text

    if not isinstance(play, Playthrough):  # a comparison's side holds its take replayed; anything else has none
        return ""
    return figures_text(drama(course_of(play)), {p.id: p.called for p in play.scene.players})


def cells(figures: Drama | None) -> list[Text]:
    if figures is None:
        return [Text("\u2026")] * len(COLUMNS)
    return [Text(str(figures.lead_changes), justify="right"),
            Text("" if figures.last_lead_change is None else str(figures.last_lead_change), justify="right"),
            Text(str(figures.comeback), justify="right"), Text(str(figures.closest_finish), justify="right")]


class DramaColumns:
    """What the takes screen mixes in (its bindings take DRAMA_BINDINGS): the figures by take key, the worker
    that works them out, the order chosen."""

    figures: dict[str, Drama]
    newest: list[Take]
    order = 0

    def begin_figures(self, scene: Scene, newest: list[Take]) -> None:
        """The takes, newest first; the figures of those not yet known set to be worked out."""
        if not hasattr(self, "figures"):
            self.figures = {}
        self.newest = list(newest)
        missing = [t for t in newest if t.key not in self.figures]
        if missing:
            self.work_out_figures(scene, missing)

    def ordered(self) -> list[Take]:
        """The takes in the order chosen (newest first until every figure is known)."""
        key = ORDERS[self.order][1]
        if self.order == 0 or any(t.key not in self.figures for t in self.newest):
            return list(self.newest)
        return sorted(self.newest, key=lambda t: key(self.figures[t.key]))  # stable: newest first among equals

    def drama_cells(self, take: Take) -> list[Text]:
        return cells(self.figures.get(take.key))

    @work(thread=True, exclusive=True, group="take-figures", exit_on_error=False)
    def work_out_figures(self, scene: Scene, takes: list[Take]) -> None:
        found: dict[str, Drama] = {}
        for take in takes:
            try:
                found[take.key] = figures_of(scene, take)
            except Exception:  # noqa: BLE001 -- a take that cannot be replayed, whyever, shows no figures
                continue
        self.app.call_from_thread(self.figures_known, found)  # type: ignore[attr-defined]

    def figures_known(self, found: dict[str, Drama]) -> None:
        self.figures.update(found)
        self.refigured()

    def action_order(self) -> None:
        self.order = (self.order + 1) % len(ORDERS)
        self.notify(f"Takes in order: {ORDERS[self.order][0]}.", timeout=2)  # type: ignore[attr-defined]
        self.refigured()

    def refigured(self) -> None:
        """Show the figures and the order now known (the screen redraws its list)."""
        raise NotImplementedError
