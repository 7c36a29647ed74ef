"""`versus play` where there is no terminal: it says so and stops, rather than drawing to no one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_play_without_a_terminal_exits_2_at_once(tmp_path):
    scene = tmp_path / "netherfield.yaml"
    shutil.copy(ROOT / "scenes" / "netherfield.yaml", scene)
    out = subprocess.run([sys.executable, "-m", "versus", "play", str(scene)], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=3, cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.splitlines() == ["versus: standard input is not a terminal; the app needs one to draw in "
                                       "and read keys from (versus run SCENE plays a scene without one)"]
    assert out.stdout == ""
    assert not (tmp_path / "netherfield.takes").exists()  # nothing was played or saved


def test_a_broken_scene_is_still_reported_first_without_a_terminal(tmp_path):
    scene = tmp_path / "broken.yaml"
    scene.write_text("title: x\n")
    out = subprocess.run([sys.executable, "-m", "versus", "play", str(scene)], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=3, cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.startswith(f"{scene}:")
