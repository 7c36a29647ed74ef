"""Hostile or unlucky input is refused at the door with a clear message, and exports never clobber."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from versus import files
from versus.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    (tmp_path / "scenes").mkdir()
    for name in ("netherfield.yaml", "rosings.yaml"):
        shutil.copy(ROOT / "scenes" / name, tmp_path / "scenes" / name)
    monkeypatch.chdir(tmp_path)  # exports go to the working folder's manuscript_exports/
    return tmp_path


def versus(*args: str, cwd: Path, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "versus", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, **kw)


# -- files that are not files ----------------------------------------------------------------
def test_check_dev_zero_exits_2_at_once(capsys):
    start = time.perf_counter()
    assert main(["check", "/dev/zero"]) == 2
    assert time.perf_counter() - start < 1
    assert capsys.readouterr().err == "/dev/zero:1:1: not a regular file (a character device), so not read as a scene\n"


def test_a_fifo_or_a_link_to_dev_zero_is_refused_at_once(tmp_path, capsys):
    fifo = tmp_path / "scene.yaml"
    os.mkfifo(fifo)
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    assert main(["check", str(fifo), str(link)]) == 2
    err = capsys.readouterr().err
    assert "(a FIFO)" in err and "(a character device)" in err


def test_a_scene_too_large_is_refused_before_it_is_read(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(50_000_000)  # sparse: nothing is written, the size is checked first
    assert main(["check", str(big)]) == 2
    assert "too large for a scene (50,000,000 bytes" in capsys.readouterr().err


# -- phrasebooks and asides ------------------------------------------------------------------
def with_phrasebook(project: Path, name: str) -> Path:
    scene = project / "scenes" / "netherfield.yaml"
    scene.write_text(scene.read_text() + f"phrasebook: {name}\n")
    return scene


def test_a_phrasebook_must_lie_beside_the_scene(project, capsys):
    scene = with_phrasebook(project, "../../../../../../etc/passwd")
    assert main(["check", str(scene)]) == 2
    assert "must be a file in the scene's folder" in capsys.readouterr().err
    (project / "scenes" / "link.yaml").symlink_to("/etc/passwd")
    scene = with_phrasebook(project, "link.yaml")
    assert main(["check", str(scene)]) == 2


@pytest.mark.parametrize("text, needle", [
    ('spaces: {HUMILITY: ["{who} was humbled.\\e[2J"]}\n', "control character (U+001B) in spaces.HUMILITY"),
    ("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
     "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
     "aliases are expanded"),
])
def test_a_hostile_phrasebook_is_refused(project, capsys, text, needle):
    (project / "scenes" / "mine.yaml").write_text(text)
    scene = with_phrasebook(project, "mine.yaml")
    assert main(["check", str(scene)]) == 2  # found before the evening's play, not at its export
    assert needle in capsys.readouterr().err
    assert main(["run", str(scene), "--no-save"]) == 2
    assert needle in capsys.readouterr().err
    assert main(["export", str(scene)]) == 2
    assert needle in capsys.readouterr().err
    assert not (project / "manuscript_exports").exists()


def test_a_phrasebook_that_is_not_a_regular_file_is_refused(project):
    from versus.narration.phrasebook import PhrasebookError, load_author

    (project / "scenes" / "zero.yaml").symlink_to("/dev/zero")
    scene = with_phrasebook(project, "zero.yaml")
    assert main(["check", str(scene)]) == 2  # a link out of the scene's folder
    fifo = project / "scenes" / "fifo.yaml"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        with pytest.raises(PhrasebookError, match="not a regular file"):
            load_author(path)


def test_control_characters_in_an_aside_are_refused_with_their_place(project, capsys):
    scene = project / "scenes" / "netherfield.yaml"
    lines = scene.read_text().splitlines()
    row = next(n for n, line in enumerate(lines) if "narrate: A log settled" in line)
    lines[row] = '    narrate: "A log\\a settled.\\e[2J"'
    scene.write_text("\n".join(lines) + "\n")
    assert main(["check", str(scene)]) == 2
    assert f":{row + 1}:14: narrate holds a control character (U+0007)" in capsys.readouterr().err


def test_exports_never_hold_control_characters():
    assert files.clean_text("a\x1b[2Jb\x07c\nd\te") == "a[2Jbc\nd\te"


# -- exports ---------------------------------------------------------------------------------
def test_a_take_name_never_leads_the_export_out_of_its_folder(project, capsys):
    from versus.takes.store import Take, TakeStore

    scene = project / "scenes" / "rosings.yaml"
    assert main(["run", str(scene)]) == 0
    kept = TakeStore(scene).get("take-1")
    TakeStore(scene).create(Take("../../../x", kept.spins, kept.seed, kept.scene_digest), exact=True)
    assert main(["export", str(scene), "--take", "../../../x"]) == 0
    written = [p for p in project.rglob("*.md")]
    assert len(written) == 1 and written[0].parent == project / "manuscript_exports"


def test_force_keeps_the_old_export_when_the_new_one_cannot_be_written(project, capsys, monkeypatch):
    scene = project / "scenes" / "rosings.yaml"
    main(["run", str(scene)])
    main(["run", str(scene), "--seed", "5"])
    assert main(["export", str(scene), "--take", "take-1", "-o", str(project / "out.md")]) == 0
    old = (project / "out.md").read_bytes()

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_temp", full_disk)
    assert main(["export", str(scene), "--take", "take-2", "-o", str(project / "out.md"), "--force"]) == 1
    assert (project / "out.md").read_bytes() == old and not list(project.glob("out.md*.bak"))
    monkeypatch.undo()
    assert main(["export", str(scene), "--take", "take-2", "-o", str(project / "out.md"), "--force"]) == 0
    assert (project / "out.md.bak").read_bytes() == old and (project / "out.md").read_bytes() != old


def test_a_non_utf8_export_in_the_way_is_left_alone(project, capsys):
    scene = project / "scenes" / "rosings.yaml"
    main(["run", str(scene)])
    exports = project / "manuscript_exports"
    exports.mkdir()
    (exports / "rosings.brisk.md").write_bytes(b"\xff\xfe not UTF-8")
    assert main(["export", str(scene)]) == 0
    assert (exports / "rosings.brisk.md").read_bytes() == b"\xff\xfe not UTF-8" and (exports / "rosings.brisk-2.md").exists()


def test_two_exports_at_once_to_one_path_both_land(tmp_path):
    target = tmp_path / "rosings.brisk.md"
    results = []
    barrier = threading.Barrier(8)

    def export(n: int) -> None:
        barrier.wait()
        results.append(files.write_export(target, f"export {n}\n"))

    threads = [threading.Thread(target=export, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(p.read_text() for p in tmp_path.glob("rosings*.md")) == [f"export {n}\n" for n in range(8)]
    assert len({path for path, _, _ in results}) == 8


def test_concurrent_export_processes_both_land(project):
    scene = project / "scenes" / "rosings.yaml"
    assert main(["run", str(scene)]) == 0  # the takes made here: the two exports are the processes that race
    assert main(["run", str(scene), "--seed", "9"]) == 0
    procs = [subprocess.Popen([sys.executable, "-m", "versus", "export", str(scene), "--take", name,
                               "-o", str(project / "same.md")], cwd=project, stdout=subprocess.PIPE)
             for name in ("take-1", "take-2")]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    assert sorted(p.name for p in project.glob("same*.md")) == ["same-2.md", "same.md"]


def test_exports_are_0644_under_umask_022(project):
    scene = project / "scenes" / "rosings.yaml"
    old = os.umask(0o022)
    try:
        assert main(["run", str(scene)]) == 0
        assert main(["export", str(scene)]) == 0
    finally:
        os.umask(old)
    assert oct((project / "manuscript_exports" / "rosings.brisk.md").stat().st_mode & 0o777) == "0o644"
    take = next((project / "scenes" / "rosings.takes").glob("*.yaml"))
    assert oct(take.stat().st_mode & 0o777) == "0o644"


# -- arguments and terminals -----------------------------------------------------------------
@pytest.mark.parametrize("argv, needle", [
    (["trace", "mansion-of-happiness", "--players", "1000000000000"], "--players: must be at most 1,000"),
    (["odds", "scenes/netherfield.yaml", "--seed", "-1"], "--seed: must be 0 or more, not -1"),
    (["odds", "scenes/netherfield.yaml", "--games", "99999999999"], "--games: must be at most 10,000,000"),
    (["odds", "scenes/netherfield.yaml", "--at-turn", "99999999999"], "--at-turn: must be at most 100,000"),
    (["solve", "scenes/netherfield.yaml", "--time-limit", "inf"], "--time-limit: must be from 0 to 3600"),
    (["solve", "scenes/netherfield.yaml", "--time-limit", "nan"], "--time-limit: must be from 0 to 3600"),
    (["solve", "scenes/netherfield.yaml", "--time-limit", "1e300"], "--time-limit: must be from 0 to 3600"),
    (["trace", "mansion-of-happiness", "--players", "2", "--spins", "9" * 40], "--spins takes whole numbers"),
])
def test_runaway_arguments_get_one_line_and_status_2(argv, needle, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_run_into_head_still_saves_the_take(project):
    scene = project / "scenes" / "netherfield.yaml"
    result = subprocess.run(f"{sys.executable} -m versus run {scene} | head -1", shell=True, cwd=project,
                            capture_output=True, text=True, timeout=60)
    assert result.stdout.startswith("A Game at Netherfield") and result.stderr == ""
    assert [p.name for p in (project / "scenes" / "netherfield.takes").glob("*.yaml")] == ["take-1.yaml"]


def test_a_bare_versus_without_a_terminal_prints_usage_and_exits(project):
    result = subprocess.run([sys.executable, "-m", "versus"], cwd=project, capture_output=True, text=True,
                            timeout=30, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("usage: versus") and "no terminal" in result.stderr


def test_an_ascii_only_terminal_is_no_crash(project):
    scene = project / "scenes" / "netherfield.yaml"
    result = versus("run", str(scene), "--no-save", cwd=project, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and "internal error" not in result.stderr and "?" in result.stdout
