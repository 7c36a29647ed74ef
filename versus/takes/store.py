"""Takes kept beside their scene in a human-readable sidecar, scenes/<scene>.takes.yaml.

The scene file itself is never written. The sidecar is replaced atomically on every save, and a
sidecar that cannot be read is never overwritten.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import yaml

from versus.files import write_atomic
from versus.scenes.problems import suggest

HEADER = ("# Takes of {scene}, kept by Versus: each take is a playthrough that replays exactly\n"
          "# from these spins. The newest take is last. Edit with care; the scene file is never touched.\n")


class TakesError(Exception):
    """The sidecar cannot be read or does not hold the take asked for."""


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

    def to_data(self) -> dict:
        data = {"name": self.name, "played": self.played, "seed": self.seed, "turns": self.turns,
                "outcome": self.outcome, "scene_sha256": self.scene_digest, "spins": list(self.spins)}
        if self.note:
            data["note"] = self.note
        return data

    @classmethod
    def from_data(cls, data: dict) -> "Take":
        return cls(name=str(data["name"]), spins=tuple(int(s) for s in data.get("spins") or ()),
                   seed=int(data.get("seed", 0)), scene_digest=str(data.get("scene_sha256", "")),
                   played=str(data.get("played", "")), turns=int(data.get("turns", 0)),
                   outcome=str(data.get("outcome", "")), note=str(data.get("note", "")))


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


class TakeStore:
    def __init__(self, scene_path: str | Path) -> None:
        scene_path = Path(scene_path)
        self.scene_name = scene_path.name
        stem = scene_path.name.removesuffix(".yaml").removesuffix(".yml")
        self.path = scene_path.with_name(f"{stem}.takes.yaml")

    def load(self) -> list[Take]:
        if not self.path.exists():
            return []
        try:
            data = yaml.safe_load(self.path.read_text(encoding="utf-8")) or {}
            return [Take.from_data(entry) for entry in data.get("takes") or []]
        except (yaml.YAMLError, OSError, UnicodeDecodeError, AttributeError, KeyError, TypeError, ValueError) as error:
            raise TakesError(f"{self.path}: cannot read the takes ({_first_line(error)}); "
                             "it is left as it is — mend or move it to keep playing") from None

    def get(self, name: str) -> Take:
        takes = self.load()
        for take in takes:
            if take.name == name:
                return take
        names = [t.name for t in takes]
        if not names:
            raise TakesError(f"{self.path}: no takes yet, so no take {name!r}")
        raise TakesError(f"no take {name!r} in {self.path}{suggest(name, names)}")

    def latest(self) -> Take | None:
        takes = self.load()
        return takes[-1] if takes else None

    def new_name(self, prefix: str = "take") -> str:
        names = {t.name for t in self.load()}
        n = 1
        while f"{prefix}-{n}" in names:
            n += 1
        return f"{prefix}-{n}"

    def save(self, take: Take) -> Take:
        """Add or replace the take of that name, moving it last (the newest); written atomically."""
        take = take if take.played else dataclasses.replace(take, played=now())
        self._write([t for t in self.load() if t.name != take.name] + [take])
        return take

    def _write(self, takes: list[Take]) -> None:
        body = yaml.safe_dump({"scene": self.scene_name, "takes": [t.to_data() for t in takes]},
                              sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)
        write_atomic(self.path, HEADER.format(scene=self.scene_name) + body)


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
