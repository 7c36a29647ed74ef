"""What the app says happened: small messages that bubble up to the app (and that tests listen for)."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message

from versus.takes.playthrough import Played


class Spun(Message):
    """An action was played (a spin, or a skipped turn passed)."""

    def __init__(self, played: Played, take: str) -> None:
        super().__init__()
        self.played = played
        self.take = take


class Refused(Message):
    """A key asked for something that cannot be done now; reason is what the person was told."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class Undone(Message):
    def __init__(self, played: Played) -> None:
        super().__init__()
        self.played = played


class TakeSaved(Message):
    def __init__(self, name: str, spins: int) -> None:
        super().__init__()
        self.name = name
        self.spins = spins


class SaveFailed(Message):
    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class Forked(Message):
    def __init__(self, name: str, note: str) -> None:
        super().__init__()
        self.name = name
        self.note = note


class TakeSwitched(Message):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class Exported(Message):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class SceneReloaded(Message):
    """The scene file was read again; problems holds its errors when it could not be played."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__()
        self.problems = problems


class Solved(Message):
    """The solver finished: take is the new take it saved, or None with the reasons it found none."""

    def __init__(self, take: str | None, reasons: list[str]) -> None:
        super().__init__()
        self.take = take
        self.reasons = reasons
