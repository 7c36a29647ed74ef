"""Where exports go: manuscript_exports/ in the working folder (beside manuscript.yaml), or manuscript.yaml's
exports:, wherever the scene itself lies."""

from __future__ import annotations

import shutil
from pathlib import Path

from versus.cli import main

ROOT = Path(__file__).parent.parent


def loose_scene(tmp_path: Path) -> Path:
    folder = tmp_path / "loose" / "novel"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "scenes" / "rosings.yaml", folder / "x.yaml")
    return folder / "x.yaml"


def test_in_the_working_folder_not_beside_the_scene(tmp_path, monkeypatch):
    scene = loose_scene(tmp_path)
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    assert main(["export", str(scene)]) == 0
    assert (tmp_path / "work" / "manuscript_exports" / "x.brisk.md").is_file()
    assert not (tmp_path / "loose" / "manuscript_exports").exists()


def test_exports_key_relative_to_manuscript_yaml(tmp_path, monkeypatch, capsys):
    scene = loose_scene(tmp_path)
    (tmp_path / "manuscript.yaml").write_text("title: T\nauthor: Jane Smith\nexports: drafts/chapters\n",
                                              encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(scene), "--format", "docx"]) == 0
    assert (tmp_path / "drafts" / "chapters" / "x.brisk.docx").is_file()
    assert str(tmp_path / "drafts" / "chapters" / "x.brisk.docx") in capsys.readouterr().out
