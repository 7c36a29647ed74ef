"""Elisions of the period ('Tis, 'twas, 'em) take an apostrophe, never an opening quote, as the period printed them."""

from __future__ import annotations

from pathlib import Path

import pytest

from versus.cli import main
from versus.narration.words import curly

ROOT = Path(__file__).parent.parent


@pytest.mark.parametrize("typed,printed", [
    ("'Tis a truth", "\u2019Tis a truth"),
    ("and 'twas so", "and \u2019twas so"),
    ("'Twere better", "\u2019Twere better"),
    ("'twould seem", "\u2019twould seem"),
    ("give 'em a counter", "give \u2019em a counter"),
    ("\u2018Tis done", "\u2019Tis done"),  # a word processor's wrong turn, put right
    ("'tisn't fair", "\u2019tisn\u2019t fair"),
    ("she said 'emphatic' twice", "she said \u2018emphatic\u2019 twice"),  # a quotation stays one
    ("'Tisane, madam'", "\u2018Tisane, madam\u2019"),
    ('"\'Tis nothing," said she', "\u201c\u2019Tis nothing,\u201d said she"),
])
def test_curly_elisions(typed, printed):
    assert curly(typed) == printed


def test_an_authors_tis_is_exported_with_an_apostrophe(tmp_path, monkeypatch):
    (tmp_path / "scenes").mkdir()
    text = (ROOT / "scenes" / "netherfield.yaml").read_text(encoding="utf-8")
    line = "narrate: A log settled in the grate, and Miss Bingley yawned behind her fan."
    assert line in text
    text = text.replace(line, "narrate: \"'Tis a wet night, said Mrs. Hurst; give 'em more coals.\"")
    (tmp_path / "scenes" / "netherfield.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["export", "scenes/netherfield.yaml"]) == 0
    exported = (tmp_path / "manuscript_exports" / "netherfield.brisk.md").read_text(encoding="utf-8")
    assert "\u2019Tis a wet night, said Mrs. Hurst; give \u2019em more coals." in exported
    assert "\u2018Tis" not in exported
