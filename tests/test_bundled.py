"""A bundled example is read-only: from a plain install it is copied to where the author works."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from versus import paths
from versus.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def installed(tmp_path, monkeypatch) -> Path:
    """A stand-in for <site-packages>/versus/bundled of a plain install, and a working folder to run in."""
    bundled = tmp_path / "site-packages" / "versus" / "bundled"
    shutil.copytree(ROOT / "scenes", bundled / "scenes", ignore=shutil.ignore_patterns("*.takes*"))
    for path in bundled.rglob("*"):
        path.chmod(0o555 if path.is_dir() else 0o444)
    monkeypatch.setattr(paths, "in_checkout", lambda: False)
    monkeypatch.setattr(paths, "_bundled_root", lambda: bundled)
    work = tmp_path / "novel"
    work.mkdir()
    monkeypatch.chdir(work)
    yield bundled
    for path in bundled.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)


def test_the_package_data_is_found_with_importlib_resources():
    from importlib import resources

    root = Path(str(resources.files("versus.bundled")))
    assert (root / "board" / "mansion-of-happiness.yaml").is_file() and (root / "scenes" / "netherfield.yaml").is_file()


def test_running_a_bundled_scene_copies_it_and_keeps_the_work_beside_the_copy(installed, capsys):
    before = sorted(p.relative_to(installed) for p in installed.rglob("*"))
    assert main(["run", str(installed / "scenes" / "rosings.yaml")]) == 0
    captured = capsys.readouterr()
    copy = Path.cwd() / "scenes" / "rosings.yaml"
    assert f"copied the bundled rosings.yaml to {copy}" in captured.err
    assert f"Saved as take-1 in {copy.parent / 'rosings.takes'}" in captured.out
    assert main(["export", str(installed / "scenes" / "rosings.yaml")]) == 0
    assert "using your copy" in capsys.readouterr().err
    assert (Path.cwd() / "manuscript_exports" / "rosings.brisk.md").is_file()
    assert sorted(p.relative_to(installed) for p in installed.rglob("*")) == before  # nothing written there


def test_the_default_scene_of_a_plain_install_is_a_copy(installed):
    target, notice = paths.working_copy(installed / "scenes" / "netherfield.yaml")
    assert target == Path.cwd() / "scenes" / "netherfield.yaml" and "read-only" in notice
    target.write_text(target.read_text() + "# my edit\n")
    again, notice = paths.working_copy(installed / "scenes" / "netherfield.yaml")
    assert again == target and "# my edit" in target.read_text()  # the author's copy is never replaced


def test_a_checkout_scene_is_played_where_it_is():
    path = ROOT / "scenes" / "netherfield.yaml"
    assert paths.working_copy(path) == (path, None)
