"""`versus check` reads what a scene names with export's own checks: a phrasebook export would refuse
fails the check, located, with exit status 2; so does the manuscript.yaml every export would use."""

from __future__ import annotations

import shutil
from pathlib import Path

from versus.cli import main

ROOT = Path(__file__).resolve().parents[1]


def scene_with_phrasebook(tmp_path: Path, text: str) -> Path:
    scene = tmp_path / "netherfield.yaml"
    shutil.copy(ROOT / "scenes" / "netherfield.yaml", scene)
    with scene.open("a") as handle:
        handle.write("phrasebook: mine.yaml\n")
    (tmp_path / "mine.yaml").write_text(text)
    return scene


def test_an_unknown_condition_in_the_phrasebook_fails_the_check(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scene_with_phrasebook(tmp_path, 'spaces:\n  HUMILITY:\n    - {text: "{who} was humbled.", when: {bogus: 1}}\n')
    assert main(["check", "netherfield.yaml"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("mine.yaml:3:42: unknown condition 'bogus' (known: paid, ")
    assert len(out.err.splitlines()) == 1


def test_a_beat_the_narrator_never_asks_for_fails_the_check_with_the_near_one(tmp_path, capsys, monkeypatch):
    """A rule with `beat: strech` would never be told, and its author would never learn why."""
    monkeypatch.chdir(tmp_path)
    scene_with_phrasebook(tmp_path, 'narration:\n  - text: "{Actor} came on."\n    beat: strech\n')
    assert main(["check", "netherfield.yaml"]) == 2
    assert capsys.readouterr().err == "mine.yaml:3:11: unknown beat 'strech' (did you mean stretch?)\n"


def test_a_phrasebook_too_large_to_read_fails_the_check_located(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scene_with_phrasebook(tmp_path, "spaces: {}\n" + "#" * 20_000_000 + "\n")
    assert main(["check", "netherfield.yaml"]) == 2
    assert capsys.readouterr().err == ("mine.yaml:1:1: cannot read the phrasebook (too large for a phrasebook "
                                       "(20,000,012 bytes; at most 2,000,000))\n")


def test_a_good_phrasebook_passes(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scene_with_phrasebook(tmp_path, 'spaces:\n  HUMILITY:\n    - {text: "{who} paid.", when: {paid: ">0"}}\n')
    assert main(["check", "netherfield.yaml"]) == 0
    assert capsys.readouterr().out.startswith("ok netherfield.yaml: ")


def test_a_broken_manuscript_yaml_fails_the_check_once(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("netherfield", "rosings"):
        shutil.copy(ROOT / "scenes" / f"{name}.yaml", tmp_path / f"{name}.yaml")
    (tmp_path / "manuscript.yaml").write_text("title: [\n")
    assert main(["check", "netherfield.yaml", "rosings.yaml"]) == 2
    out = capsys.readouterr()
    assert out.out.count("ok ") == 2 and out.err == "manuscript.yaml:2:1: YAML: expected the node content, but found '<stream end>'\n"


def test_a_name_of_spaces_is_called_blank(tmp_path, capsys):
    scene = tmp_path / "netherfield.yaml"
    text = (ROOT / "scenes" / "netherfield.yaml").read_text()
    scene.write_text(text.replace("title: A Game at Netherfield", 'title: "   "', 1))
    assert main(["check", str(scene)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{scene}:") and "title should be text, not blank" in err and "not text" not in err


def test_run_refuses_a_scene_whose_phrasebook_export_would_refuse(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scene_with_phrasebook(tmp_path, 'spaces:\n  HUMILITY:\n    - {text: "{who} was humbled.", when: {bogus: 1}}\n')
    assert main(["run", "netherfield.yaml"]) == 2
    assert capsys.readouterr().err.startswith("mine.yaml:3:42: unknown condition 'bogus'")
    assert not (tmp_path / "netherfield.takes").exists()  # nothing played, nothing saved
