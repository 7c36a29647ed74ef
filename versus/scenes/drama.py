"""Beats about the drama of the race (docs/race.md §3): the lead changing hands, who leads, who trails.

    lead changes at least N times
    PLAYER leads after turn N
    PLAYER trails by at least N spaces
    the winner's chance falls below 1 in N

Beats only (an aside needs a moment of the story to follow, and these are states of the race).
The first three are settled by the positions after each action, read here from the events; each
holds from the action that settles it on, so the solver's simulator keeps them as flags, as it
keeps a landing (versus.odds.beats). The last needs each turn's chances from the simulator, so the
tracker here never holds it: the race figures (versus.race) and the solver's replay judge it.
"""

from __future__ import annotations

from typing import Protocol

from versus.rules import events as ev
from versus.rules.board import Board, Rules
from versus.rules.lead import LeadFollower, deficit, sole_leader
from versus.scenes.model import Pattern


class Vocabulary(Protocol):
    """What a drama beat may name (versus.scenes.patterns.Vocabulary gives it)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def board(self) -> Board: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def max_turns(self) -> int: ...

FORMS = ["lead changes at least N times", "PLAYER leads after turn N", "PLAYER trails by at least N spaces",
         "the winner's chance falls below 1 in N"]
VERBS = ("leads", "trails")  # what a player does in these beats, for the suggestions of a misspelt verb
KINDS = ("lead-changes", "leads-after", "trails", "chance-below")
TRACKED = ("lead-changes", "leads-after", "trails")  # settled by the positions, action by action
_MOVES = (ev.Moved, ev.Advanced, ev.Sent, ev.Displaced, ev.Relieved, ev.Released, ev.Overshot, ev.Respun)


class DramaError(ValueError):
    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


def parse_drama(words: list[tuple[str, int]], text: str, vocab: Vocabulary, beat: bool) -> Pattern | None:
    """The drama beat these words say, None when they say none of the forms (for the other patterns to read).

    DramaError (with the offset of the bad word) when they begin like one and go wrong."""
    low = [w.lower().replace("\u2019", "'") for w, _ in words]
    if low[:2] == ["lead", "changes"]:
        pattern = _lead_changes(words, low, text)
    elif low[:2] == ["the", "winner's"]:
        pattern = _chance(words, low, text)
    elif len(low) >= 3 and low[1] == "leads" and low[2] == "after" and words[0][0] in vocab.players:
        pattern = _leads_after(words, low, text, vocab)
    elif len(low) >= 2 and low[1] == "trails" and words[0][0] in vocab.players:
        pattern = _trails(words, low, text, vocab)
    elif words[0][0] not in vocab.players and low[0] in ("lead", "leads", "the"):  # a near miss of a form above
        raise DramaError(f"expected '{FORMS[0] if low[0] != 'the' else FORMS[3]}'")
    else:
        return None
    if not beat:
        raise DramaError(f"'{FORMS[KINDS.index(pattern.kind)]}' is for beats only: an aside needs an event to follow")
    return pattern


def _number(word: str, offset: int, least: int, most: int, what: str) -> int:
    if not word.isdigit() or len(word) > 6:
        raise DramaError(f"expected a whole number, not {word!r}", offset)
    if not least <= int(word) <= most:
        raise DramaError(f"{what} must be from {least} to {most}, not {word}", offset)
    return int(word)


def _lead_changes(words: list[tuple[str, int]], low: list[str], text: str) -> Pattern:
    if len(low) != 6 or low[2:4] != ["at", "least"] or low[5] not in ("times", "time"):
        raise DramaError("expected 'lead changes at least N times'")
    n = _number(words[4][0], words[4][1], 1, 1000, "the number of lead changes")
    return Pattern("lead-changes", number=n, text=text)


def _chance(words: list[tuple[str, int]], low: list[str], text: str) -> Pattern:
    if len(low) != 8 or low[2:5] != ["chance", "falls", "below"] or low[5] != "1" or low[6] != "in":
        raise DramaError("expected 'the winner's chance falls below 1 in N'")
    return Pattern("chance-below", number=_number(words[7][0], words[7][1], 2, 100, "N in '1 in N'"), text=text)


def _leads_after(words: list[tuple[str, int]], low: list[str], text: str, vocab: Vocabulary) -> Pattern:
    if len(low) != 5 or low[3] != "turn":
        raise DramaError(f"expected '{words[0][0]} leads after turn N'", words[1][1])
    last = vocab.max_turns - 1  # after turn N, turn N + 1 must come for the standings to be read
    if last < 1:
        raise DramaError("impossible: the scene stops after one turn (end.max_turns)", words[4][1])
    n = _number(words[4][0], words[4][1], 1, last, f"the turn (the scene stops after {vocab.max_turns}: end.max_turns)")
    return Pattern("leads-after", vocab.players.index(words[0][0]), number=n, text=text)


def _trails(words: list[tuple[str, int]], low: list[str], text: str, vocab: Vocabulary) -> Pattern:
    if len(low) != 7 or low[2:5] != ["by", "at", "least"] or low[6] not in ("spaces", "space"):
        raise DramaError(f"expected '{words[0][0]} trails by at least N spaces'", words[1][1])
    most = vocab.board.goal - vocab.rules.start
    n = _number(words[5][0], words[5][1], 1, most, f"the spaces behind (the board runs {most} from the start)")
    return Pattern("trails", vocab.players.index(words[0][0]), number=n, text=text)


def contradictions(beats: list[Pattern] | tuple[Pattern, ...]) -> list[str]:
    """Drama beats that cannot hold together, in plain sentences."""
    found = []
    leaders: dict[int, Pattern] = {}
    for b in beats:
        if b.kind != "leads-after" or b.number is None:
            continue
        other = leaders.setdefault(b.number, b)
        if other.player != b.player:
            found.append(f"'{other}' and '{b}' cannot both hold: only one player leads after a turn")
    return found


class DramaWatch:
    """Follows the positions through a game's events; after each action says which drama beats now hold."""

    def __init__(self, patterns: list[Pattern], players: int) -> None:
        self.mine = [(k, p) for k, p in enumerate(patterns) if p.kind in TRACKED]
        self.pos: list[int] | None = None  # everyone begins on the start square: read from the first move
        self.lead = LeadFollower(players)
        self.players = players

    def copy(self) -> DramaWatch:
        """A watch at the same point (its patterns shared: they never change)."""
        twin = DramaWatch.__new__(DramaWatch)
        twin.mine, twin.players, twin.lead = self.mine, self.players, self.lead.copy()
        twin.pos = None if self.pos is None else list(self.pos)
        return twin

    def feed(self, events: tuple[ev.Event, ...], turn: int) -> list[int]:
        """The drama patterns (by index) that hold after this action, the action's events given in order."""
        if not self.mine:
            return []
        hits: list[int] = []
        for event in events:
            if isinstance(event, ev.TurnBegan) and self.pos is not None:
                hits += self._turn_ends(event.turn - 1)
            if isinstance(event, _MOVES):
                if self.pos is None:
                    self.pos = [_origin(event)] * self.players
                self.pos[event.player] = event.origin if isinstance(event, ev.Respun) else event.to
            if isinstance(event, ev.Won):
                hits += [k for k, p in self.mine if p.kind == "leads-after" and p.player == event.player
                         and turn <= (p.number or 0)]
        if self.pos is not None:
            self.lead.feed(self.pos, turn)
            hits += [k for k, p in self.mine if self._holds(p)]
        return hits

    def _holds(self, p: Pattern) -> bool:
        """Whether a lead-change or trailing beat holds with the positions as they now stand."""
        assert self.pos is not None
        if p.kind == "lead-changes":
            return self.lead.changes >= (p.number or 0)
        return p.kind == "trails" and deficit(self.pos, p.player or 0) >= (p.number or 0)

    def _turn_ends(self, turn: int) -> list[int]:
        """The standings after `turn`, read as the next turn begins."""
        assert self.pos is not None
        leader = sole_leader(self.pos)
        return [k for k, p in self.mine if p.kind == "leads-after" and p.number == turn and p.player == leader]


def _origin(event: ev.Event) -> int:
    """Where the mover stood before the game's first move (a count from the start square, which everybody
    shares then)."""
    return event.frm if isinstance(event, ev.Moved) else 0
