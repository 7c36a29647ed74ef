"""versus examples: the four bundled scenes and the schema copied into ./scenes/, never over the author's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from versus import paths
from versus.cli import main

ROOT = Path(__file__).parent.parent
NAMES = ["longbourn.yaml", "netherfield.yaml", "pemberley-canton.yaml", "rosings.yaml", "scene.schema.json"]


@pytest.mark.parametrize("installed", [False, True])
def test_examples_are_copied_and_said(tmp_path, monkeypatch, capsys, installed):
    if installed:
        monkeypatch.setattr(paths, "in_checkout", lambda: False)  # read from the package data, as after pip install
    monkeypatch.chdir(tmp_path)
    assert main(["examples"]) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "scenes").iterdir()) == NAMES
    for name in NAMES:
        assert f"copied scenes/{name}" in out
        assert (tmp_path / "scenes" / name).read_bytes() == (ROOT / "scenes" / name).read_bytes()
    assert "versus run scenes/rosings.yaml" in out
    assert main(["run", "scenes/rosings.yaml"]) == 0
    assert main(["export", "scenes/rosings.yaml"]) == 0
    assert (tmp_path / "manuscript_exports" / "rosings.brisk.md").is_file()


def test_the_authors_own_are_kept(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "rosings.yaml").write_text("# mine\n", encoding="utf-8")
    assert main(["examples"]) == 0
    assert "kept your own scenes/rosings.yaml (already there)" in capsys.readouterr().out
    assert (tmp_path / "scenes" / "rosings.yaml").read_text(encoding="utf-8") == "# mine\n"
    assert (tmp_path / "scenes" / "netherfield.yaml").is_file()
