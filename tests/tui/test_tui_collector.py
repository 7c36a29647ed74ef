"""The garbage collector's full rounds wait for the keys to be still; row counts of wrapped panel text."""

from __future__ import annotations

import asyncio
import gc
import random

from rich.console import Console
from rich.text import Text
from tui_support import make_app, settle

from versus.tui import collector
from versus.tui.widgets.text import rows


async def test_full_rounds_wait_until_the_keys_are_still(scene_path, monkeypatch):
    before = gc.get_threshold()
    rounds: list[float] = []
    monkeypatch.setattr(collector, "IDLE", 1.0)
    monkeypatch.setattr(collector, "full_round", lambda: rounds.append(1.0))
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert gc.get_threshold()[2] == collector.NEVER  # the collector starts none by itself
        await pilot.press("space")
        rounds.clear()  # the still time after start-up had its round
        for _ in range(4):
            await asyncio.sleep(0.05)
            await pilot.press("space")
        assert not rounds  # keys well within a second of each other: none while they come
        await asyncio.sleep(1.5)
        assert len(rounds) == 1, rounds  # one, once they stopped
    assert gc.get_threshold() == before  # given back when the app closes


def test_rows_counts_as_rich_wraps():
    console = Console()
    random.seed(1)
    words = ["Elizabeth", "a", "counter", "\u00b7", "confined, one month to go", "HOUSE OF CORRECTION", "12", ""]
    for _ in range(300):
        lines = [" ".join(random.choice(words) for _ in range(random.randint(0, 14)))
                 for _ in range(random.randint(1, 5))]
        text = Text("\n".join(lines) + random.choice(["", "\n"]), end="")
        for width in (5, 18, 57):
            assert rows(text, width, console) == len(text.wrap(console, width)), (lines, width)
