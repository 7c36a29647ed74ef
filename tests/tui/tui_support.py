"""Helpers for the TUI tests: quick stand-ins for slow services, an app, a saved take."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from versus.takes.store import Take, TakeStore
from versus.tui.app import VersusApp
from versus.tui.services import Services, Written

PROSE = """# Chapter XI

The Mansion of Happiness was set out upon the table, and Elizabeth and Mr. Darcy sat down to it
as to a trial of strength.

“Humility, Mr. Darcy?” said Elizabeth.
"""


def stub_services(exported: list | None = None, odds=None) -> Services:
    """A fixed narrator (so that snapshots do not move when the phrasebook does) and no odds."""

    def export(play, take_name: str, pace: str = "brisk", words: int | None = None) -> Written:
        from versus.export.markdown import export_play

        result = export_play(play, take_name, pace=pace, words=words)
        if exported is not None:
            exported.append(result.path)
        return Written(result.path, result.written)

    return Services(narrate=lambda play, **options: PROSE, export=export, odds=odds)


def make_app(path: Path, take: str | None = None, **kwargs) -> VersusApp:
    kwargs.setdefault("services", stub_services())
    return VersusApp(path, take, **kwargs)


def save_take(path: Path, name: str, spins: list[int], note: str = "") -> Take:
    """A take played from these spins, saved beside the scene with a fixed date."""
    from versus.scenes.load import load_scene
    from versus.takes.outcome import as_take
    from versus.takes.replay import replay

    scene = load_scene(path)
    play = replay(scene, spins, scene.seed).play
    take = dataclasses.replace(as_take(play, name, note=note), played="2024-01-01T00:00:00+00:00")
    return TakeStore(path).save(take)


def of(kind, messages):
    """The app's messages of this kind, once each (a message that bubbles is seen at every step)."""
    return list({id(m): m for m in messages if isinstance(m, kind)}.values())


async def settle(pilot):
    """Let pending messages and workers finish before asserting."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def settled(pilot):
    """Once the prose and odds have been asked for (SETTLE seconds after the last key) and written: waits
    for the main screen's own timer to fire, not a guess at how long it takes."""
    await pilot.pause()
    main = next(s for s in pilot.app.screen_stack if type(s).__name__ == "MainScreen")
    await until(pilot, lambda: not main.settling())
    await settle(pilot)


async def until(pilot, check, seconds: float = 5.0) -> None:
    """Wait, a short pause at a time, until check() holds (an AssertionError after `seconds`)."""
    import time

    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "waited in vain"
        await pilot.pause(0.05)
