"""Where exports go, and what writing one did."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from versus.export.config import EXPORTS, Manuscript


@dataclass(frozen=True)
class Exported:
    path: Path
    written: bool  # False when an identical export was already there
    backup: Path | None = None


def export_dir(manuscript: Manuscript | None) -> Path:
    """Where exports go: manuscript.yaml's exports:, else manuscript_exports/ beside manuscript.yaml,
    else manuscript_exports/ in the working folder (wherever the scene itself lies)."""
    if manuscript is not None:
        return manuscript.export_folder()
    return Path.cwd() / EXPORTS
