"""The race screen: a take (or two, side by side) as charts, with the drama in figures.

Opened from the game on its key (the whole take as saved, the turn the app stands on marked) and
from the comparison of two takes. The positions chart draws at once; the chances fill in as the
chances chart's worker works them out (versus.tui.widgets.race), and the figures that need them
with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from versus.race.course import Course, course_of
from versus.race.drama import Drama, drama, told
from versus.scenes.model import Scene
from versus.takes.compare import Comparison
from versus.takes.playthrough import Playthrough
from versus.takes.replay import replay
from versus.tui.session import Session
from versus.tui.widgets.race import LEAD_SIGN, MARK_SIGNS, ChancesChart, ChancesWorked, RaceChart


@dataclass(frozen=True)
class RaceSide:
    """One take to chart: its name, its game played as far as the take goes, the turn the app stands on."""

    name: str
    play: Playthrough
    turn: int


def figures_text(figures: Drama, names: dict[str, str]) -> str:
    """The drama in figures, in a line or two (docs/race.md §2)."""
    return told(figures, names)


class RaceScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,g", "close", "Close", tooltip="Back"),
    ]
    DEFAULT_CSS = """
    RaceScreen #race-body { width: 100%; height: 100%; padding: 0 1; background: $surface; }
    RaceScreen .race-title { text-style: bold; width: 100%; content-align: center middle; }
    RaceScreen .race-name { text-style: bold; }
    RaceScreen .race-hint { color: $text-muted; height: 1; }
    RaceScreen .race-sides { height: 1fr; }
    RaceScreen .race-side { width: 1fr; height: 1fr; }
    RaceScreen RaceChart { height: 3fr; min-height: 6; }
    RaceScreen ChancesChart { height: 2fr; min-height: 5; }
    RaceScreen .race-figures { height: auto; max-height: 3; }
    """

    def __init__(self, scene: Scene, sides: list[RaceSide]) -> None:
        super().__init__()
        self.scene = scene
        self.sides = sides
        self.courses: list[Course] = [course_of(side.play) for side in sides]
        self.names = {p.id: p.called for p in scene.players}

    @classmethod
    def of_session(cls, session: Session) -> RaceScreen:
        """The take now playing, as its file holds it (an undone stretch included), at the turn now."""
        play = session.play
        spins = tuple(play.spins())
        if session.saved and len(session.stored) > len(spins) and session.stored[:len(spins)] == spins:
            play = replay(session.scene, session.stored, play.seed).play
        return cls(session.scene, [RaceSide(session.take_name or "the new take", play, session.play.game.state.turn)])

    @classmethod
    def of_comparison(cls, comparison: Comparison) -> RaceScreen:
        """Two compared takes side by side, each to its end as replayed."""
        sides = []
        for side in (comparison.a, comparison.b):
            assert isinstance(side.play, Playthrough)  # a Side holds its take replayed
            sides.append(RaceSide(side.take.name, side.play, side.play.game.state.turn))
        return cls(sides[0].play.scene, sides)

    def compose(self) -> ComposeResult:
        title = " beside ".join(side.name for side in self.sides)
        with Vertical(id="race-body"):
            yield Label(Text(f"The race of {title}"), classes="race-title")
            with Horizontal(classes="race-sides"):
                for index, side in enumerate(self.sides):
                    with Vertical(classes="race-side"):
                        if len(self.sides) > 1:
                            yield Label(Text(side.name), classes="race-name")
                        yield Static("", id=f"figures-{index}", classes="race-figures")
                        yield RaceChart(id=f"race-{index}")
                        yield ChancesChart(self.scene, id=f"chances-{index}")
            signs = " ".join(f"{sign} {kind}" for kind, sign in MARK_SIGNS.items())
            yield Label(Text(f"{signs} {LEAD_SIGN} lead changes \u2502 the upright line: the turn now"),
                        classes="race-hint")
        yield Footer()

    def on_mount(self) -> None:
        for index, (side, course) in enumerate(zip(self.sides, self.courses, strict=True)):
            self.query_one(f"#race-{index}", RaceChart).show(course, side.turn)
            self.query_one(f"#chances-{index}", ChancesChart).show(course, side.turn)
            self.tell_figures(index)

    def tell_figures(self, index: int) -> None:
        course = self.courses[index]
        figures = drama(course, self.query_one(f"#chances-{index}", ChancesChart).complete())
        self.query_one(f"#figures-{index}", Static).update(Text(figures_text(figures, self.names)))

    @on(ChancesWorked)
    def chances_worked(self, event: ChancesWorked) -> None:
        if event.known == event.of and event.chart.id:
            self.tell_figures(int(event.chart.id.removeprefix("chances-")))

    def action_close(self) -> None:
        self.dismiss(None)
