"""The scene in play: the current take and its playthrough, kept apart from the widgets.

A plain class (no Textual), so that the screens only show it and ask it to act, and so that
it can be tested without a terminal. Every change that a spin makes is saved at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from versus.scenes.load import load_scene
from versus.scenes.model import Scene
from versus.takes.outcome import as_take
from versus.takes.playthrough import Played, Playthrough
from versus.takes.store import Take, TakesError, TakeStore


class Refusal(Exception):
    """An action that cannot be taken now; the message says why, for the person at the keys."""


@dataclass(frozen=True, slots=True)
class Replayed:
    play: Playthrough
    problem: str | None = None  # why the take could not be replayed to its end, if it could not


def replay(scene: Scene, spins: tuple[int, ...] | list[int], seed: int, turns: int = 0,
           name: str = "the take") -> Replayed:
    """A playthrough of the scene with these spins played, then any skipped turns up to `turns`."""
    play = Playthrough(scene, take_spins=list(spins), seed=seed)
    try:
        while not play.finished and play.next_k <= len(spins):
            play.step()
        while not play.finished and not play.game.state.needs_spin and play.game.state.turn < turns:
            play.step()
    except ValueError as error:
        return Replayed(play, f"{name} replays only to spin {play.next_k - 1}: {error}")
    used = play.game.spins_used
    if used < len(spins):
        return Replayed(play, f"{name} has {len(spins) - used} spins after the game's end; they are not played")
    return Replayed(play)


class Session:
    """One scene file open in the app: its takes, the current take and its playthrough."""

    def __init__(self, scene_path: str | Path, take_name: str | None = None, scene: Scene | None = None) -> None:
        self.path = Path(scene_path)
        self.scene = scene if scene is not None else load_scene(self.path)
        self.store = TakeStore(self.path)
        self.stamp = _stamp(self.path)
        self.notices: list[str] = []  # things to tell the person once the app is showing
        self.take_name = ""
        self.note = ""
        self.saved = False  # whether the current take is in the sidecar
        take = None
        try:
            take = self.store.get(take_name) if take_name else self.store.latest()
        except TakesError as error:
            self.notices.append(str(error))
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

    # -- taking turns ------------------------------------------------------------------------
    def spin(self, number: int | None = None) -> Played:
        """Play the next action: number as this spin, else the take's, the script's or the seed's."""
        play = self.play
        state = play.game.state
        if play.finished:
            if state.winner is not None:
                raise Refusal(f"The game is over: {self.names[state.winner]} has won. "
                              "u takes back the last spin; f forks a new take.")
            raise Refusal(f"The game stops at turn {self.scene.max_turns} (end.max_turns in the scene).")
        if number is not None:
            if not state.needs_spin:
                who = self.names[state.spinner]
                raise Refusal(f"{who} sits out this turn, so it takes no spin: space passes it.")
            if not 1 <= number <= play.faces:
                raise Refusal(f"The teetotum has {play.faces} faces: {number} cannot be spun. "
                              f"Choose from 1 to {play.faces}.")
        played = play.step(number)
        return played

    def undo(self) -> Played:
        played = self.play.undo()
        if played is None:
            raise Refusal("Nothing to take back: no spin has been played in this take.")
        return played

    # -- takes -------------------------------------------------------------------------------
    def current_take(self) -> Take:
        return as_take(self.play, self.take_name, note=self.note)

    def save(self) -> Take:
        """Save the current take under its name (a new take gets the next free name); TakesError/OSError."""
        if not self.take_name:
            self.take_name = self.store.new_name()
        take = self.store.save(self.current_take())
        self.saved = True
        return take

    def takes(self) -> list[Take]:
        return self.store.load()

    def open(self, take: Take | None) -> None:
        """Make this take current, replayed to where it was left (None: a new, unsaved take)."""
        if take is None:
            self.play = Playthrough(self.scene)
            self.take_name, self.note, self.saved = "", "", False
            return
        if take.scene_digest and take.scene_digest != self.scene.digest:
            self.notices.append(f"The scene has changed since {take.name} was played; "
                                "its spins are replayed under the scene as it is now.")
        result = replay(self.scene, take.spins, take.seed, take.turns, take.name)
        if result.problem:
            self.notices.append(result.problem)
        self.play, self.take_name, self.note, self.saved = result.play, take.name, take.note, True

    def switch(self, name: str) -> Take:
        take = self.store.get(name)
        self.open(take)
        return take

    def fork(self, name: str) -> Take:
        """A new take holding the spins so far (and the current take's later spins, ready to replay)."""
        name = name.strip()
        if not name:
            raise Refusal("A take needs a name.")
        if any(t.name == name for t in self.store.load()):
            raise Refusal(f"There is already a take called {name}; choose another name.")
        turn = self.play.game.state.turn
        origin = self.take_name or "a new take"
        spins = len(self.play.spins())
        previous = (self.take_name, self.note)
        self.take_name = name
        self.note = f"forked from {origin} at spin {spins} (turn {turn})"
        try:
            return self.save()
        except BaseException:
            self.take_name, self.note = previous
            raise

    def new_take(self) -> None:
        """Begin again from the first turn, as a new take (saved at its first spin)."""
        self.open(None)

    # -- the scene file ------------------------------------------------------------------------
    def scene_changed_on_disk(self) -> bool:
        return _stamp(self.path) != self.stamp

    def reload(self) -> str | None:
        """Read the scene file again (SceneError if it cannot be played); replay the spins so far."""
        scene = load_scene(self.path)
        self.stamp = _stamp(self.path)
        spins = list(self.play.take_spins)
        used = len(self.play.spins())
        turns = self.play.game.state.turn
        self.scene = scene
        result = replay(scene, spins[:used], self.play.seed, turns, self.take_name or "the take")
        result.play.take_spins[used:] = spins[used:] if result.play.game.spins_used == used else []
        self.play = result.play
        return result.problem


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size)
