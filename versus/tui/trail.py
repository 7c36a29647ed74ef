"""The take's log lines, asides and beats, kept as the play goes: each spin adds to it, each undo takes away.

Playthrough.firings() and .beats() read the whole take; at turn 300 that is most of a key's work.
A Trail keeps, for every action, its log lines and the trackers' state after it, so a spin costs
one action's work and an undo costs none (the trackers go back to the state kept before it).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from versus.scenes.model import Scene
from versus.scenes.patterns import Tracker
from versus.takes.log import aside_words, describe, spin_words
from versus.takes.playthrough import Played, Playthrough


@dataclass(frozen=True, slots=True)
class LogLine:
    index: int  # the action's index in the take (asides share their action's index)
    turn: int | None
    seat: int
    who: str
    spin: str  # "spins 3 (scripted)", or "" for a turn sat out (the text says so)
    source: str | None  # script | seed | take | None
    text: str
    aside: bool = False


@dataclass(slots=True)
class _Step:
    played: Played
    lines: tuple[LogLine, ...]
    asides: Tracker  # the aside tracker after this action
    fired: frozenset[int]  # asides fired so far (each fires once unless `every`)
    beats: Tracker
    held: frozenset[int]  # beats held so far


def _snapshot(tracker: Tracker) -> Tracker:
    """A copy that later feeding cannot change (its lists copied; the patterns shared)."""
    twin = copy.copy(tracker)
    for name, value in vars(tracker).items():
        if isinstance(value, (list, dict, set)) and name != "patterns":
            setattr(twin, name, copy.copy(value))
    return twin


class Trail:
    def __init__(self) -> None:
        self.scene: Scene | None = None
        self.steps: list[_Step] = []
        self.lines: list[LogLine] = []

    def sync(self, play: Playthrough) -> None:
        """Catch up with the play: drop the actions it no longer has, add the ones it gained."""
        scene = play.scene
        if scene is not self.scene:  # a reloaded scene: its asides and beats may differ
            self.scene, self.steps, self.lines = scene, [], []
            self._names = [p.called for p in scene.players]
            self._start_asides = Tracker([a.when for a in scene.asides], len(scene.players))
            self._start_beats = Tracker(list(scene.beats), len(scene.players))
        played = play.played
        keep = min(len(self.steps), len(played))
        while keep and self.steps[keep - 1].played is not played[keep - 1]:
            keep -= 1
        for step in self.steps[keep:]:
            del self.lines[len(self.lines) - len(step.lines):]
        del self.steps[keep:]
        for index in range(keep, len(played)):
            self._add(play, index)

    def _add(self, play: Playthrough, index: int) -> None:
        scene, names = self.scene, self._names
        assert scene is not None  # sync sets the scene before it adds any action
        before = self.steps[-1] if self.steps else None
        asides = _snapshot(before.asides if before else self._start_asides)
        beats = _snapshot(before.beats if before else self._start_beats)
        fired = set(before.fired) if before else set()
        held = set(before.held) if before else set()
        played = play.played[index]
        action = played.action
        text = describe(action, play.board, names)
        spin = "" if action.spin is None else spin_words(action.spin, played.source)
        lines = [LogLine(index, action.turn, action.player, names[action.player], spin, played.source, text)]
        for k, _event in asides.feed(action):
            aside = scene.asides[k]
            if aside.every or k not in fired:
                fired.add(k)
                lines.append(LogLine(index, None, action.player, "", "", None, aside_words(scene, aside), aside=True))
        held.update(k for k, _ in beats.feed(action))
        step = _Step(played, tuple(lines), asides, frozenset(fired), beats, frozenset(held))
        self.steps.append(step)
        self.lines.extend(step.lines)

    def beats(self) -> list[tuple[str, bool]]:
        """Each beat with whether it holds so far (as Playthrough.beats, without the re-reading)."""
        beats = list(self.scene.beats) if self.scene is not None else []
        last = self.steps[-1] if self.steps else None
        tracker = last.beats if last else getattr(self, "_start_beats", None)
        held = last.held if last else frozenset()
        return [(str(b), tracker.lasts(b) if b.kind.startswith("lasts") else k in held)  # type: ignore[union-attr]
                for k, b in enumerate(beats)]
