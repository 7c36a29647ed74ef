"""The scene in play: the current take and its playthrough, kept apart from the widgets.

A plain class (no Textual), so that the screens only show it and ask it to act, and so that
it can be tested without a terminal. Every spin that adds to a take is saved at once.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path

from versus.scenes.load import load_scene
from versus.scenes.model import Scene
from versus.takes.files import write_elsewhere
from versus.takes.outcome import as_take
from versus.takes.playthrough import Played, Playthrough
from versus.takes.replay import replay
from versus.takes.store import Take, TakeChanged, TakeExists, TakesError, TakeStore, check_name
from versus.tui.trail import Trail


class Refusal(Exception):
    """An action that cannot be taken now; the message says why, for the person at the keys."""


@dataclass(frozen=True, slots=True)
class Held:
    """The take the play is kept in: its name, its file, its note and parent, and the spins its file holds."""

    name: str = ""
    key: str = ""  # the take's file in the store ("" until it is saved)
    note: str = ""
    parent: str = ""
    stored: tuple[int, ...] = ()  # the take's spins as its file holds them
    saved: bool = False  # whether the take is in the store
    turns: int = 0  # the turns its file says were played (sat-out turns after the last spin count too)

    @classmethod
    def of(cls, take: Take) -> Held:
        return cls(take.name, take.key, take.note, take.parent, take.spins, True, take.turns)

    @classmethod
    def fork_of(cls, origin: str, note: str) -> Held:
        """A new take, not saved yet, forked from origin."""
        return cls(note=note, parent=origin)


@dataclass(frozen=True, slots=True)
class Moved:
    """What a spin did: the action played, turns sat out on its way, and whether it forked a new take."""

    played: Played
    passed: tuple[Played, ...] = ()  # turns sat out that a typed number passed on its way to its spin
    forked_from: str | None = None  # the take that keeps its ending, when this spin differed from it


@dataclass(frozen=True, slots=True)
class Saved:
    """What a save did: the take it wrote (None: nothing to add), and what the author should be told."""

    take: Take | None = None
    notices: tuple[str, ...] = ()
    forked_from: str | None = None  # the take's file was changed elsewhere: the play goes on in a new take


@dataclass(frozen=True, slots=True)
class Opened:
    take: Take | None
    notices: tuple[str, ...] = ()  # the scene changed since the take was played; it replays only in part


@dataclass(frozen=True, slots=True)
class Reloaded:
    problem: str | None = None  # the take no longer replays (whole) under the edited scene
    forked_from: str | None = None  # the saved take is kept as it was; the play goes on in a new take


class Session:
    """One scene file open in the app: its takes, the current take and its playthrough.

    Undo never destroys: the take's file keeps every spin it was saved with, and the undone ones
    stay as its continuation (space or redo replays them). Only a spin past the end of the saved
    take extends the file; a different spin where the take already has one forks a new take.
    Each action returns what it did (Moved, Saved, Opened, Reloaded): nothing is left in a field to
    be read and emptied.
    """

    def __init__(self, scene_path: str | Path, take_name: str | None = None, scene: Scene | None = None) -> None:
        self.path = Path(scene_path)
        self.scene = scene if scene is not None else load_scene(self.path)
        self.store = TakeStore(self.path)
        self.stamp = _stamp(self.path)
        self.held = Held()
        self.save_problem: str | None = None  # why the last save failed, until one succeeds
        self.trail = Trail()  # the log lines and beats so far, kept as the play goes
        opening: list[str] = []
        take = None
        try:
            take = self.store.get(take_name) if take_name else self.store.latest()
        except TakesError as error:
            opening.append(str(error))
        opening.extend(self.store.problems)
        self.store.sweep()  # temporary files of saves killed half-way, long ago
        if self.store.migrated:
            opening.append(f"The old takes file was copied into {self.store.folder.name}/, one file a take, "
                           f"and kept as {self.store.migrated.name}.")
        self.play = Playthrough(self.scene)
        opening.extend(self.open(take).notices)
        self.opening: tuple[str, ...] = tuple(opening)  # what to tell the person once the app is showing

    # -- the take held ---------------------------------------------------------------------------
    @property
    def take_name(self) -> str:
        return self.held.name

    @property
    def take_key(self) -> str:
        return self.held.key

    @property
    def note(self) -> str:
        return self.held.note

    @property
    def parent(self) -> str:
        return self.held.parent

    @property
    def stored(self) -> tuple[int, ...]:
        return self.held.stored

    @property
    def saved(self) -> bool:
        return self.held.saved

    # -- what is shown -------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [p.called for p in self.scene.players]

    @property
    def faces(self) -> int:
        return self.play.faces

    def can_spin(self) -> bool:
        return not self.play.finished

    def can_redo(self) -> bool:
        """An undone spin follows, or an undone turn sat out (which takes no spin, so redo passes it)."""
        play = self.play
        if play.finished:
            return False
        return play.game.spins_used < len(play.take_spins) or not play.game.state.needs_spin

    # -- taking turns ------------------------------------------------------------------------
    def spin(self, number: int | None = None) -> Moved:
        """Play the next action: number as this spin, else the take's, the script's or the seed's.

        A number other than the one the saved take holds at this spin forks a new take (forked_from
        names the original, which keeps its ending). A number typed on a turn that is sat out passes
        that turn (and any more before the next spin) first: they are returned as passed."""
        play = self.play
        passed: list[Played] = []
        if number is not None and not 1 <= number <= play.faces:
            raise Refusal(f"The teetotum has {play.faces} faces: {number} cannot be spun. "
                          f"Choose from 1 to {play.faces}.")
        while number is not None and not play.finished and not play.game.state.needs_spin:
            passed.append(play.step(None))
        if passed and play.finished:
            return Moved(passed[-1], tuple(passed[:-1]))
        state = play.game.state
        if play.finished:
            if state.winner is not None:
                raise Refusal(f"The game is over: {self.names[state.winner]} has won. "
                              "u takes back the last spin; f forks a new take.")
            raise Refusal(f"The game stops at turn {self.scene.max_turns} (end.max_turns in the scene).")
        k = play.next_k
        held = self.held
        diverges = (held.saved and number is not None and state.needs_spin and k <= len(held.stored)
                    and held.stored[k - 1] != number)
        played = play.step(number)
        if not diverges:
            return Moved(played, tuple(passed))
        self._become_fork(held.name, k - 1, state.turn)
        return Moved(played, tuple(passed), held.name)

    def redo(self) -> Played:
        """Play the take's next undone action again."""
        if not self.can_redo():
            raise Refusal("Nothing to redo: no undone spin follows in this take.")
        return self.play.step(None)

    def undo(self) -> Played:
        played = self.play.undo()
        if played is None:
            raise Refusal("Nothing to take back: no spin has been played in this take.")
        return played

    def _become_fork(self, origin: str, spins: int, turn: int) -> None:
        """From now on the play is a new take (saved at the next save), forked from origin."""
        self.held = Held.fork_of(origin, f"forked from {origin} at spin {spins} (turn {turn})")

    # -- takes -------------------------------------------------------------------------------
    def current_take(self) -> Take:
        take = as_take(self.play, self.held.name, note=self.held.note)
        return dataclasses.replace(take, parent=self.held.parent, key=self.held.key)

    def unsaved(self) -> int:
        """How many spins of the play its take's file does not hold yet (kept here until a save succeeds)."""
        played = len(self.play.spins())
        return max(0, played - len(self.held.stored)) if self.held.saved else played

    def save(self, touch: bool = False) -> Saved:
        """Keep the play in its take, when that adds to the file (no take while the play is inside the saved
        take, whose file already holds more or as much, or has nothing to keep; touch: write it even so, to
        mark it the take last played). TakesError/OSError, and then save_problem says why until a save
        succeeds; the spins stay in the play, to be saved again."""
        try:
            saved = self._save(touch)
        except (TakesError, OSError) as error:
            self.save_problem = _why(error, self.store.folder)
            raise
        self.save_problem = None
        return saved

    def _save(self, touch: bool) -> Saved:
        played = len(self.play.spins())
        if self.held.saved and played < len(self.held.stored):
            return Saved()
        if (self.held.saved and not touch and played == len(self.held.stored)
                and self.play.game.state.turn == self.held.turns):
            return Saved()  # a redo to the take's end: the file holds all of it already
        if not self.held.saved and not played:
            return Saved()
        notices: list[str] = []
        forked_from = None
        if self.held.saved and self.held.key:
            notices += self._follow_rename()
        take = self.current_take()
        if not self.held.name:
            take = dataclasses.replace(take, name=self.store.new_name())
        try:
            kept = self.store.save(take)
        except TakeChanged as error:  # its file was changed elsewhere: keep that, and go on in a new take
            notices.append(f"{error}; playing on in a new take.")
            forked_from = self.held.name
            self._become_fork(self.held.name, played, self.play.game.state.turn)
            kept = self.store.save(dataclasses.replace(self.current_take(), name=self.store.new_name()))
        self.held = Held.of(kept)
        return Saved(kept, tuple(notices), forked_from)

    def write_elsewhere(self, target: str | Path) -> Path:
        """The whole take (its unsaved spins too) as a take file at target, when its own folder cannot
        take it; where it went. OSError/TakesError."""
        take = self.current_take()
        if not take.name:
            take = dataclasses.replace(take, name=self.store.new_name())
        return write_elsewhere(take, self.store, Path(target))

    def _follow_rename(self) -> list[str]:
        """The take's file gone (renamed in another window): go on in the take that now holds its spins."""
        path = self.store.file(self.held.key)
        if path.exists() or path.is_symlink():
            return []
        same = [t for t in self.store.load() if t.spins == self.held.stored and t.name != self.held.name]
        if len(same) != 1:
            return []  # deleted, or no one take to follow: the save keeps the play under its own name
        renamed = f"{self.held.name} was renamed {same[0].name} elsewhere; the play goes on in it."
        self.held = dataclasses.replace(self.held, name=same[0].name, key=same[0].key, note=same[0].note,
                                        parent=same[0].parent)
        return [renamed]

    def takes(self) -> list[Take]:
        return self.store.load()

    def open(self, take: Take | None) -> Opened:
        """Make this take current, replayed to where it was left (None: a new, unsaved take)."""
        if take is None:
            self.play = Playthrough(self.scene)
            self.held = Held()
            return Opened(None)
        notices = []
        if take.scene_digest and take.scene_digest != self.scene.digest:
            notices.append(f"The scene has changed since {take.name} was played; "
                           "its spins are replayed under the scene as it is now.")
        result = replay(self.scene, take.spins, take.seed, take.turns, take.name)
        if result.problem:
            notices.append(result.problem)
        self.play, self.held = result.play, Held.of(take)
        return Opened(take, tuple(notices))

    def switch(self, name: str, key: str = "") -> Opened:
        return self.open(self.store.read(key) if key else self.store.get(name))

    def fork(self, name: str) -> Take:
        """A new take holding the spins so far (and the current take's later spins, ready to replay)."""
        try:
            name = check_name(name)
        except TakesError as error:
            raise Refusal(str(error)) from None
        turn = self.play.game.state.turn
        origin = self.held.name or "a new take"
        spins = len(self.play.spins())
        note = f"forked from {origin} at spin {spins} (turn {turn})"
        take = dataclasses.replace(as_take(self.play, name, note=note), parent=self.held.name)
        try:
            kept = self.store.create(take, exact=True)
        except TakeExists as error:
            raise Refusal(str(error)) from None
        self.held = Held.of(kept)
        return kept

    def renamed(self, take: Take) -> None:
        """The current take was renamed (its file moved): go on saving into the new one."""
        self.held = dataclasses.replace(self.held, name=take.name, key=take.key)

    def new_take(self) -> None:
        """Begin again from the first turn, as a new take (saved at its first spin)."""
        self.open(None)

    # -- the scene file ------------------------------------------------------------------------
    def scene_changed_on_disk(self) -> bool:
        return _stamp(self.path) != self.stamp

    def reload(self) -> Reloaded:
        """Read the scene file again (SceneError if it cannot be played); replay the spins so far.

        A saved take that no longer replays whole under the edited scene is left as it is on disk,
        and the play goes on in a new take (forked_from names the original)."""
        scene = load_scene(self.path)
        self.stamp = _stamp(self.path)
        spins = list(self.play.take_spins)
        used = len(self.play.spins())
        turns = self.play.game.state.turn
        name = self.held.name or "the take"
        self.scene = scene
        whole = replay(scene, self.held.stored, self.play.seed, 0, name) if self.held.saved else None
        result = replay(scene, spins[:used], self.play.seed, turns, name)
        result.play.take_spins[used:] = spins[used:] if result.play.game.spins_used == used else []
        self.play = result.play
        if whole is not None and whole.problem:
            self.held = Held.fork_of(name, f"from {name}, which no longer replays whole under the edited scene")
            return Reloaded(f"{whole.problem}. {name} is kept as it was; you play on in a new take.", name)
        return Reloaded(result.problem)


def _why(error: Exception, folder: Path) -> str:
    """A failed save in words: "scenes/x.takes: No space left on device", not an errno in brackets."""
    if isinstance(error, OSError):
        where = error.filename if error.filename else folder
        return f"{where}: {error.strerror or error}"
    return str(error)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size)
