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


def export_name(base: str, pace: str, words: int | None, suffix: str) -> str:
    """An export's file name says what it is: rosings.summary.md, rosings.brisk.docx, rosings.500w.md (a
    word budget, whatever the pace). base is a file name (the scene's, or the scene's and the take's)."""
    return f"{Path(base).name}.{f'{words}w' if words else pace}{suffix}"
