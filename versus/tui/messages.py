"""What the screens say happened: small messages that bubble up to the app, which tells the author.

The screens post them and do not notify; VersusApp handles each (with `@on`) and says it in words,
so that every notice of the play is worded in one place (tests listen for them too). Refusals and
failed saves that repeat while a key is held merge into one (`can_replace`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from textual.message import Message

from versus.takes.playthrough import Played


@dataclass
class Spun(Message):
    """An action was played (a spin, or a skipped turn passed)."""

    played: Played
    take: str


@dataclass
class Refused(Message):
    """A key asked for something that cannot be done now; reason is what the person is told."""

    reason: str

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, Refused) and message.reason == self.reason


@dataclass
class Undone(Message):
    played: Played


@dataclass
class TakeSaved(Message):
    name: str
    spins: int
    again: bool = False  # saved after saves had failed: every spin is on disk again


@dataclass
class SaveFailed(Message):
    reason: str
    new: bool = True  # a problem not told before (the same one, tried again, is not told twice)

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, SaveFailed) and message.reason == self.reason


@dataclass
class Forked(Message):
    name: str
    note: str
    origin: str = ""  # the take that keeps its ending, when a different spin forked the play by itself


@dataclass
class TakeSwitched(Message):
    name: str  # "" for a new take, from the first turn
    turn: int = 0


@dataclass
class Exported(Message):
    path: Path
    take: str = ""
    written: bool = True  # False: the file already held this very export, and is left as it was
    notes: tuple[str, ...] = ()  # what the author should know of it (a budget not met, ...)


@dataclass
class SceneReloaded(Message):
    """The scene file was read again; problems holds its errors when it could not be played."""

    problems: list[str]
    file: str = ""
    warning: str | None = None  # read, but the take could not be replayed whole under it


@dataclass
class Solved(Message):
    """The solver finished: take is the new take it saved, or None with the reasons it found none."""

    take: str | None
    reasons: list[str] = field(default_factory=list)
    changed: int = 0  # spins changed in the new take
    proof: str = ""  # how far fewer edits were ruled out, when not all the way ("" when proved the fewest)
    stopped: bool = False  # the author stopped the search; reasons say what it had proved by then
