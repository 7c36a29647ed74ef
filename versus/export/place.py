"""Where exports go, and what writing one did."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from versus.takes.playthrough import Playthrough


@dataclass(frozen=True)
class Exported:
    path: Path
    written: bool  # False when an identical export was already there
    backup: Path | None = None


def export_dir(play: Playthrough) -> Path:
    """manuscript_exports/ beside the folder that holds the scene (the project's top level)."""
    return Path(play.scene.path).resolve().parent.parent / "manuscript_exports"
