"""An export's file name says what it is (the pace, or the word budget), and no export clobbers another."""

from __future__ import annotations

from versus.cli import main


def test_each_pace_and_budget_has_a_name_of_its_own(project, capsys):
    exports = project / "manuscript_exports"
    for options in (["--pace", "summary"], ["--words", "500"], [], ["--pace", "full"],
                    ["--pace", "summary", "--format", "docx"]):
        assert main(["export", "scenes/rosings.yaml", *options]) == 0
    assert sorted(p.name for p in exports.iterdir() if not p.name.startswith(".")) == [
        "rosings.500w.md", "rosings.brisk.md", "rosings.full.md", "rosings.summary.docx", "rosings.summary.md"]
    summary = (exports / "rosings.summary.md").read_bytes()
    assert main(["export", "scenes/rosings.yaml", "--pace", "summary", "--ledger"]) == 0  # other bytes, same name
    assert (exports / "rosings.summary-2.md").is_file() and (exports / "rosings.summary.md").read_bytes() == summary
    assert "rosings.summary-2.md" in capsys.readouterr().out


def test_a_named_take_keeps_its_name_before_the_pace(project):
    assert main(["run", "scenes/rosings.yaml"]) == 0
    assert main(["export", "scenes/rosings.yaml", "--take", "take-1", "--pace", "summary"]) == 0
    assert (project / "manuscript_exports" / "rosings-take-1.summary.md").is_file()
