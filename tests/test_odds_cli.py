"""`versus odds` on the command line, and live_odds for the TUI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from versus.cli import main
from versus.odds import live_odds
from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough

SCENES = Path(__file__).resolve().parent.parent / "scenes"


def copy_scene(tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_bytes((SCENES / f"{name}.yaml").read_bytes())
    return path


def odds_json(argv, capsys) -> dict:
    assert main(["odds", *argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return json.loads(out)


def test_json_shape(capsys):
    data = odds_json([str(SCENES / "netherfield.yaml"), "--games", "3000"], capsys)
    assert list(data) == ["games", "win", "turns_left", "beats"]
    assert data["games"] == 3000
    assert list(data["win"]) == ["elizabeth", "darcy"]
    assert list(data["beats"]) == ["elizabeth wins", "darcy lands on HUMILITY"]
    assert all(0 <= p <= 1 for p in [*data["win"].values(), *data["beats"].values()])
    assert sum(data["win"].values()) <= 1  # games unfinished at end.max_turns are won by nobody
    assert data["beats"]["elizabeth wins"] == data["win"]["elizabeth"]
    assert 0 < data["turns_left"] <= 120


def test_same_seed_same_figures_other_seed_other_figures(capsys):
    args = [str(SCENES / "rosings.yaml"), "--games", "2000"]
    first = odds_json(args, capsys)
    assert odds_json(args, capsys) == first
    assert odds_json([*args, "--seed", "1813"], capsys) == first  # the scene's own seed is the default
    assert odds_json([*args, "--seed", "4"], capsys) != first


def test_from_a_turn_of_a_take(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield")
    assert main(["run", str(path)]) == 0
    capsys.readouterr()
    data = odds_json([str(path), "--take", "take-1", "--at-turn", "30", "--games", "2000"], capsys)
    assert data["turns_left"] <= 120 - 29
    # From the scene's own game (no take): the same game, so the same figures.
    assert odds_json([str(path), "--at-turn", "30", "--games", "2000"], capsys) == data
    # A beat already held before turn 30 holds in every game.
    play = Playthrough(load_scene(path))
    while play.game.state.turn < 29 or play.game.state.pending:
        play.step()
    for beat, held in play.beats():
        if held:
            assert data["beats"][beat] == 1.0


def test_late_in_a_won_game_the_winner_is_near_certain(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield")
    assert main(["run", str(path)]) == 0
    capsys.readouterr()
    play = Playthrough(load_scene(path))
    for _ in play.play_out():
        pass
    winner, last = play.game.state.winner, play.game.state.turn
    data = odds_json([str(path), "--take", "take-1", "--at-turn", str(last), "--games", "2000"], capsys)
    if winner is not None:
        assert data["win"][load_scene(path).players[winner].id] > 0.1


def test_plain_output(capsys):
    assert main(["odds", str(SCENES / "pemberley-canton.yaml"), "--games", "1000"]) == 0
    out = capsys.readouterr().out
    assert "1,000 games simulated from the start (seed 1812)" in out
    assert "Georgiana" in out and "Turns still to play:" in out and "georgiana displaces elizabeth" in out


@pytest.mark.parametrize("argv,needle", [
    (["--take", "take-1"], "--take needs --at-turn"),
    (["--games", "0"], "must be 1 or more"),
    (["--at-turn", "0"], "must be 1 or more"),
    (["--take", "nope", "--at-turn", "3"], "no take 'nope'"),
    (["--at-turn", "5000"], "has no turn 5000"),
])
def test_bad_requests_exit_2(tmp_path, capsys, argv, needle):
    path = copy_scene(tmp_path, "netherfield")
    assert main(["odds", str(path), *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and needle in captured.err


def test_no_progress_display_when_stderr_is_not_a_terminal():
    done = subprocess.run([sys.executable, "-m", "versus", "odds", str(SCENES / "netherfield.yaml"),
                           "--games", "30000", "--json"], capture_output=True, text=True, check=True)
    assert done.stderr == "" and json.loads(done.stdout)["games"] == 30000


def test_commands_do_not_import_textual():
    code = ("import sys; from versus.cli import main; "
            f"main(['odds', {str(SCENES / 'netherfield.yaml')!r}, '--games', '100', '--json']); "
            "import versus.commands.solve; assert 'textual' not in sys.modules, 'textual imported'")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_live_odds_is_a_mapping_of_seats(tmp_path):
    scene = load_scene(SCENES / "longbourn.yaml")
    play = Playthrough(scene)
    for _ in range(40):
        play.step()
    odds = live_odds(scene, play.game.state, games=500, seed=3)
    assert sorted(odds) == [0, 1, 2, 3, 4] and all(isinstance(v, float) for v in odds.values())
    assert 0.5 < sum(odds.values()) <= 1
    assert live_odds(scene, play.game.state, games=500, seed=3) == odds
    for _ in play.play_out():
        pass
    state = play.game.state
    if state.winner is not None:
        assert live_odds(scene, state) == {seat: float(seat == state.winner) for seat in range(5)}
