"""`versus plot`: an SVG (and PNG) of a take's race, with its lines, legend and lead changes, never over a file."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

from versus.cli import main

NS = "{http://www.w3.org/2000/svg}"


def _plot(capsys, *args: str) -> subprocess.CompletedProcess:
    """`versus plot ARGS` in this process (the working folder is the project): its status, stdout and stderr."""
    capsys.readouterr()
    status = main(["plot", *args])
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["versus", "plot", *args], status, out, err)


def _plot_in_a_process(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "versus", "plot", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_the_picture_has_a_line_per_player_a_legend_and_the_lead_changes(project, capsys):
    done = _plot(capsys, "scenes/netherfield.yaml", "-o", "race.svg")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    root = ET.parse(project / "race.svg").getroot()  # well-formed XML
    ids = {g.get("id") for g in root.iter(f"{NS}g")}
    assert {"position-elizabeth", "position-darcy", "chance-elizabeth", "chance-darcy", "lead-changes"} <= ids
    words = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    for needed in ("Elizabeth", "Mr. Darcy", "the lead changes hands", "turn", "space", "A Game at Netherfield"):
        assert needed in words
    assert (project / "race.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_same_take_draws_the_same_bytes_and_another_file_is_never_overwritten(project, capsys):
    """Drawn once here and once more by another process (its own hash seed, its own fresh matplotlib): the
    same bytes, so the second finds its picture already there."""
    (project / "race.svg").write_text("the author's own drawing")
    first = _plot(capsys, "scenes/netherfield.yaml", "-o", "race.svg", "--no-png")
    assert first.returncode == 0, first.stderr
    assert (project / "race.svg").read_text() == "the author's own drawing"
    assert "race-2.svg" in first.stdout
    again = _plot_in_a_process("scenes/netherfield.yaml", "-o", "race.svg", "--no-png", cwd=project)
    assert again.returncode == 0, again.stderr
    assert "already holds this picture" in again.stdout
    assert not (project / "race-3.svg").exists()


def test_a_bad_take_or_name_is_told_plainly(project, capsys):
    done = _plot(capsys, "scenes/netherfield.yaml", "--take", "no-such-take")
    assert done.returncode == 2 and "Traceback" not in done.stderr and "no-such-take" in done.stderr
    done = _plot(capsys, "scenes/netherfield.yaml", "-o", "race.pdf")
    assert done.returncode == 2 and ".svg" in done.stderr
