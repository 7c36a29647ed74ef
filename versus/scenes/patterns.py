"""The event patterns of docs/scenes.md §5: parsed against a scene's players and board, matched on events."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from versus.boards import SpaceKind, space_kinds
from versus.rules import events as ev
from versus.rules.board import Board, Rules
from versus.rules.game import Action
from versus.rules.reach import resting_and_landing
from versus.scenes import drama
from versus.scenes.model import Pattern
from versus.scenes.problems import nearest_person, suggest, suggest_person


class PatternError(ValueError):
    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset  # where in the pattern text the problem starts


FORMS = [
    "PLAYER wins", "PLAYER lands on SPACE", "PLAYER reaches SPACE", "PLAYER pays", "PLAYER pays N",
    "PLAYER is confined", "PLAYER overshoots", "PLAYER displaces PLAYER", "turn N", "round N",
    "game lasts at least N turns", "game lasts at most N turns",
    # The story's own verbs: a kind of space (the board's kinds: section), losing, the end of the game.
    "PLAYER lands on KIND", "PLAYER reaches KIND", "PLAYER loses", "PLAYER finishes last",
    "PLAYER wins within N turns", "someone wins within N turns", "PLAYER leads at the end", *drama.FORMS,
]
BEAT_ONLY = ("lasts-at-least", "lasts-at-most", *drama.KINDS)
END_KINDS = ("loses", "last", "leads-at-end")  # held, or fired, when the game is over: by where everyone stands
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Vocabulary:
    """What a pattern may name: the scene's player ids, the board, the rules in force."""

    players: tuple[str, ...]
    board: Board
    rules: Rules
    max_turns: int
    names: tuple[tuple[str, str], ...] = ()  # (id, name) of everyone in the scene, for suggestions
    onlookers: tuple[str, ...] = ()  # the company's ids
    beat: bool = False  # reading a beat (else an aside's trigger), for the words of a problem

    def seat(self, word: str, offset: int) -> int:
        if word in self.players:
            return self.players.index(word)
        about = "beats are about players" if self.beat else "an aside's trigger is something a player does"
        if word in self.onlookers:
            raise PatternError(f"{word!r} is one of the company, an onlooker: onlookers do not spin, so {about} "
                               f"({', '.join(self.players)})", offset)
        near = nearest_person(word, self.names)
        if near is not None and near[0] in self.onlookers:
            raise PatternError(f"unknown player {word!r}: {near[1]} ({near[0]}) is one of the company, an onlooker; "
                               f"onlookers do not spin, so {about} ({', '.join(self.players)})", offset)
        players = [(i, n) for i, n in self.names if i in self.players] or [(i, i) for i in self.players]
        raise PatternError(f"unknown player {word!r}{suggest_person(word, players)}", offset)

    @property
    def kinds(self) -> tuple[SpaceKind, ...]:
        return space_kinds(self.board.id)

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
        if text.lower().split()[0] in _ARTICLES and self.kinds:  # "a vise": more likely a kind than a space
            phrases = [k.phrase for k in self.kinds]
            raise PatternError(f"no space or kind of space called {text!r} on {self.board.id}"
                               f"{suggest(text, phrases + choices)}; its kinds: {', '.join(phrases)}", offset)
        raise PatternError(f"no space called {text!r} on {self.board.id}{suggest(text, choices)}", offset)


def _plain(name: str) -> str:
    words = name.lower().split()
    return " ".join(words[1:] if words and words[0] in ("the", "a") and len(words) > 1 else words)


def parse(text: str, vocab: Vocabulary, beat: bool = False) -> Pattern:
    """Parse one pattern; PatternError (with the offset of the bad word) if it is malformed or impossible."""
    words = [(m.group(), m.start()) for m in _WORD.finditer(text)]
    vocab = replace(vocab, beat=beat)
    if not words:
        raise PatternError("an empty pattern; expected one of: " + "; ".join(FORMS))
    try:
        story = drama.parse_drama(words, text, vocab, beat)
    except drama.DramaError as error:
        raise PatternError(str(error), error.offset) from None
    if story is not None:
        return story
    head, head_at = words[0]
    lowered = [w.lower() for w, _ in words]
    if head.lower() in ("turn", "round"):
        return _counted(head.lower(), words, text)
    if head.lower() == "game":
        return _lasts(words, lowered, text, vocab, beat)
    if head.lower() in ("someone", "somebody", "anyone"):
        return _someone(words, lowered, text)
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
    story = _story(player, words, lowered, text)
    if story is not None:
        return story
    if verb == "displaces" and len(words) == 3:
        other = vocab.seat(words[2][0], words[2][1])
        if other == player:
            raise PatternError("a player cannot displace himself", words[2][1])
        if not vocab.rules.collisions:
            raise PatternError("nobody is displaced here: collisions are off for this game", verb_at)
        return Pattern("displaces", player, other=other, text=text)
    verbs = list(dict.fromkeys(["wins", "lands", "reaches", "pays", "is", "overshoots", "displaces", "loses",
                                "finishes", "leads", *drama.VERBS]))
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
    kind = _kind_pattern(verb, player, text, at, vocab)
    if kind is not None:
        return kind
    number = vocab.space(text[at:].strip(), at)
    space = vocab.board.space(number)
    rest, land = resting_and_landing(vocab.board, vocab.rules)
    if verb == "lands" and number not in land:
        raise PatternError(f"impossible: no spin is ever counted onto {space.name} under these rules", at)
    if verb == "reaches" and number not in rest:
        raise PatternError(f"impossible: nobody ever comes to rest on {space.name} under these rules "
                           "(its direction moves the player on; try 'lands on')", at)
    return Pattern("lands" if verb == "lands" else "reaches", player, space=number, text=text)


# -- the story's own verbs: kinds of space, losing, the end of the game ----------------------------
_ARTICLES = ("a", "an", "any", "another")


def _someone(words, lowered, text: str) -> Pattern:
    if lowered[1:3] != ["wins", "within"]:
        raise PatternError("expected 'someone wins within N turns'", words[1][1] if len(words) > 1 else 0)
    return _within(None, words, lowered, text)


def _story(player: int, words, lowered, text: str) -> Pattern | None:
    """The patterns of the end of the game and of winning in time; None for any other verb."""
    simple = {("loses",): "loses", ("finishes", "last"): "last", ("leads", "at", "the", "end"): "leads-at-end"}
    rest = tuple(lowered[1:])
    if rest in simple:
        return Pattern(simple[rest], player, text=text)
    if rest[:2] == ("wins", "within"):
        return _within(player, words, lowered, text)
    if rest[:1] == ("finishes",):
        raise PatternError("expected 'PLAYER finishes last' (for the winner, 'PLAYER wins')", words[1][1])
    if rest[:2] == ("leads", "at"):
        raise PatternError("expected 'PLAYER leads at the end'", words[1][1])
    return None


def _within(player: int | None, words, lowered, text: str) -> Pattern:
    if len(words) != 5 or lowered[4] not in ("turns", "turn"):
        raise PatternError("expected 'wins within N turns', e.g. 'someone wins within 40 turns'", words[2][1])
    return Pattern("wins-within", player, number=_number(*words[3]), text=text)


def _kind_pattern(verb: str, player: int, text: str, at: int, vocab: Vocabulary) -> Pattern | None:
    """'lands on a vice', 'reaches a place of confinement': a kind the board's data names, else None."""
    asked = text[at:].lower().split()
    if not asked or asked[0] not in _ARTICLES:
        return None
    kind = next((k for k in vocab.kinds for phrase in (k.phrase, *k.also) if phrase.split()[1:] == asked[1:]), None)
    if kind is None:
        return None
    rest, land = resting_and_landing(vocab.board, vocab.rules)
    spaces = tuple(n for n in kind.spaces if n in (land if verb == "lands" else rest))
    if not spaces:
        how = "no spin is ever counted onto" if verb == "lands" else "nobody ever comes to rest on"
        other = "reaches" if verb == "lands" else "lands on"
        raise PatternError(f"impossible: {how} {kind.phrase} under these rules; try '{other}'", at)
    return Pattern(f"{'lands' if verb == 'lands' else 'reaches'}-kind", player, spaces=spaces, text=text)


def end_holds(p: Pattern, pos: Sequence[int], winner: int | None) -> bool:
    """Whether an end pattern holds of a game over: won by winner (None: stopped at end.max_turns), everyone
    standing at pos. Finishing last is shared by all who stand furthest back; leading is leading alone."""
    me = pos[p.player]  # type: ignore[index]
    others = [q for i, q in enumerate(pos) if i != p.player]
    if p.kind == "loses":
        return winner is not None and winner != p.player
    if p.kind == "last":
        return winner is not None and winner != p.player and me <= min(others)
    return winner == p.player or (winner is None and me > max(others))


def _wins_within(tracker: Tracker, p: Pattern, e: ev.Event) -> bool:
    return isinstance(e, ev.Won) and p.player in (None, e.player) and tracker.turns <= p.number  # type: ignore[operator]


def _lands_kind(tracker: Tracker, p: Pattern, e: ev.Event) -> bool:
    return isinstance(e, ev.Landed) and e.player == p.player and e.space in p.spaces


# How the story's verbs match an event (reaches-kind is matched as reaches is; the end kinds by at_end).
_STORY_MATCH: dict[str, Callable[[Tracker, Pattern, ev.Event], bool]] = {
    "wins-within": _wins_within, "lands-kind": _lands_kind,
    "reaches-kind": lambda t, p, e: False, "loses": lambda t, p, e: False, "last": lambda t, p, e: False,
    "leads-at-end": lambda t, p, e: False,
}
_RESTING = ("reaches", "reaches-kind")


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
        self.drama = drama.DramaWatch(patterns, players)

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
                if pattern.kind not in _RESTING and self._matches(pattern, event):
                    hits.append((k, i))
        for k, pattern in enumerate(self.patterns):
            if pattern.kind in _RESTING and pattern.player in rests:
                i, pos = rests[pattern.player]
                if pos == pattern.space or pos in pattern.spaces:
                    hits.append((k, i))
        hits += [(k, len(action.events) - 1) for k in self.drama.feed(action.events, self.turns)]
        return sorted(hits, key=lambda h: (h[1], h[0]))

    def at_end(self, pos: Sequence[int], winner: int | None) -> list[int]:
        """The end patterns (loses, finishes last, leads at the end) that hold now the game is over."""
        return [k for k, p in enumerate(self.patterns) if p.kind in END_KINDS and end_holds(p, pos, winner)]

    def _matches(self, p: Pattern, e: ev.Event) -> bool:
        kind = p.kind
        story = _STORY_MATCH.get(kind)
        if story is not None:
            return story(self, p, e)
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
        twin.drama = self.drama.copy()
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
        return [self.tracker.lasts(b) if b.kind.startswith("lasts") else seen
                for b, seen in zip(self.beats, self.happened, strict=True)]

    def mark(self, ks: list[int]) -> None:
        """Beats found to hold other than by an event: the end patterns, once the game is over."""
        for k in ks:
            self.happened[k] = True

    def said(self) -> list[tuple[str, bool]]:
        """Each beat as written, with whether it holds so far."""
        return list(zip((str(b) for b in self.beats), self.held(), strict=True))

    def copy(self) -> BeatsHeld:
        twin = BeatsHeld.__new__(BeatsHeld)
        twin.beats, twin.tracker, twin.happened = self.beats, self.tracker.copy(), list(self.happened)
        return twin


def _to(event) -> int:
    return event.origin if isinstance(event, ev.Respun) else event.to
