"""The event patterns of docs/scenes.md §5: parsed against a scene's players and board, matched on events."""

from __future__ import annotations

import re
from dataclasses import dataclass

from versus.rules import events as ev
from versus.rules.board import Board, Rules
from versus.rules.game import Action
from versus.rules.reach import resting_and_landing
from versus.scenes.model import Pattern
from versus.scenes.problems import suggest


class PatternError(ValueError):
    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset  # where in the pattern text the problem starts


FORMS = [
    "PLAYER wins", "PLAYER lands on SPACE", "PLAYER reaches SPACE", "PLAYER pays", "PLAYER pays N",
    "PLAYER is confined", "PLAYER overshoots", "PLAYER displaces PLAYER", "turn N", "round N",
    "game lasts at least N turns", "game lasts at most N turns",
]
BEAT_ONLY = ("lasts-at-least", "lasts-at-most")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Vocabulary:
    """What a pattern may name: the scene's player ids, the board, the rules in force."""

    players: tuple[str, ...]
    board: Board
    rules: Rules
    max_turns: int

    def seat(self, word: str, offset: int) -> int:
        if word in self.players:
            return self.players.index(word)
        raise PatternError(f"unknown player {word!r}{suggest(word, self.players)}", offset)

    def space(self, text: str, offset: int) -> int:
        if text.isdigit():
            number = int(text)
            if 1 <= number <= self.board.goal:
                return number
            raise PatternError(f"no space {number} on {self.board.id} (1 to {self.board.goal})", offset)
        names = {_plain(s.name): s.number for s in self.board.spaces if s.name}
        if _plain(text) in names:
            return names[_plain(text)]
        choices = [s.name for s in self.board.spaces if s.name]
        raise PatternError(f"no space called {text!r} on {self.board.id}{suggest(text, choices)}", offset)


def _plain(name: str) -> str:
    words = name.lower().split()
    return " ".join(words[1:] if words and words[0] in ("the", "a") and len(words) > 1 else words)


def parse(text: str, vocab: Vocabulary, beat: bool = False) -> Pattern:
    """Parse one pattern; PatternError (with the offset of the bad word) if it is malformed or impossible."""
    words = [(m.group(), m.start()) for m in _WORD.finditer(text)]
    if not words:
        raise PatternError("an empty pattern; expected one of: " + "; ".join(FORMS))
    head, head_at = words[0]
    lowered = [w.lower() for w, _ in words]
    if head.lower() in ("turn", "round"):
        return _counted(head.lower(), words, text)
    if head.lower() == "game":
        return _lasts(words, lowered, text, vocab, beat)
    player = vocab.seat(head, head_at)
    if len(words) < 2:
        raise PatternError(f"{head!r} alone says nothing; expected e.g. '{head} wins' or '{head} lands on SPACE'",
                           head_at)
    verb, verb_at = lowered[1], words[1][1]
    rest = text[verb_at + len(words[1][0]):].strip()
    if verb == "wins" and len(words) == 2:
        return Pattern("wins", player, text=text)
    if verb == "overshoots" and len(words) == 2:
        return Pattern("overshoots", player, text=text)
    if lowered[1:] == ["is", "confined"]:
        return Pattern("confined", player, text=text)
    if verb == "pays":
        return _pays(player, words, text)
    if verb in ("lands", "reaches"):
        return _space_pattern(verb, player, words, lowered, text, vocab)
    if verb == "displaces" and len(words) == 3:
        other = vocab.seat(words[2][0], words[2][1])
        if other == player:
            raise PatternError("a player cannot displace himself", words[2][1])
        if not vocab.rules.collisions:
            raise PatternError("nobody is displaced here: collisions are off for this game", verb_at)
        return Pattern("displaces", player, other=other, text=text)
    verbs = ["wins", "lands", "reaches", "pays", "is", "overshoots", "displaces"]
    if verb not in verbs:
        raise PatternError(f"unknown verb {words[1][0]!r}{suggest(verb, verbs)}", verb_at)
    raise PatternError(f"cannot read {rest or verb!r} after the player; expected one of: "
                       + "; ".join(f for f in FORMS if f.startswith("PLAYER")), verb_at)


def _number(word: str, offset: int, least: int = 1) -> int:
    if not word.isdigit() or len(word) > 6:
        raise PatternError(f"expected a whole number, not {word!r}", offset)
    if int(word) < least:
        raise PatternError(f"the number must be at least {least}", offset)
    return int(word)


def _counted(kind: str, words, text: str) -> Pattern:
    if len(words) != 2:
        raise PatternError(f"expected '{kind} N'", 0)
    return Pattern(kind, number=_number(*words[1]), text=text)


def _lasts(words, lowered, text: str, vocab: Vocabulary, beat: bool) -> Pattern:
    if lowered[1:3] != ["lasts", "at"] or len(words) != 6 or lowered[3] not in ("least", "most") \
            or lowered[5] not in ("turns", "turn"):
        raise PatternError("expected 'game lasts at least N turns' or 'game lasts at most N turns'", 0)
    if not beat:
        raise PatternError("'game lasts …' is for beats only: an aside needs an event to follow", 0)
    n = _number(*words[4])
    if lowered[3] == "least" and n > vocab.max_turns:
        raise PatternError(f"impossible: the scene stops after {vocab.max_turns} turns (end.max_turns)",
                           words[4][1])
    return Pattern(f"lasts-at-{lowered[3]}", number=n, text=text)


def _pays(player: int, words, text: str) -> Pattern:
    if len(words) == 2:
        return Pattern("pays", player, text=text)
    if len(words) == 3:
        return Pattern("pays", player, number=_number(*words[2]), text=text)
    raise PatternError("expected 'PLAYER pays' or 'PLAYER pays N'", words[3][1])


def _space_pattern(verb: str, player: int, words, lowered, text: str, vocab: Vocabulary) -> Pattern:
    skip = 2 if verb == "reaches" else 3
    if verb == "lands" and lowered[2:3] != ["on"]:
        raise PatternError("expected 'lands on SPACE'", words[1][1])
    if len(words) <= skip:
        raise PatternError(f"expected a space after {' '.join(w for w, _ in words[1:skip])!r}", words[-1][1])
    at = words[skip][1]
    number = vocab.space(text[at:].strip(), at)
    space = vocab.board.space(number)
    rest, land = resting_and_landing(vocab.board, vocab.rules)
    if verb == "lands" and number not in land:
        raise PatternError(f"impossible: no spin is ever counted onto {space.name} under these rules", at)
    if verb == "reaches" and number not in rest:
        raise PatternError(f"impossible: nobody ever comes to rest on {space.name} under these rules "
                           "(its direction moves the player on; try 'lands on')", at)
    return Pattern("lands" if verb == "lands" else "reaches", player, space=number, text=text)


# -- matching ---------------------------------------------------------------------------------
_MOVES = (ev.Moved, ev.Advanced, ev.Sent, ev.Displaced, ev.Relieved, ev.Released, ev.Overshot, ev.Respun)


class Tracker:
    """Feeds on a game's actions in order; says which events match each pattern."""

    def __init__(self, patterns: list[Pattern], players: int) -> None:
        self.patterns = patterns
        self.players = players
        self.paid = [0] * players  # counters paid so far, to the pool and to players
        self.turns = 0
        self._payment = 0

    def feed(self, action: Action) -> list[tuple[int, int]]:
        """(pattern index, event index) for every match in this action, in event order."""
        hits: list[tuple[int, int]] = []
        rests: dict[int, tuple[int, int]] = {}  # player -> (event index, position) of the last move
        for i, event in enumerate(action.events):
            if isinstance(event, ev.TurnBegan):
                self.turns = event.turn
            if isinstance(event, _MOVES):
                rests[event.player] = (i, _to(event))
            self._count_payment(event)
            for k, pattern in enumerate(self.patterns):
                if pattern.kind != "reaches" and self._matches(pattern, event):
                    hits.append((k, i))
        for k, pattern in enumerate(self.patterns):
            if pattern.kind == "reaches" and pattern.player in rests:
                i, pos = rests[pattern.player]
                if pos == pattern.space:
                    hits.append((k, i))
        return sorted(hits, key=lambda h: (h[1], h[0]))

    def _matches(self, p: Pattern, e: ev.Event) -> bool:
        kind = p.kind
        if kind == "turn":
            return isinstance(e, ev.TurnBegan) and e.turn == p.number
        if kind == "round":
            return isinstance(e, ev.TurnBegan) and e.turn == (p.number - 1) * self.players + 1  # type: ignore[operator]
        if kind in BEAT_ONLY or getattr(e, "player", None) != p.player:
            return kind == "displaces" and isinstance(e, ev.Displaced) and e.by == p.player and e.player == p.other
        if kind == "wins":
            return isinstance(e, ev.Won)
        if kind == "lands":
            return isinstance(e, ev.Landed) and e.space == p.space
        if kind == "confined":
            return isinstance(e, ev.Confined)
        if kind == "overshoots":
            return isinstance(e, ev.Overshot)
        if kind == "pays":
            return self._pays(p, e)
        return False

    def _count_payment(self, e: ev.Event) -> None:
        amount = e.paid if isinstance(e, ev.Fined) else e.amount if isinstance(e, ev.Paid) else 0
        self._payment = amount
        if amount:
            self.paid[e.player] += amount

    def _pays(self, p: Pattern, e: ev.Event) -> bool:
        if not self._payment:
            return False
        if p.number is None:
            return True
        after = self.paid[e.player]
        return after - self._payment < p.number <= after

    def lasts(self, p: Pattern) -> bool:
        return self.turns >= p.number if p.kind == "lasts-at-least" else self.turns <= p.number  # type: ignore[operator]

    def copy(self) -> Tracker:
        """A tracker at the same point that later feeding of either leaves the other alone."""
        twin = Tracker.__new__(Tracker)
        twin.patterns, twin.players, twin.paid = self.patterns, self.players, list(self.paid)
        twin.turns, twin._payment = self.turns, self._payment
        return twin


class BeatsHeld:
    """Which beats hold as a game's actions are fed in, in order: an event beat once its event has
    happened; a `game lasts` beat by the turns played so far. The one reading of a beat: the take's,
    the app's, the solver's and the odds' (the simulator's vectorised form is tested against it)."""

    def __init__(self, beats: list[Pattern] | tuple[Pattern, ...], players: int) -> None:
        self.beats = list(beats)
        self.tracker = Tracker(self.beats, players)
        self.happened = [False] * len(self.beats)  # each beat's event seen (never for a lasts beat)

    def feed(self, action: Action) -> None:
        for k, _ in self.tracker.feed(action):
            self.happened[k] = True

    def held(self) -> list[bool]:
        return [self.tracker.lasts(b) if b.kind in BEAT_ONLY else seen
                for b, seen in zip(self.beats, self.happened, strict=True)]

    def said(self) -> list[tuple[str, bool]]:
        """Each beat as written, with whether it holds so far."""
        return list(zip((str(b) for b in self.beats), self.held(), strict=True))

    def copy(self) -> BeatsHeld:
        twin = BeatsHeld.__new__(BeatsHeld)
        twin.beats, twin.tracker, twin.happened = self.beats, self.tracker.copy(), list(self.happened)
        return twin


def _to(event) -> int:
    return event.origin if isinstance(event, ev.Respun) else event.to
