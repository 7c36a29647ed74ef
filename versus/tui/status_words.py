"""Small phrases shared by the panels and screens."""

from __future__ import annotations

HELD, NOT_YET = "\u2713", "\u00b7"


def beat_marks(beats) -> str:
    if not beats:
        return "No beats in this scene."
    return "\n".join(f"{HELD if held else NOT_YET} {beat}: {'held' if held else 'not held'}" for beat, held in beats)
