"""The truth checker: re-reads rendered prose and tests every claim it finds against a replay of the game.

It is independent of the narrator's choices: it reads only the text, the scene and the spins, replays
the spins through the rules engine itself, and finds claims with the patterns of claims.yaml. Used
by the tests and benchmarks/prose.py, and on any annotated export (`versus export --annotate`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import yaml

from versus.boards import load_board
from versus.narration.claims import Claim, claims, found, split_speech
from versus.narration.words import curly
from versus.rules import Game
from versus.rules import events as ev
from versus.rules.game import Action
from versus.rules.state import State
from versus.scenes.model import Scene

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
NUMBERS = {w: n for n, w in enumerate(ONES)} | TENS | {"a": 1, "an": 1} | {
    form: v + k for t, v in TENS.items() for k, o in enumerate(ONES) if 0 < k < 10
    for form in (f"{t}-{o}", f"{o}-and-{t}")}  # "twenty-five" and the period's "five-and-twenty"
UNIT_ORDINALS = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth", "nine": "ninth",
                 "twelve": "twelfth"}


def _ordinal_words() -> dict[str, int]:
    """'sixty-second' → 62, for every number to ninety-nine (the checker's own reading, not the narrator's)."""
    out = {}
    for word, n in NUMBERS.items():
        if 0 < n < 100 and word not in ("a", "an"):
            head, sep, last = word.rpartition("-")
            last = UNIT_ORDINALS.get(last) or (last[:-1] + "ieth" if last.endswith("y") else last + "th")
            out[head + sep + last] = n
    return out


ORDINALS = _ordinal_words()
AMOUNT = re.compile(r"(?<![\w-])(" + "|".join(sorted(NUMBERS, key=len, reverse=True)) + r"|\d+) counters?\b", re.I)
NOTE = re.compile(r"<!-- versus: (?:actions|talk) (none|(\d+)-(\d+)) -->")
TIMES = {"once": 1, "twice": 2, "thrice": 3} | {f"{w} times": n for w, n in NUMBERS.items() if n > 3}
GRAMMAR = {
    "“one spaces”": re.compile(r"(?<![\w-])one (spaces|counters|months|turns|rounds)\b", re.I),
    "a wrong article": re.compile(r"\b(a (eight|eleven|eighteen)|an (one|two|three|four|five|six|seven|nine|ten|"
                                  r"twelve))\b"),
    "figures in the prose": re.compile(r"\b\d+\b"),
}
SETTING_TIMES = {  # read from the scene here too, so the checker does not lean on the narrator's facts
    "morning": re.compile(r"\b(morning|breakfast|forenoon|dawn)\b", re.I),
    "afternoon": re.compile(r"\b(afternoon|noon|midday)\b", re.I),
    "evening": re.compile(r"\b(evening|night|after dinner|after supper|candle-?light|dusk)\b", re.I),
}
TOLD_KINDS = {"virtue", "vice", "offense", "toll", "sent"}
CLAIMS = claims()


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece of prose and the actions it tells (0-based, inclusive); None for none."""

    text: str
    first: int | None = None
    last: int | None = None
    author: bool = False  # the author's own aside, told verbatim: theirs to answer for, not checked


@dataclass(frozen=True, slots=True)
class Falsehood:
    claim: str
    text: str
    actions: str

    def __str__(self) -> str:
        return f"{self.claim} (actions {self.actions}): {self.text[:160]}"


class Replay:
    """The game replayed from its spins; what each action did, read from the events and the states."""

    def __init__(self, scene: Scene, spins: Sequence[int], actions: int | None = None) -> None:
        board = load_board(scene.game)
        self.board, self.scene = board, scene
        game = Game(board, board.rules(scene.preset, **dict(scene.switches)), len(scene.players))
        queue = list(spins)
        while not game.state.over and (actions is None or len(game.actions) < actions):
            if game.state.turn >= scene.max_turns and game.state.pending is None:
                break
            if game.state.needs_spin:
                if not queue:
                    break
                game.play(queue.pop(0))
            else:
                game.play(None)
        self.actions: tuple[Action, ...] = game.actions
        self.states: tuple[State, ...] = game.states
        self.time = str(scene.extra.get("time") or "") or next(
            (t for t, words in SETTING_TIMES.items() if words.search(scene.setting)), "unknown")
        host = str(scene.extra.get("host") or "")
        self.visiting = bool(host) and host not in {p.id for p in (*scene.players, *scene.company)}

    def sole_leader(self, state_index: int) -> tuple[int | None, int]:
        pos = sorted(self.states[state_index].pos, reverse=True)
        if pos[0] == 0 or (len(pos) > 1 and pos[1] == pos[0]):
            return None, 0
        return self.states[state_index].pos.index(pos[0]), pos[0] - (pos[1] if len(pos) > 1 else 0)

    def led_rounds(self, player: int, state_index: int) -> int:
        start = state_index
        while start > 0 and self.sole_leader(start - 1)[0] == player:
            start -= 1
        if self.sole_leader(state_index)[0] != player:
            return 0
        turns = self.states[state_index].turn - self.states[start].turn
        return turns // len(self.scene.players)


class Check:
    """One unit checked: who it names, what its actions did."""

    def __init__(self, replay: Replay, unit: Unit, spoken: bool = False, strict: bool = True) -> None:
        self.replay, self.unit, self.strict = replay, unit, strict
        self.narration, self.speech = split_speech(unit.text)
        people = replay.scene.players
        # A claim made only in speech is about whoever it concerns ("you pay a counter"): anyone.
        self.named = [] if spoken else [i for i, p in enumerate(people) if _names(p.name, p.called, self.narration)]
        if unit.first is None or unit.last is None:
            self.indices: range = range(0)
        else:
            self.indices = range(unit.first, min(unit.last, len(replay.actions) - 1) + 1)
        self.actors = sorted({replay.actions[i].player for i in self.indices})

    def who(self) -> list[int]:
        """The players a claim may be about: those named, and any a 'he' or 'she' in it may stand for."""
        if not self.named:
            return list(range(len(self.replay.scene.players)))
        said = {w.lower() for w in re.findall(r"[A-Za-z]+", self.narration)}
        forms = {"he": {"he", "him", "his", "himself"}, "she": {"she", "her", "hers", "herself"}}
        return [i for i, p in enumerate(self.replay.scene.players)
                if i in self.named or forms.get(p.pronoun, set()) & said]

    def events(self, kind: type, player: int | None = None) -> list:
        return [e for i in self.indices for e in self.replay.actions[i].events
                if isinstance(e, kind) and (player is None or e.player == player)]

    def paid(self, p: int) -> list[int]:
        """What p paid in each action of the unit (fines and payments to others)."""
        out = []
        for i in self.indices:
            total = sum(e.paid for e in self.replay.actions[i].events if isinstance(e, ev.Fined) and e.player == p)
            total += sum(e.amount for e in self.replay.actions[i].events if isinstance(e, ev.Paid) and e.player == p)
            out.append(total)
        return out

    def received(self, p: int) -> list[int]:
        return [sum(e.amount for e in self.replay.actions[i].events if isinstance(e, ev.Received) and e.player == p)
                for i in self.indices]

    def moves(self, p: int) -> list[int]:
        """Each change of p's position within the unit's actions (negative: back)."""
        out = []
        for i in self.indices:
            pos = self.replay.states[i].pos[p]
            for e in self.replay.actions[i].events:
                if getattr(e, "player", None) == p and isinstance(e, (ev.Moved, ev.Advanced, ev.Sent, ev.Displaced,
                                                                      ev.Released, ev.Relieved, ev.Overshot)):
                    to: int = e.to
                    out.append(to - pos)
                    pos = to
                elif isinstance(e, ev.Respun) and e.player == p:
                    out.append(e.origin - pos)
                    pos = e.origin
        return out

    def landed_kinds(self, indices: Iterable[int], p: int | None = None) -> set[tuple[int, str]]:
        out = set()
        for i in indices:
            for e in self.replay.actions[i].events:
                if isinstance(e, ev.Landed) and (p is None or e.player == p):
                    out.add((e.player, self.replay.board.space(e.space).kind))
        return out

    def end(self) -> int:
        return (self.indices[-1] + 1) if self.indices else 0

    def ends(self) -> range:
        """The states a claim of the lead may speak of: after the last action (a sentence), or after
        any of them (a paragraph, read as a whole, tells the lead as it went)."""
        return range(self.end(), self.end() + 1) if self.strict else range(self.begin() + 1, self.end() + 1)

    def begin(self) -> int:
        return self.indices[0] if self.indices else 0


def _names(name: str, called: str, text: str) -> bool:
    forms = {n for n in (name, called) if n} | {n[0].upper() + n[1:] for n in (name, called) if n}  # "The Colonel"
    return any(re.search(rf"(?<![\w.]){re.escape(n)}(?![\w])", text) for n in forms)


def _amounts(text: str) -> list[int]:
    return [NUMBERS.get(m.group(1).lower(), 0) if not m.group(1).isdigit() else int(m.group(1))
            for m in AMOUNT.finditer(text)]


# -- one test a claim -------------------------------------------------------------------------------
def _claimed_amounts(c: Check, claim: str) -> list[int]:
    """The amounts stated in the clauses that make the claim (not a receipt's amount beside a fine's)."""
    pattern = next(k for k in CLAIMS if k.name == claim)
    clauses = re.split(r"(?<=[.!?;])\s+|,\s+(?:and|but)\s+", c.narration)
    return [a for clause in clauses if pattern.made_in(clause) for a in _amounts(clause)]


def _runs(amounts: list[int]) -> set[int]:
    """Every total of consecutive actions' amounts: a paragraph may tell a stretch's sum, then a moment."""
    return {sum(amounts[i:j]) for i in range(len(amounts)) for j in range(i + 1, len(amounts) + 1)}


def payment(c: Check) -> bool:
    """Someone it names paid; and every amount it states was paid by one of them: one payment, one
    action's payments, or those of a run of actions (all of them, for a sentence)."""
    paid = {p: c.paid(p) for p in c.who()}
    if not any(any(xs) for xs in paid.values()):
        return False
    each = {e.paid if isinstance(e, ev.Fined) else e.amount
            for p in c.who() for e in c.events(ev.Fined, p) + c.events(ev.Paid, p)}
    totals = set().union(*(_runs(xs) if not c.strict else {sum(xs)} | set(xs) for xs in paid.values()))
    return all(a in each or a in totals for a in _claimed_amounts(c, "payment"))


def anyone_paid(c: Check) -> bool:
    return any(x for p in range(len(c.replay.scene.players)) for x in c.paid(p))


def receipt(c: Check) -> bool:
    got = {p: c.received(p) for p in c.who()}
    if not any(any(xs) for xs in got.values()):
        return False
    each = {e.amount for p in c.who() for e in c.events(ev.Received, p)}
    totals = set().union(*(_runs(xs) if not c.strict else {sum(xs)} | set(xs) for xs in got.values()))
    return all(a in each or a in totals for a in _claimed_amounts(c, "receipt"))


SPACES = re.compile(r"(?<![\w-])((?:some|nearly|above|fully) )?(" + "|".join(sorted(NUMBERS, key=len, reverse=True))
                    + r"|\d+) (spaces|squares|steps)\b", re.I)
ROUGH = {  # a round figure of spaces and the distances it is true of: "nearly twenty" of eighteen or nineteen
    "nearly": lambda said, k: 0 < said - k <= 2, "above": lambda said, k: 0 < k - said <= 2,
    "fully": lambda said, k: k == said, "some": lambda said, k: abs(k - said) <= 2}


def distance(c: Check) -> bool:
    """Every number of spaces it states is a move, a spin or a lead in its actions, or how far a named
    player stood from the goal or the Seat."""
    board, known = c.replay.board, set()
    for p in c.who():
        moves = c.moves(p)
        known |= {abs(m) for m in moves} | {abs(t) for t in _runs(moves)}  # a stretch's way, then a moment
        known |= {abs(e.to - e.frm) for e in c.events(ev.Advanced, p)}
        for i in [*c.indices, c.end()]:
            pos = c.replay.states[min(i, len(c.replay.states) - 1)].pos[p]
            known |= {board.goal - pos} | ({board.seat - pos} if board.seat else set())
        known |= {board.goal - e.space for e in c.events(ev.Landed, p)}
    known |= {a.spin for a in (c.replay.actions[i] for i in c.indices) if a.spin}
    known |= {margin for _, margin in map(c.replay.sole_leader, c.ends())}
    stated = [(NUMBERS.get(m.group(2).lower(), int(m.group(2)) if m.group(2).isdigit() else -1),
               (m.group(1) or "").strip().lower()) for m in SPACES.finditer(c.narration)]
    return all(any(ROUGH[word](a, k) for k in known) if word else a in known for a, word in stated)


def eventless(c: Check) -> bool:
    """No fine, receipt, collision, confinement or telling space. A paragraph tells a quiet stretch and
    then the moment that ended it: read as a whole, its quiet is the stretch before its last action."""
    if not c.strict and len(c.indices) > 1:
        c = Check(c.replay, Unit(c.unit.text, c.indices[0], c.indices[-2]), strict=True)
    players = range(len(c.replay.scene.players))
    if any(x for p in players for x in c.paid(p) + c.received(p)):
        return False
    if c.events(ev.Displaced) or c.events(ev.Confined) or c.events(ev.Respun):
        return False
    return not any(kind in TOLD_KINDS for _, kind in c.landed_kinds(c.indices))


def back(c: Check) -> bool:
    return any(m < 0 for p in c.who() for m in c.moves(p))


def forward(c: Check) -> bool:
    return any(m > 0 for p in c.who() for m in c.moves(p))


def short_of_goal(c: Check) -> bool:
    return not any(e.player in c.who() for e in c.events(ev.Overshot))


def overshoot(c: Check) -> bool:
    return bool(c.events(ev.Overshot))


def begun_again(c: Check) -> bool:
    """Every player the sentence names began again; read back from a paragraph, whose other sentences name
    others, one of them did."""
    again = {e.player for e in c.events(ev.Overshot) if e.outcome == "begin-again"}
    return bool(again) and (all if c.strict else any)(p in again for p in c.named)


def lead_narrow(c: Check) -> bool:
    return any(leader is not None and 1 <= margin <= 3 for leader, margin in map(c.replay.sole_leader, c.ends()))


def lead_wide(c: Check) -> bool:
    return any(leader is not None and margin >= 8 for leader, margin in map(c.replay.sole_leader, c.ends()))


def lead_long(c: Check) -> bool:
    return any(c.replay.led_rounds(p, s) >= 3 for p in c.who() for s in (c.begin(), *c.ends()))


def took_lead(c: Check) -> bool:
    for end in c.ends():
        leader, _ = c.replay.sole_leader(end)
        if leader is not None and leader in c.who() and c.replay.sole_leader(c.begin())[0] != leader \
                and any(m > 0 for m in c.moves(leader)):
            return True
    return False


def lead_lost(c: Check) -> bool:
    """'X's advantage had not lasted: by then Y was in front': one named player leads alone after these
    actions, and another named led alone at some moment before."""
    who = set(c.who())
    for end in c.ends():
        leader, _ = c.replay.sole_leader(end)
        if leader in who and any(c.replay.sole_leader(k)[0] in who - {leader} for k in range(end)):
            return True
    return False


def leads(c: Check) -> bool:
    return any(leader is not None and leader in c.who() for leader, _ in map(c.replay.sole_leader, c.ends()))


def led_before(c: Check) -> bool:
    """A player named led alone before one of these actions: the one action of a sentence told alone, and
    any of a paragraph's (read back from its annotation, "Anger sent her back … when she was leading the
    table" tells the action the lead was lost at, which need not be the paragraph's first)."""
    return any((leader := c.replay.sole_leader(i)[0]) is not None and leader in c.who() for i in c.indices)


def history(c: Check) -> bool:
    """Someone came, in these actions, to a kind of space they had come to before (before it, in the
    game so far: a paragraph may tell the first time and the second)."""
    seen = c.landed_kinds(range(c.begin()))
    for i in c.indices:
        now = c.landed_kinds([i])
        if any((p, kind) in seen for p, kind in now if kind != "blank"):
            return True
        seen |= now
    return False


def nothing_decided(c: Check) -> bool:
    """'Little was decided': the lead stood as it was through these actions."""
    leaders = {c.replay.sole_leader(k)[0] for k in range(c.begin(), c.end() + 1)}
    return len(leaders) == 1


def stretch_total(c: Check) -> bool:
    """'In that stretch she paid four counters': each stated amount is a named player's whole payment or
    receipt over the actions, not one action's."""
    stated = _amounts(c.narration)
    if not stated:
        return True
    totals = {sum(c.paid(p)) for p in c.who()} | {sum(c.received(p)) for p in c.who()}
    return all(a in totals for a in stated)


def held_throughout(c: Check) -> bool:
    """'Throughout': one player it names led alone after every action told."""
    return any(all(c.replay.sole_leader(k)[0] == p for k in range(c.begin(), c.end() + 1))
               for p in c.who())


SPIN_NAMED = re.compile(r"\b(?:spun|showed) an? (one|two|three|four|five|six|seven|eight)\b")
SPIN_WANTED = re.compile(r"\bwanted (?:only )?an? (one|two|three|four|five|six|seven|eight)\b")


def spin_named(c: Check) -> bool:
    """'Spun a two': every number so named was spun in these actions by a player the sentence names."""
    spun = {c.replay.actions[i].spin for i in c.indices if c.replay.actions[i].player in c.who()}
    return all(NUMBERS[m.group(1)] in spun for m in SPIN_NAMED.finditer(c.narration))


def spin_wanted(c: Check) -> bool:
    """'She wanted a four': every number so named is how far a player the sentence names stood from the goal
    when one of these actions began (the spin that would have carried them home)."""
    goal = c.replay.board.goal
    wanted = {goal - c.replay.states[i].pos[c.replay.actions[i].player]
              for i in c.indices if c.replay.actions[i].player in c.who()}
    return all(NUMBERS[m.group(1)] in wanted for m in SPIN_WANTED.finditer(c.narration))


def spun_afterwards(c: Check) -> bool:
    """'Took up the teetotum again afterwards': a player it names spun after these actions."""
    later = c.replay.actions[c.end():]
    return any(a.player in c.who() and a.spin is not None for a in later)


def still_waiting(c: Check) -> bool:
    """'Another month': a player it names had turns still to wait when these actions ended."""
    state = c.replay.states[min(c.end(), len(c.replay.states) - 1)]
    return any(state.waiting[p] > 0 for p in c.who())


# -- collisions counted: "Jane and Elizabeth met thrice, and each time it was Elizabeth who gave way" ----------
COUNT = r"(?:once|twice|thrice|(?:[a-z]+(?:-[a-z]+)*|\d+) times)"
COUNTS = {"once": 1, "twice": 2, "thrice": 3}
CLAUSE = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bDr)(?<!\bSt)[.;!?]+\s*")
SLOT = re.compile(r"\{([abnm])\}")
PERSON_WORDS = {"he": ("he", "him", "his", "himself"), "she": ("she", "her", "hers", "herself")}
COUNTED = next(k for k in CLAIMS if k.name == "collisions_counted")


def _count(word: str) -> int | None:
    """'twice' → 2, 'four times' → 4; None for a word that is no number ('many times')."""
    word = word.lower()
    if word in COUNTS:
        return COUNTS[word]
    head = word.split()[0]
    return int(head) if head.isdigit() else NUMBERS.get(head)


@cache
def _readings(names: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """claims.yaml's forms for counted collisions, compiled for a scene's names: each {a} and {b} a group
    that takes a name or a pronoun, each {n} and {m} a count (a letter's second use, a group of its own)."""
    person = "|".join(sorted({re.escape(n) for n in names} | {w for ws in PERSON_WORDS.values() for w in ws},
                             key=len, reverse=True))
    out = []
    for meaning, forms in COUNTED.read:
        for form in forms:
            used: dict[str, int] = {}

            def group(match: re.Match[str], used: dict[str, int] = used) -> str:
                letter = match.group(1)
                used[letter] = used.get(letter, 0) + 1
                body = COUNT if letter in "nm" else person
                return rf"(?<![\w-])(?P<{letter}{used[letter]}>{body})(?![\w-])"

            out.append((meaning, re.compile(SLOT.sub(group, form), re.I)))
    return tuple(out)


def _meetings(c: Check, indices: Sequence[int]) -> list[tuple[int, int]]:
    """(who turned out, who was turned out) for each collision of these actions, in order."""
    return [(e.by, e.player) for i in indices for e in c.replay.actions[i].events if isinstance(e, ev.Displaced)]


def _people(c: Check, said: str) -> set[int]:
    """Whom a name or pronoun in the sentence may stand for."""
    said = said.lower()
    players = c.replay.scene.players
    named = {i for i, p in enumerate(players) if said in {p.called.lower(), p.name.lower()}}
    return named or {i for i, p in enumerate(players) if said in PERSON_WORDS.get(p.pronoun, ())}


def _form_holds(c: Check, meaning: str, match: re.Match[str], met: list[tuple[int, int]]) -> bool:
    found = {k: v for k, v in match.groupdict().items() if v is not None}
    who = {letter: set.intersection(*[_people(c, v) for k, v in found.items() if k[0] == letter])
           for letter in "ab" if any(k[0] == letter for k in found)}
    n = _count(found["n1"]) if "n1" in found else None
    m = _count(found["m1"]) if "m1" in found else None
    if ("n1" in found and n is None) or ("m1" in found and m is None):
        return True  # "many times": no number to hold it to
    return any(_pair_holds(meaning, [x for x in met if set(x) == {a, b}], a, n, m)
               for a in who.get("a", set()) for b in who.get("b", set()) - {a})


def _pair_holds(meaning: str, pair: list[tuple[int, int]], a: int, n: int | None, m: int | None) -> bool:
    """What a form means, held to the meetings of a and the other of the pair, in order."""
    ab = sum(1 for by, _ in pair if by == a)
    ba = len(pair) - ab
    if meaning == "met":
        return ab + ba == n
    if meaning == "by":
        return ab == n and (m is None or ba == m)
    if meaning == "apiece":
        return ab == n == ba
    if meaning == "yielded":
        return ab > 0 and ba == 0
    if meaning == "mutual":
        return ab > 0 and ba > 0
    if meaning == "alternated":
        return len(pair) > 1 and all(x != y for x, y in itertools.pairwise(pair))
    raise ValueError(f"claims.yaml: collisions_counted reads {meaning!r}, which the checker does not know")


def _clause_holds(c: Check, clause: str, met: list[tuple[int, int]]) -> bool:
    names = tuple(n for p in c.replay.scene.players for n in (p.called, p.name) if n)
    read = [(meaning, m) for meaning, pattern in _readings(names) for m in pattern.finditer(clause)]
    if read:
        return all(_form_holds(c, meaning, m, met) for meaning, m in read)
    # A phrasing no form reads: each count it states is one the players it names (or anyone) met.
    stated = [_count(w) for w in re.findall(rf"(?<![\w-]){COUNT}(?![\w-])", re.sub(r"\bnot once but\b", " ", clause,
                                                                                 flags=re.I), re.I)]
    players = c.replay.scene.players
    people = [i for i, p in enumerate(players) if _names(p.name, p.called, clause)]
    if len(people) < 2:  # and whoever a "he" or "she" in it may stand for
        said = {w.lower() for w in re.findall(r"[A-Za-z]+", clause)}
        people = sorted(set(people) | {i for i, p in enumerate(players) if said & set(PERSON_WORDS.get(p.pronoun, ()))})
    if not people:  # "others met … four times in all": no more meetings than there were
        return all(n is None or 0 < n <= len(met) for n in stated)
    known = set()
    for a in people:
        known |= {sum(1 for x in met if x[0] == a), sum(1 for x in met if x[1] == a)}
        for b in set(people) - {a}:
            known |= {met.count((a, b)), met.count((a, b)) + met.count((b, a))}
    return all(n is None or (n > 0 and n in known) for n in stated)


WAYS = {"up": 1, "on": 1, "back": -1, "down": -1}  # the word before a run of squares: which way they sent


@cache
def _squares(board_name: str) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, frozenset[int]]]:
    """Patterns for a run of the board's squares after "on by" or "back by" ("Gratitude and Truth", "the
    Pillory twice") and for one square of it with how often, if said, and each name's spaces (a name
    printed twice is either)."""
    names: dict[str, set[int]] = {}
    for n, sp in enumerate(load_board(board_name).spaces):
        if sp.name:
            names.setdefault(re.sub(r"^(the|a|an) ", "", sp.name.lower()), set()).add(n)
    name = "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
    item = rf"\b(?:(?:the|a|an) )?({name})(?: (once|twice|thrice|[a-z]+ times)\b)?"
    run = re.compile(rf"\b(up|on|back|down)(?: again)? by ({item}(?:(?:, | and ){item})*)", re.I)
    return run, re.compile(item, re.I), {k: frozenset(v) for k, v in names.items()}


def setbacks_counted(c: Check) -> bool:
    """Each square named with a count ("Immodesty twice and Cruelty once turned him back") sent one of the
    players it may be about back from it that many times in its actions (at least so many, in a
    paragraph): a player turned back to where the spin began was turned back, though no lower than before."""
    _, item, names = _squares(c.replay.scene.game)
    stated = [(names[m.group(1).lower()], TIMES.get(m.group(2).lower(), -1)) for m in item.finditer(c.narration)
              if m.group(2)]
    for spaces, n in stated:
        if not any(k == n or (not c.strict and k >= n) for k in _sent(c, spaces, -1)):
            return False
    return bool(stated)


def _sent(c: Check, spaces: frozenset[int], way: int) -> list[int]:
    """For each player the sentence may be about, how often one of these spaces sent them that way (1 on, -1
    back) from it in its actions."""
    return [sum(1 for i in c.indices for e in c.replay.actions[i].events
                if isinstance(e, ev.Landed) and e.player == p and e.space in spaces
                and (c.replay.states[i + 1].pos[p] - e.space) * way > 0) for p in c.who()]


def route(c: Check) -> bool:
    """Each square named after "up by" or "on by" ("Lydia was helped on by Gratitude and Truth") carried a
    player the sentence names on from it, and each after "back by" or "down by" sent them back from it, in
    its actions: as often as a count says (at least so often, in a paragraph), else at least once."""
    run, item, names = _squares(c.replay.scene.game)
    stated = [(WAYS[m.group(1).lower()], names[i.group(1).lower()], TIMES.get((i.group(2) or "").lower()))
              for m in run.finditer(c.narration) for i in item.finditer(m.group(2))]
    for way, spaces, n in stated:
        if not any(k > 0 and (n is None or k == n or (not c.strict and k >= n)) for k in _sent(c, spaces, way)):
            return False
    return bool(stated)


SQUARE_NUMBER = re.compile(r"\bthe ([a-z]+(?:-[a-z]+)*|\d+(?:st|nd|rd|th)) (?:square|space)\b", re.I)


def square_number(c: Check) -> bool:
    """Each square the sentence names by its number ("from the sixty-second square") is one a player it
    names stood on before or after one of its actions, or came to in it."""
    stated = [ORDINALS.get(m.group(1).lower()) or int(re.sub(r"\D", "", m.group(1)) or 0)
              for m in SQUARE_NUMBER.finditer(c.narration)]
    stated = [n for n in stated if n]
    came = {(e.player, e.space) for i in c.indices for e in c.replay.actions[i].events if isinstance(e, ev.Landed)}
    seen = {c.replay.states[k].pos[p] for i in c.indices for k in (i, i + 1) for p in c.who()}
    seen |= {square for p, square in came if p in c.who()}
    return bool(stated) and all(n in seen for n in stated)


def collisions_counted(c: Check) -> bool:
    """Each count of meetings a clause states holds over the sentence's actions (for a paragraph, over
    all of them or all but its last, the moment that ended the stretch its tally tells)."""
    windows = [c.indices] if c.strict or len(c.indices) < 2 else [c.indices, c.indices[:-1]]
    for clause in CLAUSE.split(c.narration):
        if COUNTED.made_in(clause) and not any(_clause_holds(c, clause, _meetings(c, w)) for w in windows):
            return False
    return True


TESTS: dict[str, Callable[[Check], bool]] = {
    "payment": payment, "fine_spoken": anyone_paid, "receipt": receipt, "eventless": eventless,
    "back": back, "forward": forward, "setbacks_counted": setbacks_counted, "distance": distance,
    "short_of_goal": short_of_goal, "overshoot": overshoot, "begun_again": begun_again,
    "lead_narrow": lead_narrow, "lead_wide": lead_wide, "lead_long": lead_long, "took_lead": took_lead,
    "leads": leads, "led_before": led_before, "lead_lost": lead_lost, "history": history,
    "collisions_counted": collisions_counted, "route": route, "square_number": square_number,
    "evening": lambda c: c.replay.time == "evening", "morning": lambda c: c.replay.time == "morning",
    "company": lambda c: bool(c.replay.scene.company), "going_home": lambda c: c.replay.visiting,
    "nothing_decided": nothing_decided, "stretch_total": stretch_total, "held_throughout": held_throughout,
    "spun_afterwards": spun_afterwards, "still_waiting": still_waiting, "spin_named": spin_named,
    "spin_wanted": spin_wanted,
}


def printed_capitals(c: Check) -> list[str]:
    """Space names in the board's capitals (THE PILLORY), which a novel would not print."""
    if c.replay.scene.extra.get("names") == "printed":
        return []
    return re.findall(r"\b[A-Z]{2,}(?:\s+[A-Z]{2,})*\b", c.narration)


def semicolon_capitals(c: Check) -> list[str]:
    proper = {w for p in (*c.replay.scene.players, *c.replay.scene.company) for w in (p.name + " " + p.called).split()}
    proper |= {w for s in c.replay.board.spaces for w in s.name.title().split()
               if w not in ("The", "Of", "A", "An", "And", "To", "In")} | {
        "I", "Mr.", "Mrs.", "Miss", "Lady", "Sir", "Colonel", "Captain", "Lord", "Dr.", "Fortune", "Providence",
        "Heaven", "Virtue", "Vice"}
    return [m.group(1) for m in re.finditer(r";\s+([A-Z][\w.]*)", c.narration) if m.group(1) not in proper]


def falsehoods(replay: Replay, units: Iterable[Unit], strict: bool = True) -> list[Falsehood]:
    """Every claim in the units that the replay does not bear out, and every fault of grammar or naming.

    strict: each unit is a sentence, and the lead it tells is the lead after its actions; else each is
    a paragraph, whose claims of the lead may speak of any point within it.
    """
    out = []
    for unit in units:
        if unit.author:
            continue
        check = Check(replay, unit, strict=strict)
        where = "none" if unit.first is None else f"{(unit.first or 0) + 1}-{(unit.last or 0) + 1}"
        in_narration = {c.name for c in found(check.narration, spoken=False)}
        for claim in found(unit.text):
            test = check if claim.name in in_narration else Check(replay, unit, spoken=True, strict=strict)
            if not TESTS[claim.name](test):
                out.append(Falsehood(claim.name, unit.text, where))
        for name, pattern in GRAMMAR.items():
            if pattern.search(check.narration):
                out.append(Falsehood(name, unit.text, where))
        for word in printed_capitals(check):
            out.append(Falsehood(f"printed capitals {word!r}", unit.text, where))
        for word in semicolon_capitals(check):
            out.append(Falsehood(f"a capital after a semicolon {word!r}", unit.text, where))
    return out


# -- an annotated export, read as a stranger would ------------------------------------------------------
def annotated_units(markdown: str) -> tuple[dict, list[Unit]]:
    """The front matter and the annotated paragraphs of an export written with --annotate."""
    if not markdown.startswith("---\n"):
        raise ValueError("an export begins with front matter")
    front_text, _, body = markdown[4:].partition("\n---\n")
    front = yaml.safe_load(front_text) or {}
    units: list[Unit] = []
    note: tuple[int | None, int | None] | None = None
    for block in body.split("\n\n"):
        block = block.strip()
        match = NOTE.fullmatch(block) if block.startswith("<!--") else None
        if match:
            note = (None, None) if match.group(1) == "none" else (int(match.group(2)) - 1, int(match.group(3)) - 1)
        elif block and not block.startswith(("#", "|", "*The ledger")) and note is not None:
            units.append(Unit(block, *note))
            note = None
    return front, units


def without_asides(text: str, scene: Scene) -> str:
    """The paragraph less the author's own asides, which it tells verbatim."""
    for aside in scene.asides:
        for line in [aside.narrate, *(said for _, said in aside.say)]:
            for part in re.split(r"(?<!\bMr\.)(?<!\bMrs\.)(?<=[.!?])\s+", curly(line)) if line else []:
                if len(part.split()) >= 3:
                    text = text.replace(part.rstrip("."), " ")
    return text


def audit_export(markdown: str, scene: Scene) -> list[Falsehood]:
    front, units = annotated_units(markdown)
    units = [Unit(without_asides(u.text, scene), u.first, u.last) for u in units]
    replay = Replay(scene, list(front.get("spins") or []))
    last = len(replay.actions) - 1
    body = [u if u.first is not None else Unit(u.text, 0, last) for u in units[1:]]  # the close tells the game
    return falsehoods(replay, units[:1] + body, strict=False)


__all__ = ["Claim", "Falsehood", "Replay", "Unit", "annotated_units", "audit_export", "falsehoods"]
