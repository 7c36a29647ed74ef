"""A take as a value: a playthrough's spins and what became of them, read from and written to YAML data.

Everything read is checked (whole numbers in range, text without control characters), so that a
take edited by hand can neither crash the program nor send escape codes to the terminal.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from versus.files import clean_text, has_control

MAX_NAME = 200
MAX_SEED = 2**63 - 1
MAX_SPIN = 1000
SLUG_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


class TakesError(Exception):
    """A take that cannot be read, found or written; the message is for the author."""


class TakeExists(TakesError):
    """A new take's name is already held by another take."""


class TakeChanged(TakesError):
    """The take's file no longer holds what this save extends (edited by hand or by another process)."""


@dataclass(frozen=True, slots=True)
class Take:
    name: str
    spins: tuple[int, ...]
    seed: int
    scene_digest: str  # sha256 of the scene file the take was played from
    played: str = ""  # when, ISO 8601 UTC
    turns: int = 0
    outcome: str = ""  # e.g. "elizabeth wins", "unfinished"
    note: str = ""  # e.g. "forked from take-2 at spin 14"
    parent: str = ""  # the take it was forked from, if any
    key: str = field(default="", compare=False)  # its file's name without .yaml, once stored

    def to_data(self) -> dict:
        data: dict[str, Any] = {"name": self.name, "played": self.played, "seed": self.seed, "turns": self.turns,
                                "outcome": self.outcome, "scene_sha256": self.scene_digest}
        if self.parent:
            data["parent"] = self.parent
        if self.note:
            data["note"] = self.note
        data["spins"] = list(self.spins)
        return data

    @classmethod
    def from_data(cls, data: Any, key: str = "") -> Take:
        """A take from its YAML; ValueError naming the key that is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a take is a mapping of keys (name, seed, spins, …)")
        name = _text(data.get("name"), "name")
        if not name.strip():
            raise ValueError("name: a take needs a name")
        spins = data.get("spins") or []
        if not isinstance(spins, list):
            raise ValueError("spins: should be a list of whole numbers")
        return cls(name=name[:MAX_NAME], spins=tuple(_whole(s, "spins", 1, MAX_SPIN) for s in spins),
                   seed=_whole(data.get("seed", 0), "seed", 0, MAX_SEED),
                   scene_digest=_text(data.get("scene_sha256"), "scene_sha256"),
                   played=_text(data.get("played"), "played"), turns=_whole(data.get("turns", 0), "turns", 0, 10**9),
                   outcome=_text(data.get("outcome"), "outcome"), note=_text(data.get("note"), "note"),
                   parent=_text(data.get("parent"), "parent"), key=key)


def _whole(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{key}: {value} is not a whole number")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key}: should be whole numbers, not {value!r:.40}")
    if not low <= value <= high:
        raise ValueError(f"{key}: {value:.40} is outside {low}..{high}")
    return value


def _text(value: Any, key: str) -> str:
    """Text shown to the author, with control characters taken out (never sent to a terminal)."""
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        raise ValueError(f"{key}: should be text")
    return clean_text(str(value))


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def slug(name: str) -> str:
    """A file name for a take name: safe anywhere, never a path; a hash keeps different names apart."""
    base = SLUG_UNSAFE.sub("_", name).strip("._-")[:60] or "take"
    if base == name:
        return base
    return f"{base}~{hashlib.sha256(name.encode('utf-8')).hexdigest()[:8]}"


def check_name(name: str) -> str:
    """A take name the author typed, stripped; TakesError if it cannot be one."""
    name = name.strip()
    if not name:
        raise TakesError("A take needs a name.")
    if len(name) > MAX_NAME:
        raise TakesError(f"A take's name is at most {MAX_NAME} characters.")
    if has_control(name):
        raise TakesError(f"A take's name cannot hold a control character ({has_control(name)}).")
    return name
