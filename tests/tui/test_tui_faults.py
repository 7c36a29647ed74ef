"""Where the app should stop or refuse rather than carry on: configuration read within a bound, a failed
save never forgotten (nor its spins lost on quitting)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tui_support import make_app, settle

from versus.tui import settings


def test_a_keymap_linked_to_dev_zero_is_refused_at_once(own_config: Path):
    """Run apart, with a memory limit, so that an unbounded read fails the test instead of the machine."""
    os.symlink("/dev/zero", own_config / "keymap.yaml")
    os.symlink("/dev/zero", own_config / "settings.yaml")
    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
            "from versus.tui import settings\n"
            "print(settings.keymap({'spin'})[1]); print(settings.remembered_theme(('regency',)))\n"
            "print(settings.remember_theme('regency'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20,
                         env={**os.environ, "VERSUS_CONFIG_DIR": str(own_config)})
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0] == (f"['{own_config / 'keymap.yaml'}: not a regular file (a character device), so not read "
                        "as a keymap.yaml']")
    assert lines[1] == "None"
    assert lines[2].startswith("The theme could not be remembered: ") and "character device" in lines[2]
    assert os.readlink(own_config / "settings.yaml") == "/dev/zero"  # never written through the link


def test_a_large_configuration_file_is_not_read(own_config: Path):
    (own_config / "keymap.yaml").write_text("# " + "x" * 200_000 + "\nspin: j\n")
    keys, problems = settings.keymap({"spin"})
    assert keys == {} and len(problems) == 1
    assert "too large for a keymap.yaml (200,011 bytes; at most 64,000)" in problems[0]
    (own_config / "settings.yaml").write_text("theme: regency\n" + "#" * 100_000 + "\n")
    assert settings.remembered_theme(("regency",)) is None
    assert settings.remember_theme("regency-dark").startswith("The theme could not be remembered")
    assert (own_config / "settings.yaml").stat().st_size > 100_000  # left as it was


async def test_the_app_starts_and_says_why_the_keymap_was_not_read(scene_path, own_config: Path):
    os.symlink("/dev/zero", own_config / "keymap.yaml")
    app = make_app(scene_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert app.session.play.spins() == [3]
        assert any("character device" in n.message for n in app._notifications)
