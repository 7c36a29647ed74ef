"""The scene schema checks what JSON Schema can: a spin within the teetotum's faces, a space the board has,
a player given twice over; `versus check` catches the rest (and all of these too)."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from versus.scenes.schema import scene_schema

jsonschema = pytest.importorskip("jsonschema")
ROOT = Path(__file__).parent.parent
SCENES = sorted([*(ROOT / "scenes").glob("*.yaml"), *(ROOT / "tests" / "elsewhere").glob("*.yaml")])


@pytest.fixture(scope="module")
def validator():
    schema = scene_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def scene(name: str) -> dict:
    return yaml.safe_load((ROOT / "scenes" / name).read_text(encoding="utf-8"))


def problems(validator, data: dict) -> list[str]:
    return [error.message for error in validator.iter_errors(data)]


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.name)
def test_every_example_passes(validator, path):
    assert problems(validator, yaml.safe_load(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("rules,spin,faces", [
    (None, 9, 6),  # the board's first preset: six faces
    ("ives", 7, 6),
    ({"preset": "ives"}, 7, 6),
    ({"preset": "ives", "teetotum": 8}, 9, 8),
    ({"teetotum": 3}, 4, 3),
])
def test_a_spin_beyond_the_teetotum_is_refused(validator, rules, spin, faces):
    data = scene("netherfield.yaml")
    data.pop("rules", None)
    if rules is not None:
        data["rules"] = rules
    data["spins"] = [1, faces]
    assert problems(validator, data) == []
    data["spins"] = [1, spin]
    assert problems(validator, data) == [f"{spin} is greater than the maximum of {faces}"]


def test_the_virtue_board_has_four_faces(validator):
    data = scene("rosings.yaml")
    data["spins"] = [4, 5]
    assert problems(validator, data) == ["5 is greater than the maximum of 4"]


@pytest.mark.parametrize("pattern,ok", [
    ("darcy lands on HUMILITY", True), ("darcy lands on humility", True), ("darcy reaches the Inn", True),
    ("darcy lands on 38", True), ("darcy wins", True), ("turn 6", True),
    ("darcy lands on HUMILTY", False), ("darcy reaches Virtue", False), ("darcy lands on 99", False),
])
def test_a_space_the_board_does_not_have_is_refused(validator, pattern, ok):
    data = scene("netherfield.yaml")
    data["beats"] = [pattern]
    data["asides"] = [{"when": pattern, "narrate": "So it was."}]
    assert (problems(validator, data) == []) is ok


def test_a_player_given_twice_is_refused(validator):
    data = scene("netherfield.yaml")
    data["players"].append(copy.deepcopy(data["players"][0]))
    assert any("non-unique" in p for p in problems(validator, data))


@pytest.mark.skipif(shutil.which("check-jsonschema") is None, reason="check-jsonschema is not installed")
def test_check_jsonschema_refuses_a_spin_of_nine(tmp_path):
    schema = tmp_path / "scene.schema.json"
    schema.write_text(json.dumps(scene_schema()), encoding="utf-8")
    data = scene("netherfield.yaml")
    data["spins"] = [3, 9]
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = subprocess.run(["check-jsonschema", "--schemafile", str(schema), str(bad)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 1 and "9 is greater than the maximum of 6" in result.stdout + result.stderr
