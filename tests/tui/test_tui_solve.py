"""Finding spins for the beats in the app: the solver's dialog shows what it has proved so far, Escape stops
the search (the solver hears it), and a search that runs out of time says what it proved."""

from __future__ import annotations

import asyncio
import threading
import time

from textual.widgets import Static
from tui_support import make_app, of, stub_services

from versus.tui import messages as msg
from versus.tui.screens.solve import SolveScreen
from versus.tui.services import Unsolved


class Slow:
    """A stand-in solver: tells some progress, then works until it is cancelled (or ten seconds pass)."""

    def __init__(self, told: list[tuple[int, int]]) -> None:
        self.told = told
        self.asked = threading.Event()  # the progress has been told
        self.heard_cancel = threading.Event()

    def __call__(self, scene, cancelled, progress):
        for edits, games in self.told:
            progress(edits, games)
        self.asked.set()
        end = time.monotonic() + 10
        while time.monotonic() < end:
            if cancelled():
                self.heard_cancel.set()
                return None  # as the app's solver service answers once cancelled
            time.sleep(0.005)
        raise AssertionError("the search was never cancelled")


def dialog_text(app) -> str:
    screen = app.screen
    assert isinstance(screen, SolveScreen), screen
    return "\n".join(str(w.render()) for w in screen.query(Static))


async def until(pilot, check, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "waited in vain"
        await asyncio.sleep(0.02)
        await pilot.pause()


async def test_the_dialog_shows_what_the_solver_has_proved_and_escape_stops_it(scene_path):
    solver = Slow([(1, 40), (2, 900), (3, 12_345)])  # each new level is told at once, however soon
    services = stub_services()
    services.solve = solver
    messages: list = []
    app = make_app(scene_path, services=services)
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        await pilot.press("ctrl+p", *"find spins", "enter")
        await until(pilot, lambda: isinstance(app.screen, SolveScreen) and "12,345" in dialog_text(app))
        text = dialog_text(app)
        assert "No answer with 2 edits or fewer" in text and "Trying 3" in text, text
        assert "12,345 games played out" in text and "of at most 60 s" in text, text
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, SolveScreen))
        assert await asyncio.to_thread(solver.heard_cancel.wait, 5), "the solver was not told to stop"
        stopped = of(msg.Solved, messages)
        assert stopped and stopped[0].stopped and stopped[0].take is None
        assert "no answer with 2 edits or fewer" in stopped[0].reasons[0], stopped[0].reasons
        assert not app.session.take_name and app.session.play.spins() == []  # nothing saved or switched to


async def test_a_search_out_of_time_says_what_it_proved_until_closed(scene_path):
    said = ["No solution found in the 60 s allowed: no answer with 2 edits or fewer (every such change of the "
            "spins was tried); 3 not finished. Try more time for the search, or fewer or likelier beats."]

    def out_of_time(scene, cancelled, progress):
        progress(3, 5_000)
        raise Unsolved(said)

    services = stub_services()
    services.solve = out_of_time
    app = make_app(scene_path, services=services)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p", *"find spins", "enter")
        await until(pilot, lambda: isinstance(app.screen, SolveScreen) and app.screen.reasons is not None)
        text = dialog_text(app)
        assert said[0] in text and "Enter or Escape closes" in text, text
        assert str(app.screen.query_one("#solve-title").render()) == "No spins found"
        await pilot.press("space")  # the main screen's keys wait: the dialog holds them
        assert isinstance(app.screen, SolveScreen)
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, SolveScreen))
        assert app.session.play.spins() == []
