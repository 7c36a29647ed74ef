"""The take's log lines, asides and beats, kept as the play goes: each spin adds to it, each undo takes away.

Playthrough.firings() and .beats() read the whole take; at turn 300 that is most of a key's work.
A Trail keeps, for every action, its log lines and the same trackers (AsidesFired, BeatsHeld) as
they stood after it, so a spin costs one action's work and an undo costs none.
"""

from __future__ import annotations

from dataclasses import dataclass

from versus.scenes.model import Scene
from versus.scenes.patterns import BeatsHeld
from versus.takes.log import aside_words, describe, spin_words
from versus.takes.playthrough import AsidesFired, Played, Playthrough


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


@dataclass(frozen=True, slots=True)
class _Step:
    played: Played
    lines: tuple[LogLine, ...]
    asides: AsidesFired  # as they stood after this action (never fed again)
    beats: BeatsHeld


class Trail:
    def __init__(self) -> None:
        self.scene: Scene | None = None
        self.steps: list[_Step] = []
        self.lines: list[LogLine] = []
        self._names: list[str] = []
        self._asides: AsidesFired | None = None  # before the first action
        self._beats: BeatsHeld | None = None
        self._end: tuple[tuple[int, ...], int | None] | None = None  # where all stood when the game ended

    def sync(self, play: Playthrough) -> None:
        """Catch up with the play: drop the actions it no longer has, add the ones it gained."""
        scene = play.scene
        if scene is not self.scene:  # a reloaded scene: its asides and beats may differ
            self.scene, self.steps, self.lines = scene, [], []
            self._names = [p.called for p in scene.players]
            self._asides = AsidesFired(scene)
            self._beats = BeatsHeld(scene.beats, len(scene.players))
        played = play.played
        keep = min(len(self.steps), len(played))
        while keep and self.steps[keep - 1].played is not played[keep - 1]:
            keep -= 1
        for step in self.steps[keep:]:
            del self.lines[len(self.lines) - len(step.lines):]
        del self.steps[keep:]
        for index in range(keep, len(played)):
            self._add(play, index)
        state = play.game.state
        self._end = (state.pos, state.winner) if play.finished and played else None

    def _add(self, play: Playthrough, index: int) -> None:
        scene, names = self.scene, self._names
        before = self.steps[-1] if self.steps else None
        asides = (before.asides if before else self._asides)
        beats = (before.beats if before else self._beats)
        assert scene is not None and asides is not None and beats is not None  # sync sets them first
        asides, beats = asides.copy(), beats.copy()
        played = play.played[index]
        action = played.action
        text = describe(action, play.board, names)
        spin = "" if action.spin is None else spin_words(action.spin, played.source)
        lines = [LogLine(index, action.turn, action.player, names[action.player], spin, played.source, text)]
        lines += [LogLine(index, None, action.player, "", "", None, aside_words(scene, scene.asides[k]), aside=True)
                  for k, _ in asides.feed(action)]
        beats.feed(action)
        step = _Step(played, tuple(lines), asides, beats)
        self.steps.append(step)
        self.lines.extend(step.lines)

    def beats(self) -> list[tuple[str, bool]]:
        """Each beat with whether it holds so far (as Playthrough.beats, without the re-reading)."""
        beats = self.steps[-1].beats if self.steps else self._beats
        if beats is None:
            return []
        if self._end is not None:  # losing, finishing last, leading at the end: held once the game is over
            beats = beats.copy()
            beats.mark(beats.tracker.at_end(*self._end))
        return beats.said()
