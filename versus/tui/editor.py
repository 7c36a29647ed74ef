"""The author's own editor on the scene file: $VISUAL, else $EDITOR, else one that is found."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

FALLBACKS = ("nano", "vim", "vi")


def editor_command() -> list[str] | None:
    """The editor to run, as a command line (a $EDITOR of "code --wait" keeps its option)."""
    for variable in ("VISUAL", "EDITOR"):
        value = os.environ.get(variable, "").strip()
        if value:
            return shlex.split(value)
    for name in FALLBACKS:
        if shutil.which(name):
            return [name]
    return None


def edit(path: Path) -> str | None:
    """Run the editor on the file and wait for it; None when it closed cleanly, else why not."""
    command = editor_command()
    if command is None:
        return "No editor found: set $EDITOR (for example, export EDITOR=nano)."
    try:
        finished = subprocess.run([*command, str(path)], check=False)
    except OSError as error:
        return f"The editor {command[0]!r} could not be started: {error.strerror or error}."
    if finished.returncode:
        return f"The editor {command[0]!r} ended with status {finished.returncode}; the scene is read only if saved."
    return None
