"""versus serve: the app in a real browser tab (headless Chromium through Playwright): the page loads,
a spin is played and saved, and an export arrives as a download. Skipped where Chromium, Playwright or
textual-serve is missing (Debian: apt-get install chromium; pip install playwright 'versus[serve]')."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from versus.cli import main
from versus.commands.serve import command

ROOT = Path(__file__).parent.parent
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def test_the_command_each_tab_runs_is_quoted():
    assert command("my scenes/a b.yaml", "take 1").endswith("-m versus play 'my scenes/a b.yaml' --take 'take 1'")


def test_a_scene_with_mistakes_is_refused_before_serving(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: T\n", encoding="utf-8")
    assert main(["serve", str(bad)]) == 2
    assert "bad.yaml:1:1: missing required key" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.25)
    return False


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)")
def test_in_headless_chromium(project, tmp_path):
    pytest.importorskip("textual_serve")
    playwright = pytest.importorskip("playwright.sync_api")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "versus", "serve", "scenes/rosings.yaml", "--port", str(port)],
                              cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert _wait_for(lambda: _listening(port), 30), server.stderr.read1().decode() if server.poll() else ""
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            page = browser.new_page(accept_downloads=True, viewport={"width": 1400, "height": 900})
            page.goto(f"http://127.0.0.1:{port}/")
            page.mouse.click(700, 450)  # the start screen asks for a click
            takes = project / "scenes" / "rosings.takes"

            def spun() -> bool:  # until the app has started: focus the terminal, and spin
                page.mouse.click(600, 650)
                page.keyboard.press("Space")
                return _wait_for(lambda: _spins(takes) > 0, 2)

            assert _wait_for(spun, 90), "the app never took a spin"
            before = _spins(takes)
            page.keyboard.press("Space")
            assert _wait_for(lambda: _spins(takes) > before, 30), "a second spin was not played and saved"
            with page.expect_download(timeout=60_000) as download:
                page.keyboard.press("e")
                time.sleep(1)
                page.keyboard.press("m")
            got = tmp_path / "downloaded.md"
            download.value.save_as(got)
            assert download.value.suggested_filename == "rosings.brisk.md"
            assert got.read_bytes() == (project / "manuscript_exports" / "rosings.brisk.md").read_bytes()
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _spins(takes: Path) -> int:
    import yaml

    total = 0
    for path in takes.glob("*.yaml") if takes.is_dir() else ():
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        total += len(data.get("spins") or ())
    return total
