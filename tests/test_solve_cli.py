"""`versus solve` on the command line: output, --json shape, the saved take, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

from versus.cli import main
from versus.scenes.load import load_scene
from versus.scenes.spins import spin_at
from versus.takes.playthrough import Playthrough
from versus.takes.store import TakeStore

SCENES = Path(__file__).resolve().parent.parent / "scenes"


def copy_scene(tmp_path: Path, name: str, beats: list[str] | None = None) -> Path:
    text = (SCENES / f"{name}.yaml").read_text(encoding="utf-8")
    if beats is not None:
        head, _, rest = text.partition("\nbeats:\n")
        tail = rest[rest.index("\nend:"):] if "\nend:" in rest else ""
        text = head + "\nbeats:\n" + "".join(f"  - {b}\n" for b in beats) + tail.lstrip("\n")
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_json_is_exactly_take_spins_edits(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield")
    assert main(["solve", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert list(data) == ["take", "spins", "edits"] and out.count("\n") == 1
    assert isinstance(data["take"], str) and all(isinstance(s, int) for s in data["spins"])
    assert all(len(e) == 3 and all(isinstance(x, int) for x in e) for e in data["edits"])
    # Positions are 1-based; old is the spin the scene would have used, new is the take's.
    scene = load_scene(path)
    for k, old, new in data["edits"]:
        assert old == spin_at(scene.spins, scene.seed, k, 6)[0] and data["spins"][k - 1] == new != old
    take = TakeStore(path).get(data["take"])
    assert list(take.spins) == data["spins"] and take.note == f"solved: {len(data['edits'])} edit{'' if len(data['edits']) == 1 else 's'}"
    play = Playthrough(scene, take_spins=list(take.spins), seed=take.seed)
    for _ in play.play_out():
        pass
    assert all(held for _, held in play.beats())


def test_plain_output_names_the_edits_and_the_take(tmp_path, capsys):
    path = copy_scene(tmp_path, "pemberley-canton")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every beat holds with 1 spin changed" in out
    assert "  spin 28: 3 -> 2" in out
    assert "Saved as solved-1 in" in out and out.count("beat held") == 2
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["take"] == "solved-2"


def test_contradicting_beats_exit_1_before_searching(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield", ["elizabeth wins", "darcy wins"])
    assert main(["solve", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "contradict" in captured.err and "only one player wins" in captured.err
    assert not (tmp_path / "netherfield.takes.yaml").exists()


def test_no_solution_within_limits_exits_1(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield", ["darcy wins", "game lasts at most 20 turns"])
    assert main(["solve", str(path), "--max-edits", "2"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("No solution: no change of up to 2")
    assert "Traceback" not in captured.err


def test_beats_that_need_more_turns_than_the_game_gives_are_refused_at_once(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield", ["darcy wins", "game lasts at most 10 turns"])
    assert main(["solve", str(path)]) == 1
    assert capsys.readouterr().err.splitlines()[1:] == [
        "  'darcy wins' cannot hold within 10 turns: it takes at least 7 of darcy's turns, however the teetotum "
        "falls, and darcy has 5"]


def test_max_edits_zero_when_the_scene_fails_a_beat(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield")
    assert main(["solve", str(path), "--max-edits", "0", "--json"]) == 1
    err = capsys.readouterr().err
    assert "no spin may be changed" in err and "Try a larger --max-edits." in err


def test_free_script_and_max_turns_and_seed(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield", ["darcy lands on 5"])
    # Mr. Darcy's first spin is the scripted 5: the beat already holds.
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["edits"] == []
    path = copy_scene(tmp_path, "netherfield", ["elizabeth lands on 5", "game lasts at most 2 turns"])
    assert main(["solve", str(path), "--max-turns", "2"]) == 1  # her first spin is a scripted 3
    capsys.readouterr()
    assert main(["solve", str(path), "--max-turns", "2", "--free-script", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edits"] == [[1, 3, 5]] and data["spins"] == [5, 5]
    take = TakeStore(path).get(data["take"])
    assert take.note == "solved: 1 edit (max turns 2)"
    assert main(["solve", str(path), "--max-turns", "2", "--free-script", "--seed", "7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["spins"][0] == 5


def test_bad_scene_and_bad_arguments_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\n", encoding="utf-8")
    assert main(["solve", str(bad)]) == 2
    assert "bad.yaml:" in capsys.readouterr().err
    assert main(["solve", str(copy_scene(tmp_path, "netherfield")), "--max-edits", "-1"]) == 2
    assert main(["solve", str(copy_scene(tmp_path, "netherfield")), "--max-turns", "0"]) == 2


def test_a_scene_without_beats_has_nothing_to_solve(tmp_path, capsys):
    path = copy_scene(tmp_path, "netherfield", [])
    text = path.read_text(encoding="utf-8").replace("beats:\n", "")
    path.write_text(text, encoding="utf-8")
    assert main(["solve", str(path)]) == 1
    assert "no beats" in capsys.readouterr().err


def test_running_out_of_time_is_said_plainly(tmp_path, capsys):
    path = copy_scene(tmp_path, "longbourn", ["kitty wins", "game lasts at most 60 turns"])
    assert main(["solve", str(path), "--time-limit", "0"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("No solution found in the 0 s allowed") and "--time-limit" in err


def test_running_out_of_time_says_how_far_the_proof_went(tmp_path, capsys, monkeypatch):
    from versus.solve.search import OutOfTime, Search

    def stopped_in_three(self):
        raise OutOfTime(3)  # as a search does that has tried every change of two spins, and some of three

    monkeypatch.setattr(Search, "run", stopped_in_three)
    path = copy_scene(tmp_path, "longbourn", ["kitty wins", "game lasts at most 60 turns"])
    assert main(["solve", str(path), "--time-limit", "5"]) == 1
    err = capsys.readouterr().err
    assert "no answer with 2 edits or fewer (every such change of the spins was tried); 3 not finished" in err
    assert "a larger --time-limit" in err
