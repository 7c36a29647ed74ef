"""Response rules: every spoken line and every sentence of narration is a rule, data that writers own.

A rule has criteria over a query of facts (who speaks, to whom, the event, their relation, the scene's
memory, the concept of the line being answered); of the rules whose criteria all hold, the one with
the most criteria wins, and the seed breaks ties (after Elan Ruskin's dynamic dialogue for Valve,
GDC 2012). A spoken line may write to memory, so that remarks come back later. See docs/narration.md.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from versus import yamlio
from versus.narration.checks import Phrases
from versus.narration.conditions import COMPARISON, holds

HERE = Path(__file__).resolve().parent / "lines"
SLOT_PATTERN = re.compile(r"\{([A-Za-z_0-9]+)\}")
LEAN_WORDS = 24  # a sentence a tight budget can afford
RUN = 5  # words in a row of a narrator's sentence that a folder's later chapters do not repeat


@dataclass(frozen=True, slots=True)
class Rule:
    """One line (spoken when `say`, else narration), its criteria, and the replies written under it."""

    id: str
    text: str
    spoken: bool
    criteria: tuple[tuple[str, Any], ...]  # (query key, wanted value)
    concept: str = ""
    answers: tuple[str, ...] = ()  # concepts this line replies to; () for a first line
    parent: str = ""  # the rule this one is written under as a reply (its id)
    gist: str = ""
    remember: tuple[str, ...] = ()
    manner: str = ""
    beat: str = ""  # for narration: opening, moment, finish, unfinished, close, bridge
    source: str = ""  # file:rule, for messages
    tests: tuple[Test, ...] = field(init=False, repr=False, compare=False)  # the criteria, read once

    def __post_init__(self) -> None:
        tests = (_test(key, wanted) for key, wanted in self.criteria)  # the cheap and the telling first: a
        object.__setattr__(self, "tests", tuple(sorted(tests, key=_cost)))  # rule is matched a million times an export

    @property
    def echoes(self) -> bool:
        return "{echo}" in self.text or "{Echo}" in self.text

    def matches(self, query: Mapping[str, Any]) -> bool:
        for key, how, wanted in self.tests:  # a telling matches some hundred thousand criteria: kept plain
            if how == IS:
                if query.get(key, MISSING) != wanted:
                    return False
            elif how == AMONG:
                try:
                    if query.get(key, MISSING) not in wanted:
                        return False
                except TypeError:  # a fact no set can hold (a list) equals none of its words
                    return False
            elif how == HOLDS:
                if key not in query or not holds(wanted, query[key]):
                    return False
            elif not SPECIAL[key](wanted, query):
                return False
        return True


# How a criterion is tested: a fact equal to one value, or to one of several, or compared ("> 2"), or special.
IS, AMONG, HOLDS, OWN = range(4)
Test = tuple[str, int, Any]
MISSING = object()


def _test(key: str, wanted: Any) -> Test:
    """A criterion read once: the cheap tests where its values are plain words, flags and numbers."""
    if key in SPECIAL:
        return key, OWN, frozenset(_words(wanted))
    values = wanted if isinstance(wanted, list) else [wanted]
    if not all(v is None or isinstance(v, (bool, int, float)) or (isinstance(v, str) and not COMPARISON.match(v))
               for v in values):
        return key, HOLDS, wanted
    return (key, IS, wanted) if not isinstance(wanted, list) else (key, AMONG, frozenset(values))


TELLING = ("speaker", "actor", "space", "event", "kind", "beat")  # facts few rules share: a mismatch comes soonest


def _cost(test: Test) -> tuple[int, int]:
    """The order a rule's tests are tried in (their conjunction is the same in any order): plain equalities
    and memberships on the facts that tell rules apart first, comparisons and the special criteria last."""
    key, how, _ = test
    return how, TELLING.index(key) if key in TELLING else len(TELLING)


def _held(query: Mapping[str, Any], key: str) -> frozenset[str]:
    """The set a query holds under key (memory keys, people present, motifs), empty where it has none."""
    return query.get(key, frozenset())


# Criteria that are not a fact compared with a value: what has been said, who is at the table.
# (Each is given the set of the criterion's words.)
SPECIAL: dict[str, Callable[[frozenset[str], Mapping[str, Any]], bool]] = {
    "recall": lambda words, q: words <= _held(q, "memory"),
    "unless": lambda words, q: not words & _held(q, "memory"),
    "author": lambda words, q: True,  # weight only: an author's rule outranks a bundled one of the same criteria
    "present": lambda words, q: words <= _held(q, "present"),
    "absent": lambda words, q: not words & _held(q, "present"),
    "watching": lambda words, q: words <= _held(q, "watching"),
    "motif": lambda words, q: bool(words & _held(q, "motifs")),
}


def _words(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def specificity(rule: Rule, answering: str = "") -> int:
    """How particular a rule is: its criteria, and how closely it answers the concept said before. (A
    narrator's `unless` says what not to tell twice, not what its sentence is particular to.)"""
    score = sum(rule.spoken or key != "unless" for key, _ in rule.criteria)
    present = dict(rule.criteria).get("present")
    if isinstance(present, (list, tuple)):  # each person it needs at the table is a criterion of its own
        score += len(present) - 1
    if rule.parent:
        score += 6  # written as the reply to exactly that line
    elif answering and answering in rule.answers:
        score += 2
    elif rule.answers:
        score += 1
    return score


# -- reading the data ------------------------------------------------------------------------------
def _criteria(raw: Mapping[str, Any], speaker: str, to: str) -> tuple[tuple[str, Any], ...]:
    when = raw.get("when") or {}
    out = dict(when) if isinstance(when, Mapping) else {}
    if speaker:
        out["speaker"] = speaker
    if raw.get("temper"):
        out["speaker_temper"] = raw["temper"]
        out["speaker_known"] = False  # temper lines serve only people whom no cast knows
    if to:
        out["hearer"] = to
    if raw.get("beat"):
        out["beat"] = raw["beat"]
    return tuple(sorted((str(k), _frozen(v)) for k, v in out.items()))


def _frozen(value: Any) -> Any:
    return list(value) if isinstance(value, (list, tuple)) else value


def _rules(items: Iterable[Any], source: str, parent: str = "", speaker: str = "", to: str = "",
           depth: int = 0, unknown: bool = False) -> list[Rule]:
    out: list[Rule] = []
    for k, raw in enumerate(items):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("say", raw.get("text")), str):
            continue
        rid = f"{parent or source}/{k}"
        who = str(raw.get("speaker") or (speaker if parent else "") or "")
        hearer = raw.get("to") if raw.get("to") is not None else (to if parent else "")
        hearer = hearer if isinstance(hearer, (str, list)) else ""
        spoken = isinstance(raw.get("say"), str)
        answers = tuple(_words(raw.get("answers"))) if raw.get("answers") else ()
        criteria = _criteria(raw, who, "" if parent else _one(hearer))
        if (parent and not raw.get("speaker")) or answers:
            criteria = tuple(sorted((*criteria, ("addressed", True))))  # a reply comes from the one addressed
        if unknown and parent and not who:
            criteria = tuple(sorted((*criteria, ("speaker_known", False))))  # a temper's reply: no cast voice
        rule = Rule(rid, str(raw.get("say", raw.get("text"))), spoken, criteria,
                    str(raw.get("concept") or ""), answers, parent, str(raw.get("gist") or ""),
                    tuple(_words(raw["remember"])) if raw.get("remember") else (), str(raw.get("manner") or ""),
                    str(raw.get("beat") or ""), rid)
        out.append(rule)
        replies = raw.get("replies")
        if isinstance(replies, list) and depth < 6:
            # A reply is spoken by the one addressed, to the one who spoke, unless it names someone.
            out.extend(_rules(replies, source, rid, speaker=_one(hearer), to=who, depth=depth + 1,
                              unknown=unknown or bool(raw.get("temper"))))
    return out


def _one(value: Any) -> str:
    return value if isinstance(value, str) else ""


def parse(data: Any, source: str) -> list[Rule]:
    """The rules of one file's data: `lines:` (spoken) and `narration:` (the narrator's)."""
    if not isinstance(data, Mapping):
        return []
    return _rules(data.get("lines") or [], source) + _rules(data.get("narration") or [], source)


@cache
def builtin() -> tuple[Rule, ...]:
    out: list[Rule] = []
    for path in sorted(HERE.glob("*.yaml")):
        out.extend(parse(yamlio.load(path.read_text(encoding="utf-8")), path.stem))
    return tuple(about_whom(out))


BEFALLS = {"lead", "crime", "fall", "confined", "collision", "overshoot", "virtue", "finish"}


def about_whom(rules: Sequence[Rule]) -> list[Rule]:
    """A first line about a moment that names one person of the cast ("Lydia has committed a crime") is
    about that person: it is said only when the moment befell them, whatever its writer declared."""
    from versus.narration.cast import bundled

    owners: dict[str, set[str]] = {}
    for member in bundled().values():
        for name in member.names:
            if len(name.split()) == 1 or name.split()[0] in ("Mr.", "Mrs.", "Miss", "Lady", "Sir", "Colonel"):
                owners.setdefault(name, set()).add(member.id)
    unique = {name: next(iter(ids)) for name, ids in owners.items() if len(ids) == 1}
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, unique), key=len, reverse=True)) + r")\b")
    out = []
    for rule in rules:
        criteria = dict(rule.criteria)
        events = set(_words(criteria.get("event", "")))
        if rule.spoken and not rule.parent and not rule.answers and events and events <= BEFALLS \
                and not {"actor", "hearer"} & set(criteria):
            named = {unique[m.group(1)] for m in pattern.finditer(rule.text)} - set(_words(criteria.get("speaker", "")))
            if len(named) == 1:
                rule = Rule(rule.id, rule.text, rule.spoken, tuple(sorted((*rule.criteria, ("actor", named.pop())))),
                            rule.concept, rule.answers, rule.parent, rule.gist, rule.remember, rule.manner, rule.beat,
                            rule.source)
        out.append(rule)
    return out


class Library:
    """The rules indexed once, for every telling of a take: first lines by moment and speaker, replies
    by the line they answer, general answers by speaker and concept."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = list(rules)
        self.by_parent: dict[str, list[Rule]] = {}
        self.answers: dict[tuple[str, str], list[Rule]] = {}  # (speaker or "*", concept) -> general answers
        # (spoken, event or beat, speaker or "*") -> first lines: a query looks at four lists, not all
        self.index: dict[tuple[bool, str, str], list[Rule]] = {}
        self.openings = {r.id: _opening(r.text) for r in self.rules if r.spoken}  # each line's first sentence
        self.made: dict[tuple[tuple[tuple[bool, str, str], ...], str], list[Rule]] = {}  # firsts, by their question
        self.by_id = {r.id: r for r in self.rules}
        for rule in self.rules:
            criteria = dict(rule.criteria)
            speakers = _words(criteria.get("speaker") or "*") if rule.spoken else ["*"]
            if rule.parent:
                self.by_parent.setdefault(rule.parent, []).append(rule)
            elif rule.answers:
                for who in speakers:
                    for concept in rule.answers:
                        self.answers.setdefault((who, concept), []).append(rule)
            else:
                for key in _words(criteria.get("beat") or criteria.get("event") or "*"):
                    for who in speakers:
                        self.index.setdefault((rule.spoken, key, who), []).append(rule)

    def firsts(self, keys: tuple[tuple[bool, str, str], ...], event: str) -> list[Rule]:
        """The first lines under the keys, in order; with an event, only those whose criteria allow it (a
        narrator's moment has some three hundred lines, a few dozen of them for any one event)."""
        if (keys, event) not in self.made:
            rules = [r for k in keys for r in self.index.get(k, [])]
            self.made[keys, event] = [r for r in rules if _admits(r, event)] if event else rules
        return self.made[keys, event]


def _admits(rule: Rule, event: str) -> bool:
    """Whether the rule's criterion on the event, if it has one, can hold of this event."""
    for key, how, wanted in rule.tests:
        if key == "event" and how == IS:
            return bool(wanted == event)
        if key == "event" and how == AMONG:
            return event in wanted
    return True


@cache
def builtin_library() -> Library:
    """The bundled rules indexed once a process (a library is only read), for the scenes with no lines of
    their author's."""
    return Library(builtin())


class Book:
    """The rules one telling draws on (the author's first, then the bundled), each used at most once,
    and no four words of ours coming round a fourth time."""

    def __init__(self, rules: Sequence[Rule] | Library, seed: int, avoid: frozenset[str] = frozenset(),
                 names: Iterable[str] = (), lean: bool = False) -> None:
        self.library = rules if isinstance(rules, Library) else Library(rules)
        self.lean = lean
        self.phrases = Phrases(names)
        self.rng = random.Random(seed)
        self.used: list[str] = []
        self.spent: set[str] = set(avoid)  # rule ids used here, or by the manuscript's other exports
        self.texts: set[str] = set()
        self.openings: set[str] = set()  # the first sentence of every line spoken so far ("Oh!")
        self.cried_out = False  # a line has opened on a stock cry (STOCK_CRIES), the author's included
        self.frames: Counter[str] = Counter()  # how the narrator's sentences so far began ("down went")
        self.runs: set[tuple[str, ...]] = set()  # the narrator's runs of five words so far in this export
        # how the narrator's sentences in the manuscript's earlier exports began: a reader of the folder
        # meets "It cost Mr. Collins three counters…" in one chapter and "It cost Mr. Bingley…" in the next
        earlier = [r for r in map(self.library.by_id.get, sorted(avoid))
                   if r is not None and not r.spoken and r.beat not in ("", "step")]
        self.folder = Counter(_frame(r.text) for r in earlier)
        self.folder_runs = frozenset().union(*(_runs(r.text) for r in earlier))  # and the phrases they used

    def _worn(self, rule: Rule) -> bool:
        """A narrator's sentence that would begin as too many in this export already began."""
        if not _narrators(rule):
            return False
        return self.frames[_frame(rule.text)] >= allowance(rule.text)

    def _worn_in_folder(self, rule: Rule) -> bool:
        """A narrator's sentence beginning as one in an earlier export of the folder did (a frame allowed
        once an export; those beginning on a name may recur)."""
        if rule.spoken or rule.beat in ("", "step") or ("author", True) in rule.criteria:
            return False
        if SEATED in rule.text or OTHERS in rule.text:  # the players seated one by one, or the rest making up the
            return self.folder[_frame(rule.text)] > 0  # table, in every chapter, read as one template's
        if _runs(rule.text) & self.folder_runs:  # "with the Mansion in plain view" on three pages of four
            return True
        return allowance(rule.text) == 1 and self.folder[_frame(rule.text)] > 0

    def reseed(self, seed: int) -> None:
        """Ties from here on broken by this seed (each beat's own, so a shared beginning reads the same)."""
        self.rng = random.Random(seed)

    def best(self, candidates: Iterable[Rule], query: Mapping[str, Any], answering: str = "",
             gist: str = "", unsaid: tuple[str, ...] = (), brief: bool = False,
             holding: tuple[str, ...] = (), fresh: bool = False, shun: frozenset[str] = frozenset(),
             declaring: str = "") -> tuple[int, Rule] | None:
        """The most specific rule whose criteria hold, not used before; ties broken by the seed. unsaid:
        slots the rule must not hold ("{behind}" where the distance is too great to be worth a number);
        holding: slots of which it must hold one, where given; fresh: none that begins as a sentence in an
        earlier export of the folder began (else such a one where nothing else will serve); shun: concepts
        not to be told again ("ahead"); declaring: a fact the rule must name among its criteria ("twice")."""
        spent, texts, openings = self.spent, self.texts, self.openings
        found = [(specificity(r, answering), r) for r in candidates
                 if r.id not in spent and r.text not in texts and r.concept not in shun and r.matches(query)
                 and (not declaring or any(key == declaring for key, _ in r.criteria))
                 and (not unsaid or not any(slot in r.text for slot in unsaid))
                 and (not holding or any(slot in r.text for slot in holding))
                 and not (r.spoken and self.library.openings.get(r.id) in openings)
                 and not (r.spoken and self.cried_out and _cries(r.text))
                 and not self._worn(r)
                 and (gist or not r.echoes) and not self.phrases.would_exceed(_plain(r.text))]
        if not found:
            return None
        unworn = [(score, r) for score, r in found if not self._worn_in_folder(r)]
        found = unworn or ([] if fresh else found)  # the folder's frames are avoided where another will serve
        if not found:
            return None
        unrepeated = [(score, r) for score, r in found if not (_narrators(r) and _runs(r.text) & self.runs)]
        found = unrepeated or found  # "by the rules had to begin the road again from the very start" twice on one
        # page read to round 95 as a template's: another sentence where one will serve, this one where none will
        if self.lean:  # a tight budget: the shorter sentences, where there are any
            short = [(score, r) for score, r in found if len(r.text.split()) <= LEAN_WORDS]
            found = short or found
        elif brief:  # a plain moment: the shorter of the most particular sentences (a near miss that lost the
            most = max(score for score, _ in found)  # lead says so, however long)
            short = [(score, r) for score, r in found if score == most and len(r.text.split()) <= LEAN_WORDS]
            found = short or [(score, r) for score, r in found if score == most]
        top = max(score for score, _ in found)
        tied = sorted((r for score, r in found if score == top), key=lambda r: r.id)
        return top, tied[self.rng.randrange(len(tied))]

    def _firsts(self, spoken: bool, query: Mapping[str, Any]) -> list[Rule]:
        key = str(query.get("beat") or query.get("event") or "*") if not spoken else str(query.get("event") or "*")
        who = str(query.get("speaker") or "*") if spoken else "*"
        keys = tuple(sorted({(spoken, k, w) for k in {key, "*"} for w in {who, "*"}}))
        event = query.get("event")
        return self.library.firsts(keys, event if isinstance(event, str) and not spoken else "")

    def first(self, query: Mapping[str, Any]) -> tuple[int, Rule] | None:
        return self.best(self._firsts(True, query), query)

    def reply(self, said: Rule, query: Mapping[str, Any], gist: str) -> tuple[int, Rule] | None:
        written = self.library.by_parent.get(said.id, [])
        found = self.best(written, query, said.concept, gist)
        return found if found is not None else self.answer(said.concept, query, gist)

    def answer(self, concept: str, query: Mapping[str, Any], gist: str = "") -> tuple[int, Rule] | None:
        """The best line written to answer any line of this concept (not one written under a line)."""
        who = str(query.get("speaker") or "*")
        parts = concept.split(".")
        concepts = {".".join(parts[:k]) for k in range(1, len(parts) + 1)}  # taunt.humility answered by taunt
        general = {r.id: r for w in (who, "*") for c in sorted(concepts) for r in self.library.answers.get((w, c), [])}
        return self.best(sorted(general.values(), key=lambda r: r.id), query, concept, gist)

    def narration(self, query: Mapping[str, Any], again: bool = False, unsaid: tuple[str, ...] = (),
                  brief: bool = False, holding: tuple[str, ...] = (), fresh: bool = False,
                  shun: frozenset[str] = frozenset(), declaring: str = "") -> Rule | None:
        """The narrator's rule for the query; with again, one already used may serve when none is left;
        brief: the shorter sentences first."""
        found = self.best(self._firsts(False, query), query, unsaid=unsaid, brief=brief, holding=holding,
                          fresh=fresh, shun=shun, declaring=declaring)
        if found is None and again:
            matching = [r for r in self._firsts(False, query) if r.matches(query)]
            return max(matching, key=specificity) if matching else None
        if found is not None and again:
            self.use(found[1])
        return found[1] if found else None

    def use(self, rule: Rule) -> None:
        self.used.append(rule.id)
        self.spent.add(rule.id)
        self.texts.add(rule.text)
        self.phrases.add(_plain(rule.text))
        if rule.beat not in ("", "step"):  # a full pace tells every turn alike, and may
            self.frames[_frame(rule.text)] += 1
        if _narrators(rule):
            self.runs |= _runs(rule.text)
        if rule.spoken:
            self.heard(rule.text)

    def heard(self, line: str) -> None:
        """A line has been spoken (ours or the author's): no other line of ours begins as it began."""
        self.openings.add(_opening(line))
        self.cried(line)

    def cried(self, line: str) -> None:
        """A line opening on a stock cry ("La!", "Lord,"), ours or the author's (all of a scene's asides are
        heard before the first line is chosen): no line of ours opens on it again. Lydia's "Lord, don't pity
        me!" and the author's "Lord, what a tedious game!" on one page read as a program's tic."""
        self.cried_out = self.cried_out or _cries(line)


TITLES = ("Mr.", "Mrs.", "Miss", "Lady", "Sir", "Colonel", "Captain", "Lord")
SEATED = "{seated}"
OTHERS = "{others}"  # a setting's players left unnamed by the stake after it, making up the table: once a folder
FRAMES = {"{": 3}  # sentences of an export that may begin alike: on a person's name, three; otherwise one


SQUARE = "{square}"  # the frame of every sentence whose subject is a square: "Piety lifted Elizabeth…"
SQUARES = ("{Space}", "{Lifts}", "{Setbacks}")
SQUARE_SUBJECTS = 2  # such sentences an export: readers took a board that moves the players about for a program's


@cache
def allowance(text: str) -> int:
    """How many sentences of an export may begin as this one does: three where it begins on a person's
    name ("{actor} came", or "Mr. Bingley was"), two on a square, one otherwise."""
    if _frame(text) == SQUARE:
        return SQUARE_SUBJECTS
    named = text.split(" ", 1)[0] in TITLES
    return FRAMES.get("{" if named else _frame(text)[:1], 1)


@cache
def _frame(text: str) -> str:
    """How a narrator's sentence begins, its first two words ("down went", "{actor} came"): "Down went
    Elizabeth…" and then "Down went Mary…" in one export read as a template's. A setting that seats the
    players one by one is one frame, however it begins."""
    if SEATED in text:
        return SEATED
    if OTHERS in text:
        return OTHERS
    return SQUARE if text.startswith(SQUARES) else " ".join(text.lower().split()[:2])


@cache
def _runs(text: str) -> frozenset[tuple[str, ...]]:
    """A narrator's runs of five of its own words, a slot breaking the run: a phrase that a reader of the
    folder meets in one chapter and remembers in the next ("paid three counters for the privilege")."""
    words = [re.findall(r"[a-z’']+", part.lower()) for part in re.split(r"\{[A-Za-z_0-9]+\}", text)]
    return frozenset(tuple(w[k:k + RUN]) for w in words for k in range(len(w) - RUN + 1))


STOCK_CRIES = ("la", "lord")  # the stock cries readers named as tics: one of them a page, whoever says it


def _narrators(rule: Rule) -> bool:
    """A sentence of the narrator's own that a page should not repeat: not a spoken line, not a plain step of the
    full pace (every turn told alike), not the author's (her words are hers to repeat)."""
    return not rule.spoken and rule.beat not in ("", "step") and ("author", True) not in rule.criteria


def _cries(line: str) -> bool:
    """Whether a sentence of the line opens on a stock cry: a second sentence is printed after the tag as the
    opening of a speech of its own ("“Then what’s the use of it?” said Lydia. “Lord, Mary, you are dull.”")."""
    return any(word.lower() in STOCK_CRIES for word in re.findall(r"(?:^|[.!?]\s+)\W*(\w+)", line))


def _opening(line: str) -> str:
    return re.split(r"(?<=[.!?])\s+", line.strip(), maxsplit=1)[0].lower()


@cache
def _plain(text: str) -> str:
    """A rule's own words, its slots left out (a name or a space is not a repeated phrase)."""
    return SLOT_PATTERN.sub(" ", text)
