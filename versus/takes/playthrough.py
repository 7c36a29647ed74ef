"""A scene in play: the game, where each spin came from, the asides fired and the beats held."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from versus.boards import load_board
from versus.rules import Game
from versus.rules.game import Action
from versus.scenes.model import Aside, Scene
from versus.scenes.patterns import BeatsHeld, Tracker
from versus.scenes.spins import drawn, spin_at


@dataclass(frozen=True, slots=True)
class Played:
    """One action of the take, with the spin's source: "script", "seed", or "take" (typed or edited)."""

    action: Action
    source: str | None  # None for a skipped turn


@dataclass(frozen=True, slots=True)
class Firing:
    """An aside placed after an event: action index and event index within that action."""

    aside: Aside
    action: int
    event: int


class AsidesFired:
    """Which asides fire as a game's actions are fed in, in order: each once, or at every match if `every`."""

    def __init__(self, scene: Scene) -> None:
        self.asides = list(scene.asides)
        self.tracker = Tracker([a.when for a in self.asides], len(scene.players))
        self.fired: set[int] = set()

    def feed(self, action: Action) -> list[tuple[int, int]]:
        """(aside index, event index) of each aside this action fires, in event order."""
        out = []
        for k, event in self.tracker.feed(action):
            if self.asides[k].every or k not in self.fired:
                self.fired.add(k)
                out.append((k, event))
        return out

    def copy(self) -> AsidesFired:
        twin = AsidesFired.__new__(AsidesFired)
        twin.asides, twin.tracker, twin.fired = self.asides, self.tracker.copy(), set(self.fired)
        return twin


class Playthrough:
    """Plays a scene one action at a time; spins come from the take, else the script, else the seed."""

    def __init__(self, scene: Scene, take_spins: list[int] | None = None, seed: int | None = None) -> None:
        self.scene = scene
        self.board = load_board(scene.game)
        self.rules = self.board.rules(scene.preset, **dict(scene.switches))
        self.seed = scene.seed if seed is None else seed
        self.game = Game(self.board, self.rules, len(scene.players))
        self.take_spins = list(take_spins or [])
        self.played: list[Played] = []

    def copy(self) -> Playthrough:
        """An independent playthrough at the same point (for work off the UI thread), without replaying."""
        twin = Playthrough.__new__(Playthrough)
        twin.scene, twin.board, twin.rules, twin.seed = self.scene, self.board, self.rules, self.seed
        twin.game, twin.take_spins, twin.played = self.game.copy(), list(self.take_spins), list(self.played)
        return twin

    # -- where spins come from ------------------------------------------------------------------
    @property
    def faces(self) -> int:
        return self.rules.teetotum

    @property
    def next_k(self) -> int:
        return self.game.spins_used + 1

    def next_spin(self) -> tuple[int, str]:
        """The spin the next action would use unless the author types another, and its source."""
        k = self.next_k
        if k <= len(self.take_spins):
            return self.take_spins[k - 1], self.source_of(k, self.take_spins[k - 1])
        spin, scripted = spin_at(self.scene.spins, self.seed, k, self.faces)
        return spin, "script" if scripted else "seed"

    def source_of(self, k: int, spin: int) -> str:
        script = self.scene.spins
        if k <= len(script) and script[k - 1] is not None:
            return "script" if script[k - 1] == spin else "take"
        return "seed" if drawn(self.seed, k, self.faces) == spin else "take"

    # -- playing ----------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Won, or stopped at end.max_turns with the last turn complete."""
        state = self.game.state
        return state.over or (state.turn >= self.scene.max_turns and state.pending is None)

    def step(self, spin: int | None = None) -> Played:
        """Play the next action; spin overrides the take/script/seed (a skipped turn ignores it)."""
        state = self.game.state
        if not state.needs_spin:
            played = Played(self.game.play(None), None)
        else:
            k = self.next_k
            if spin is None:
                spin, source = self.next_spin()
            else:
                source = self.source_of(k, spin)
            played = Played(self.game.play(spin), source)
            if k > len(self.take_spins) or self.take_spins[k - 1] != spin:
                self.take_spins[k - 1:] = [spin]  # a different spin here ends what the take held after it
        self.played.append(played)
        return played

    def undo(self) -> Played | None:
        if not self.played:
            return None
        self.game.undo()
        return self.played.pop()

    def play_out(self) -> Iterator[Played]:
        while not self.finished:
            yield self.step()

    def spins(self) -> list[int]:
        """The spins the game has used so far, in order."""
        return [p.action.spin for p in self.played if p.action.spin is not None]

    # -- what the story made of it -----------------------------------------------------------
    def firings(self) -> list[Firing]:
        asides = AsidesFired(self.scene)
        out = [Firing(asides.asides[k], index, event)
               for index, played in enumerate(self.played) for k, event in asides.feed(played.action)]
        for k in self._at_end(asides.tracker):  # losing, finishing last, leading at the end: after the last event
            last = len(self.played) - 1
            out.append(Firing(asides.asides[k], last, len(self.played[last].action.events) - 1))
        return out

    def _at_end(self, tracker: Tracker) -> list[int]:
        """The end patterns that hold, once the game is over (none before)."""
        if not self.finished or not self.played:
            return []
        state = self.game.state
        return tracker.at_end(state.pos, state.winner)

    def firings_by_action(self) -> dict[int, list[Firing]]:
        """The asides fired, grouped by the index of the action they follow."""
        grouped: dict[int, list[Firing]] = {}
        for firing in self.firings():
            grouped.setdefault(firing.action, []).append(firing)
        return grouped

    def beats(self) -> list[tuple[str, bool]]:
        """Each beat with whether it holds in the game so far."""
        beats = BeatsHeld(self.scene.beats, len(self.scene.players))
        for played in self.played:
            beats.feed(played.action)
        beats.mark(self._at_end(beats.tracker))
        return beats.said()
