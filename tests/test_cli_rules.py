"""The command line of the rules: boards, rules, trace; one-line errors with exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from versus.cli import main


@pytest.mark.parametrize("argv,needle", [
    (["trace", "chess", "--players", "2"], "unknown board 'chess'"),
    (["trace", "mansion-of-happiness", "--players", "1"], "at least 2 players"),
    (["trace", "virtue-rewarded", "--players", "13"], "at most 12 players"),
    (["trace", "mansion-of-happiness", "--players", "2", "--spins", "3,7"], "spin 7 is outside 1..6"),
    (["trace", "mansion-of-happiness", "--players", "2", "--spins", "3,x"], "whole numbers"),
    (["trace", "mansion-of-happiness", "--players", "2", "--preset", "darton"], "unknown preset 'darton'"),
    (["trace", "mansion-of-happiness", "--players", "2", "--set", "colisions=off"], "unknown switch 'colisions'"),
    (["trace", "mansion-of-happiness", "--players", "2", "--set", "teetotum=13"], "from 2 to 12"),
    (["trace", "mansion-of-happiness", "--players", "2", "--set", "teetotum"], "KEY=VALUE"),
    (["trace", "mansion-of-happiness", "--players", "two"], "must be a whole number, not 'two'"),
    (["trace", "mansion-of-happiness", "--players", "1000000000000"], "must be at most 1,000"),
    (["trace", "mansion-of-happiness"], "required: --players"),
    (["rules", "virtue-rewarded", "--preset", "ives"], "unknown preset 'ives'"),
    (["nonsense"], "invalid choice"),
])
def test_bad_arguments_give_one_line_and_status_2(argv, needle, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert needle in captured.err and captured.err.count("\n") == 1


def test_a_larger_teetotum_accepts_larger_spins(capsys):
    assert main(["trace", "mansion-of-happiness", "--players", "2", "--set", "teetotum=8", "--spins", "8"]) == 0
    assert '"pos": [8, 0]' in capsys.readouterr().out


def test_trace_stops_when_spins_run_out_but_prints_skipped_turns(capsys):
    # both spin into the House of Correction (wait three): two spins, six skipped turns, then a spin is needed
    assert main(["trace", "virtue-rewarded", "--players", "2", "--spins", "1,1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8 and all('"spin": null' in line for line in lines[2:])


def test_trace_does_not_import_textual():
    code = ("import sys; from versus.cli import main; main(['trace', 'mansion-of-happiness', '--players', '2',"
            " '--spins', '3']); sys.exit('textual' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_boards_lists_presets_and_switches(capsys):
    assert main(["boards"]) == 0
    out = capsys.readouterr().out
    for word in ("mansion-of-happiness", "virtue-rewarded", "preset ives", "preset zh", "preset darton",
                 "switch relief", "switch counting"):
        assert word in out


def test_rules_quote_the_printed_rule_under_each_preset(capsys):
    assert main(["rules", "mansion-of-happiness", "--preset", "zh"]) == 0
    out = capsys.readouterr().out
    assert "54  GENEROSITY [virtue]: advance six, to 61 (INGRATITUDE)" in out  # places not counted
    assert "Erratum" in out and "rule 10:" in out and "Everyone starts on 1 (JUSTICE)." in out
    assert main(["rules", "mansion-of-happiness"]) == 0
    assert "54  GENEROSITY [virtue]: advance six, to 60 (SEAT OF EXPECTATION)" in capsys.readouterr().out
