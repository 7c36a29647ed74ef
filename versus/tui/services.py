"""The slower work the app hands to other parts of Versus: narration, export, the odds and the solver.

Each is looked up lazily, so that a part still being built leaves its feature out instead of
stopping the app; tests hand in stand-ins.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from versus.tui.screens.export_format import ExportChoice
    from versus.tui.session import Session

    class ServicedApp(App[None]):
        """The app as the screens and panels see it. VersusApp is the one; it imports the screens, so they
        cannot import it back (tests/test_architecture.py: no circles). VersusApp is declared to mypy as a
        subclass of this, so the two cannot drift apart."""

        services: Services
        session: Session
        export_choice: ExportChoice
        author_keys: dict[str, str]

        def first_painted(self) -> None: ...
        def export_take(self, choice: ExportChoice) -> None: ...
        def solve_beats(self) -> None: ...
        def exporting(self) -> bool: ...
        def leave(self, message: str | None = None) -> None: ...


class Unsolved(Exception):
    """The solver found no spins; reasons says why, in the scene's words (and what might help)."""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = reasons


SOLVE_SECONDS = 60.0  # the solver's time in the app, as `versus solve` gives it by default


@dataclass
class Services:
    narrate: Callable[..., str]  # playthrough, pace=, words=, annotate= -> Markdown
    export: Callable[..., Written]  # playthrough, take name, pace=, words= -> where it went
    odds: Callable[[Any, Any], dict[int, float]] | None = None  # scene, state -> seat: chance
    # scene, cancelled, progress -> a versus.solve.Solution, or None once cancelled; Unsolved when there is
    # none. progress(edits being tried, games played out) is called from the solver's thread between batches.
    solve: Callable[[Any, Callable[[], bool], Callable[[int, int], None]], Any] | None = None
    keep: Callable[[Any], Any] | None = None  # solution -> the Take saved for it (on the UI thread)
    export_docx: Callable[..., Written] | None = None  # as export, but a .docx; None: Markdown only
    stop: Callable[[], None] | None = None  # stops slow work under way at once (on quitting), not waited for


@dataclass(frozen=True)
class Written:
    """An export as the app tells it: where it went, whether it was written, and what the author should know
    of it (a budget not met, a damaged memory of the manuscript kept aside)."""

    path: Path
    written: bool = True
    notes: tuple[str, ...] = ()


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def default_services() -> Services:
    def narrate(play, pace: str = "brisk", words: int | None = None, annotate: bool = False) -> str:
        from versus.tui.prose_process import narrate as in_process

        return in_process(play, pace, words, annotate)

    def export(play, take_name: str, pace: str = "brisk", words: int | None = None):
        from versus.export.markdown import export_play

        notes: list[str] = []
        result = export_play(play, take_name, pace=pace, manuscript=manuscript(), words=words,
                             notes=notes)  # manuscript_exports/
        return Written(result.path, result.written, tuple(dict.fromkeys(notes)))

    def export_docx(play, take_name: str, pace: str = "brisk", words: int | None = None):
        from versus.export.word import export_docx as write

        notes: list[str] = []
        result = write(play, take_name, pace=pace, manuscript=manuscript(), words=words, notes=notes)
        return Written(result.path, result.written, tuple(dict.fromkeys(notes)))

    def manuscript():
        from versus.export.config import find_manuscript  # a bad manuscript.yaml fails the export, located

        return find_manuscript()

    def odds(scene, state) -> dict[int, float]:
        from versus.tui.prose_process import odds as in_process  # numpy: in a process of its own

        return in_process(scene, state)

    def solve(scene, cancelled: Callable[[], bool], progress: Callable[[int, int], None]):
        from versus.solve import Cancelled, Unsolvable
        from versus.solve import solve as find

        try:
            return find(scene, time_limit=SOLVE_SECONDS, cancelled=cancelled, progress=progress)
        except Cancelled:
            return None
        except Unsolvable as error:
            raise Unsolved(error.lines) from None

    def keep(solution):
        from versus.solve import save

        return save(solution)[0]

    def stop() -> None:
        from versus.tui.prose_process import shutdown

        shutdown()  # the narrator's process: a narration of 100,000 turns under way is not waited for

    solver = _exists("versus.solve")  # found, not imported: it brings numpy, which the first paint need not wait for
    return Services(narrate=narrate, export=export, odds=odds if _exists("versus.odds") else None,
                    solve=solve if solver else None, keep=keep if solver else None,
                    export_docx=export_docx if _exists("docx") else None, stop=stop)


