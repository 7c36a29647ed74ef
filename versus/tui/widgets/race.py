"""The race as charts (textual-plotext): each player's space by turn, and each player's chance by turn.

The positions chart draws at once from the course (plain values, a few milliseconds even at turn
300). The chances chart owns the worker that works the chances out, a batch of turns at a time, off
the UI thread, and keeps them by game state in a cache the app shares: a take's turns already worked
out (or another take's, where the two agree) are never worked out again, and a turn's chance is the
same however it was batched (versus.race.chances).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from textual import work
from textual.message import Message
from textual.worker import get_current_worker
from textual_plotext import PlotextPlot

from versus.race.chances import Chances, batch
from versus.race.course import Course
from versus.rules.state import State
from versus.scenes.model import Scene
from versus.tui.themes import palette

MARK_SIGNS = {"confined": "\u25a0", "overshoot": "\u25b2", "crime": "\u00d7", "virtue": "+"}  # ■ ▲ × +
LEAD_SIGN = "\u2605"  # ★
BATCH = 10  # turns worked out at a time: the chart fills in often, and a closed screen stops its worker soon
COARSE = 10
CACHE_STATES = 20_000  # turns' chances kept (a few hundred bytes each)
_CACHE: OrderedDict[tuple[str, State], tuple[float, ...]] = OrderedDict()  # (scene digest, state): the chances


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def _steps(top: int, count: int) -> list[float]:
    """About `count` whole-number ticks from 0 to top, at a round step."""
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10**9) if top / s <= count)
    return [float(n) for n in range(0, top + 1, step)]


def _turn_axis(plt, turns: int) -> None:
    plt.xlim(0, max(1, turns))
    plt.xticks(_steps(max(1, turns), 8))


class RaceChart(PlotextPlot):
    """Each player's space by turn, the marks of what befell them, the lead changes, the turn now."""

    def show(self, course: Course, turn: int) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        tokens = palette(self.app.current_theme.dark).tokens
        turns = list(range(len(course.pos)))
        for seat, name in enumerate(course.names):
            plt.plot(turns, [p[seat] for p in course.pos], label=name, color=_rgb(tokens[seat % len(tokens)]),
                     marker="braille")
        for kind, sign in MARK_SIGNS.items():
            marks = [m for m in course.marks if m.kind == kind]
            if marks:
                plt.scatter([m.turn for m in marks], [course.pos[min(m.turn, course.turns)][m.player] for m in marks],
                            marker=sign, label=kind)
        if course.changes:
            plt.scatter([c.turn for c in course.changes], [c.space for c in course.changes], marker=LEAD_SIGN,
                        label="lead changes", color=_rgb("#C8912F"))
        plt.vline(turn)
        plt.ylim(0, course.goal)
        _turn_axis(plt, course.turns)
        plt.yticks(_steps(course.goal, 5))
        plt.title(f"Spaces by turn (now turn {turn})")
        self.refresh()


@dataclass
class ChancesWorked(Message):
    """More turns' chances are known (for whoever shows the figures that need them)."""

    chart: ChancesChart
    known: int
    of: int

    @property
    def control(self) -> ChancesChart:
        return self.chart


class ChancesChart(PlotextPlot):
    """Each player's chance of winning after every turn, filled in as the worker works them out."""

    def __init__(self, scene: Scene, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.scene = scene
        self.course: Course | None = None
        self.turn = 0

    def show(self, course: Course, turn: int) -> None:
        """Draw what is known of the chances now, and set the worker on the rest."""
        self.course, self.turn = course, turn
        self.draw()
        if len(self.known()) < len(course.states):  # once the charts are up: the screen never waits for it
            self.call_after_refresh(self.work_out, course.states)

    def known(self) -> dict[int, tuple[float, ...]]:
        """The chances known so far, by turn."""
        states = self.course.states if self.course else ()
        rows = ((turn, _CACHE.get(self.key(state))) for turn, state in enumerate(states))
        return {turn: row for turn, row in rows if row is not None}

    def complete(self) -> Chances | None:
        """Every turn's chances, once all are known."""
        known = self.known()
        if self.course is None or len(known) < len(self.course.states):
            return None
        return tuple(known[turn] for turn in range(len(known)))

    def key(self, state: State) -> tuple[str, State]:
        return self.scene.digest, state

    def draw(self) -> None:
        if self.course is None:
            return
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        known = self.known()
        tokens = palette(self.app.current_theme.dark).tokens
        if known:
            turns = sorted(known)
            for seat, name in enumerate(self.course.names):
                plt.plot(turns, [100 * known[t][seat] for t in turns], label=name,
                         color=_rgb(tokens[seat % len(tokens)]), marker="braille")
        plt.hline(25)
        plt.vline(self.turn)
        plt.ylim(0, 100)
        plt.yticks([0.0, 25.0, 50.0, 75.0, 100.0])
        _turn_axis(plt, self.course.turns)
        left = len(self.course.states) - len(known)
        plt.title("Chances, % by turn" + (f" ({left} turns to go\u2026)" if left else ""))
        self.refresh()

    @work(thread=True, exclusive=True, group="race-chances", exit_on_error=False)
    def work_out(self, states: tuple[State, ...]) -> None:
        worker = get_current_worker()
        missing = [t for t, s in enumerate(states) if self.key(s) not in _CACHE]
        missing.sort(key=lambda t: (t % COARSE != 0, t))  # every tenth turn first: the whole shape, early
        for first in range(0, len(missing), BATCH):
            if worker.is_cancelled:
                return
            turns = missing[first:first + BATCH]
            rows = batch(self.scene, states, turns)
            self.app.call_from_thread(self.learnt, [states[t] for t in turns], rows)

    def learnt(self, states: list[State], rows: Chances) -> None:
        for state, row in zip(states, rows, strict=True):
            _CACHE[self.key(state)] = row
        while len(_CACHE) > CACHE_STATES:
            _CACHE.popitem(last=False)
        self.draw()
        if self.course is not None:
            self.post_message(ChancesWorked(self, len(self.known()), len(self.course.states)))
