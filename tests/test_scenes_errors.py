"""Broken scenes get every problem located at the right line and column; no input crashes the loader."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from versus.cli import main
from versus.scenes.load import scene_from_bytes
from versus.scenes.problems import SceneError

BROKEN = sorted((Path(__file__).parent / "broken_scenes").glob("*.yaml"))
GOOD = (Path(__file__).parent.parent / "scenes" / "netherfield.yaml").read_bytes()


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_scene_gets_located_errors(path, capsys, monkeypatch):
    monkeypatch.chdir(path.parent.parent.parent)
    relative = path.relative_to(Path.cwd())
    assert main(["check", str(relative)]) == 2
    captured = capsys.readouterr()
    expected = path.with_suffix(".errors").read_text(encoding="utf-8")
    assert captured.err == expected and captured.out == ""
    assert "Traceback" not in captured.err


def test_every_problem_is_reported_at_once():
    text = (Path(__file__).parent / "broken_scenes" / "misspelt-in-board.yaml").read_bytes()
    with pytest.raises(SceneError) as caught:
        scene_from_bytes(text, "x.yaml")
    assert len(caught.value.problems) >= 12
    assert all(line.startswith("x.yaml:") for line in caught.value.lines())


def test_suggestions_for_near_misses():
    lines = (Path(__file__).parent / "broken_scenes" / "misspelt-names.errors").read_text()
    for hint in ("did you mean 'mansion-of-happiness'", "did you mean 'she'", "did you mean 'lively'"):
        assert hint in lines


def _never_crashes(data: bytes) -> None:
    try:
        scene_from_bytes(data, "fuzz.yaml")
    except SceneError as error:
        assert error.problems and all(p.line >= 1 and p.column >= 1 for p in error.problems)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_never_escape_as_a_traceback(data):
    _never_crashes(data)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_scenes_never_escape_as_a_traceback(data):
    text = bytearray(GOOD)
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(text) - 1))
        choice = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        junk = data.draw(st.sampled_from([b"\t", b":", b"- ", b"[", b"{", b"~", b"\n  ", b"'", b"&a", b"*a",
                                          b"!!python/object:os.system", b"99999999999999999999", b"\x00", b"\xff"]))
        if choice == "delete":
            del text[at:at + data.draw(st.integers(1, 40))]
        elif choice == "insert":
            text[at:at] = junk
        else:
            text[at:at + len(junk)] = junk
    _never_crashes(bytes(text))


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20))
def test_any_yaml_value_is_answered_with_problems_not_a_crash(value):
    import yaml

    top = {"title": "T", "game": "virtue-rewarded", "players": value, "spins": value, "asides": value,
           "beats": value, "rules": value, "end": value}
    _never_crashes(yaml.safe_dump(top).encode())


def test_unsafe_tags_are_refused_not_run(tmp_path):
    evil = b"title: !!python/object/apply:os.system ['touch pwned']\ngame: virtue-rewarded\nplayers: []\n"
    with pytest.raises(SceneError):
        scene_from_bytes(evil, "evil.yaml")
    assert not Path("pwned").exists()
