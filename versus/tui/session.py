"""The scene in play: the current take and its playthrough, kept apart from the widgets.

A plain class (no Textual), so that the screens only show it and ask it to act, and so that
it can be tested without a terminal. Every spin that adds to a take is saved at once.
"""

from __future__ import annotations

import dataclasses
import os
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


class Session:
    """One scene file open in the app: its takes, the current take and its playthrough.

    Undo never destroys: the take's file keeps every spin it was saved with, and the undone ones
    stay as its continuation (space or redo replays them). Only a spin past the end of the saved
    take extends the file; a different spin where the take already has one forks a new take.
    """

    def __init__(self, scene_path: str | Path, take_name: str | None = None, scene: Scene | None = None) -> None:
        self.path = Path(scene_path)
        self.scene = scene if scene is not None else load_scene(self.path)
        self.store = TakeStore(self.path)
        self.stamp = _stamp(self.path)
        self.notices: list[str] = []  # things to tell the person once the app is showing
        self.take_name = ""
        self.take_key = ""  # the take's file in the store
        self.note = ""
        self.parent = ""
        self.stored: tuple[int, ...] = ()  # the current take's spins as its file holds them
        self.saved = False  # whether the current take is in the store
        self.save_problem: str | None = None  # why the last save failed, until one succeeds
        self.forked_from: str | None = None  # set when the last action forked a new take by itself
        self.passed: list[Played] = []  # turns sat out that the last numbered spin passed on its way
        self.trail = Trail()  # the log lines and beats so far, kept as the play goes
        take = None
        try:
            take = self.store.get(take_name) if take_name else self.store.latest()
        except TakesError as error:
            self.notices.append(str(error))
        self.notices.extend(self.store.problems)
        self.store.sweep()  # temporary files of saves killed half-way, long ago
        if self.store.migrated:
            self.notices.append(f"The old takes file was copied into {self.store.folder.name}/, one file a take, "
                                f"and kept as {self.store.migrated.name}.")
        self.play = Playthrough(self.scene)
        self.open(take)

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
    def spin(self, number: int | None = None) -> Played:
        """Play the next action: number as this spin, else the take's, the script's or the seed's.

        A number other than the one the saved take holds at this spin forks a new take (forked_from
        names the original, which keeps its ending). A number typed on a turn that is sat out passes
        that turn (and any more before the next spin) first: they are kept in self.passed."""
        play = self.play
        self.forked_from = None
        self.passed = []
        if number is not None and not 1 <= number <= play.faces:
            raise Refusal(f"The teetotum has {play.faces} faces: {number} cannot be spun. "
                          f"Choose from 1 to {play.faces}.")
        while number is not None and not play.finished and not play.game.state.needs_spin:
            self.passed.append(play.step(None))
        if self.passed and play.finished:
            return self.passed.pop()
        state = play.game.state
        if play.finished:
            if state.winner is not None:
                raise Refusal(f"The game is over: {self.names[state.winner]} has won. "
                              "u takes back the last spin; f forks a new take.")
            raise Refusal(f"The game stops at turn {self.scene.max_turns} (end.max_turns in the scene).")
        k = play.next_k
        diverges = (self.saved and number is not None and state.needs_spin and k <= len(self.stored)
                    and self.stored[k - 1] != number)
        played = play.step(number)
        if diverges:
            self._become_fork(self.take_name, k - 1, state.turn)
        return played

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
        self.forked_from = origin
        self.parent = origin
        self.note = f"forked from {origin} at spin {spins} (turn {turn})"
        self.take_name, self.take_key, self.stored, self.saved = "", "", (), False

    # -- takes -------------------------------------------------------------------------------
    def current_take(self) -> Take:
        take = as_take(self.play, self.take_name, note=self.note)
        return dataclasses.replace(take, parent=self.parent, key=self.take_key)

    def unsaved(self) -> int:
        """How many spins of the play its take's file does not hold yet (kept here until a save succeeds)."""
        played = len(self.play.spins())
        return max(0, played - len(self.stored)) if self.saved else played

    def save(self) -> Take | None:
        """Keep the play in its take, when that adds to the file: None while the play is inside the saved
        take (its file already holds more) or has nothing to keep. TakesError/OSError, and then
        save_problem says why until a save succeeds; the spins stay in the play, to be saved again."""
        try:
            kept = self._save()
        except (TakesError, OSError) as error:
            self.save_problem = _why(error, self.store.folder)
            raise
        self.save_problem = None
        return kept

    def _save(self) -> Take | None:
        played = len(self.play.spins())
        if self.saved and played < len(self.stored):
            return None
        if not self.saved and not played:
            return None
        if self.saved and self.take_key:
            self._follow_rename()
        take = self.current_take()
        if not self.take_name:
            take = dataclasses.replace(take, name=self.store.new_name())
        try:
            kept = self.store.save(take)
        except TakeChanged as error:  # its file was changed elsewhere: keep that, and go on in a new take
            self.notices.append(f"{error}; playing on in a new take.")
            self._become_fork(self.take_name, played, self.play.game.state.turn)
            kept = self.store.save(dataclasses.replace(self.current_take(), name=self.store.new_name()))
        self.take_name, self.take_key, self.stored, self.saved = kept.name, kept.key, kept.spins, True
        return kept

    def write_elsewhere(self, target: str | Path) -> Path:
        """The whole take (its unsaved spins too) as a take file at target, when its own folder cannot
        take it; where it went. OSError/TakesError."""
        take = self.current_take()
        if not take.name:
            take = dataclasses.replace(take, name=self.store.new_name())
        return write_elsewhere(take, self.store, Path(target))

    def _follow_rename(self) -> None:
        """The take's file gone (renamed in another window): go on in the take that now holds its spins."""
        path = self.store.file(self.take_key)
        if path.exists() or path.is_symlink():
            return
        same = [t for t in self.store.load() if t.spins == self.stored and t.name != self.take_name]
        if len(same) != 1:
            return  # deleted, or no one take to follow: the save keeps the play under its own name
        self.notices.append(f"{self.take_name} was renamed {same[0].name} elsewhere; the play goes on in it.")
        self.take_name, self.take_key = same[0].name, same[0].key
        self.note, self.parent = same[0].note, same[0].parent

    def takes(self) -> list[Take]:
        return self.store.load()

    def open(self, take: Take | None) -> None:
        """Make this take current, replayed to where it was left (None: a new, unsaved take)."""
        self.forked_from = None
        if take is None:
            self.play = Playthrough(self.scene)
            self.take_name, self.take_key, self.note, self.parent = "", "", "", ""
            self.stored, self.saved = (), False
            return
        if take.scene_digest and take.scene_digest != self.scene.digest:
            self.notices.append(f"The scene has changed since {take.name} was played; "
                                "its spins are replayed under the scene as it is now.")
        result = replay(self.scene, take.spins, take.seed, take.turns, take.name)
        if result.problem:
            self.notices.append(result.problem)
        self.play, self.take_name, self.take_key = result.play, take.name, take.key
        self.note, self.parent, self.stored, self.saved = take.note, take.parent, take.spins, True

    def switch(self, name: str, key: str = "") -> Take:
        take = self.store.read(key) if key else self.store.get(name)
        self.open(take)
        return take

    def fork(self, name: str) -> Take:
        """A new take holding the spins so far (and the current take's later spins, ready to replay)."""
        try:
            name = check_name(name)
        except TakesError as error:
            raise Refusal(str(error)) from None
        turn = self.play.game.state.turn
        origin = self.take_name or "a new take"
        spins = len(self.play.spins())
        note = f"forked from {origin} at spin {spins} (turn {turn})"
        take = dataclasses.replace(as_take(self.play, name, note=note), parent=self.take_name)
        try:
            kept = self.store.create(take, exact=True)
        except TakeExists as error:
            raise Refusal(str(error)) from None
        self.take_name, self.take_key, self.note, self.parent = kept.name, kept.key, kept.note, kept.parent
        self.stored, self.saved, self.forked_from = kept.spins, True, None
        return kept

    def renamed(self, take: Take) -> None:
        """The current take was renamed (its file moved): go on saving into the new one."""
        self.take_name, self.take_key = take.name, take.key

    def new_take(self) -> None:
        """Begin again from the first turn, as a new take (saved at its first spin)."""
        self.open(None)

    # -- the scene file ------------------------------------------------------------------------
    def scene_changed_on_disk(self) -> bool:
        return _stamp(self.path) != self.stamp

    def reload(self) -> str | None:
        """Read the scene file again (SceneError if it cannot be played); replay the spins so far.

        A saved take that no longer replays whole under the edited scene is left as it is on disk,
        and the play goes on in a new take (forked_from names the original)."""
        scene = load_scene(self.path)
        self.stamp = _stamp(self.path)
        spins = list(self.play.take_spins)
        used = len(self.play.spins())
        turns = self.play.game.state.turn
        name = self.take_name or "the take"
        self.scene = scene
        self.forked_from = None
        whole = replay(scene, self.stored, self.play.seed, 0, name) if self.saved else None
        result = replay(scene, spins[:used], self.play.seed, turns, name)
        result.play.take_spins[used:] = spins[used:] if result.play.game.spins_used == used else []
        self.play = result.play
        if whole is not None and whole.problem:
            self._become_fork(name, len(self.play.spins()), self.play.game.state.turn)
            self.note = f"from {name}, which no longer replays whole under the edited scene"
            return f"{whole.problem}. {name} is kept as it was; you play on in a new take."
        return result.problem


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
