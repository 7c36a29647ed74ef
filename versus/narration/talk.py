"""Talk: the conversation at a moment of the game, built line by line from the response rules.

The first line is the most specific rule any person present has for the moment (a person not
concerned speaks to the one it befell; the one it befell to the other concerned, or to a rival).
Each next line is spoken by the one addressed, to the one who spoke, and answers what was said: the
replies written under that line first, then the rules that answer its concept. An onlooker may put in
a word where a reply is written for them. Lines write to the scene's memory as they are said.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from versus.narration.company import Company, Someone
from versus.narration.rules import Book, Rule
from versus.narration.words import SENTENCE_END

LOOKAHEAD = 6  # first lines tried for one that somebody can answer
PLAY_EVENTS = ("lead", "crime", "fall", "confined", "collision", "overshoot", "virtue")  # moments of play
PASSED = ("collision", "lead")  # moments whose one it befell speaks of them only to the other concerned
RESERVED = ("proud", "shy", "timid")  # tempers that say their say in a conversation and let it stand
RESERVED_LINES = 3  # lines a reserved person speaks in a scene before falling silent (bar their own win)
WINNER_FIRST = 6.0  # at the finish the winner's own word is preferred to open the talk: a winner is never silent
ASIDE = "aside"  # the concept answered by a line written for any remark an author's aside made of the speaker
AGAIN = 8.0  # what a first line loses where its speaker has opened a conversation with its kind of line before
EXCLAIMED = 2  # talks of play an export may open on an exclamation ("Turned out!"); then another kind of line


@dataclass(frozen=True, slots=True)
class Said:
    """A line as planned: who says it, to whom, the rule, and the word it takes up from the line before."""

    speaker: str  # scene ids
    hearer: str
    rule: Rule
    echo: str = ""
    answering: bool = False  # a reply to the line before (so "replied" may tag it)
    uncried: bool = False  # spoken without its first sentence, an exclamation (see EXCLAIMED)

    @property
    def text(self) -> str:
        return without_cry(self.rule.text) if self.uncried else self.rule.text


@dataclass(slots=True)
class Memory:
    """What has been said tonight: keys written by lines, and who has spoken."""

    keys: set[str] = field(default_factory=set)
    spoke: dict[str, int] = field(default_factory=dict)  # scene id -> lines spoken
    last: str = ""  # who spoke last, so that a conversation does not open with the voice that closed the one before
    opened: tuple[str, str] = ("", "")  # who opened the last conversation, and with what kind of line (console)
    exclaimed: int = 0  # talks of play opened on an exclamation (EXCLAIMED)
    kinds: set[tuple[str, str]] = field(default_factory=set)  # (speaker, kind) of every conversation opened tonight


@dataclass(frozen=True, slots=True)
class Moment:
    """What the talk is about: the event and the people it concerns (scene ids; '' for none)."""

    event: str
    actor: str
    other: str
    facts: tuple[tuple[str, Any], ...]  # the event's facts for the query: space, kind, late, lead, paid, …


class Talk:
    """Builds conversations for one telling; the book and the memory run through the whole scene."""

    def __init__(self, company: Company, book: Book, memory: Memory, base: Mapping[str, Any],
                 reserved: bool = True) -> None:
        self.company, self.book, self.memory, self.base = company, book, memory, dict(base)
        self.reserved = reserved

    def query(self, moment: Moment, speaker: Someone, hearer: Someone | None, addressed: bool) -> dict[str, Any]:
        role = self._role(moment, speaker)
        q = dict(self.base) | dict(moment.facts) | {
            "event": moment.event, "speaker": speaker.who, "speaker_temper": speaker.temper,
            "speaker_known": bool(speaker.cast), "speaker_role": role, "addressed": addressed,
            "memory": frozenset(self.memory.keys),
            "motifs": speaker.motifs | (hearer.motifs if hearer else frozenset()),
            "won": moment.event in ("finish", "close") and speaker.id == moment.actor,
            "lost": moment.event in ("finish", "close") and speaker.seat is not None and speaker.id != moment.actor,
        }
        if hearer is not None:
            q |= {"hearer": hearer.who, "hearer_role": self._role(moment, hearer),
                  "relation": self.company.relation(speaker.id, hearer.id),
                  "rivals": {speaker.id, hearer.id} == set(self.company.rivals)}
        return q

    def _role(self, moment: Moment, person: Someone) -> str:
        if person.id == moment.actor:
            return "actor"
        if person.id == moment.other:
            return "other"
        return "onlooker" if person.seat is None else "player"

    # -- the conversation ----------------------------------------------------------------------
    def converse(self, moment: Moment, most: int, prefer_onlookers: bool = False) -> list[Said]:
        """Up to `most` lines about the moment; [] when nobody has anything to say."""
        first = self._opener(moment, prefer_onlookers)
        if first is None:
            return []
        out = [first]
        self._said(first)
        self.memory.opened = (first.speaker, _kind(first.rule.concept))
        self.memory.kinds.add(self.memory.opened)
        self.memory.exclaimed += moment.event in PLAY_EVENTS and _exclaims(first.rule) and not first.uncried
        kept: list[tuple[set[str], dict[str, int], str]] = []  # memory before each reply, to forget one taken back
        while len(out) < most:
            nxt = self._reply(moment, out[-1])
            if nxt is None or self._reserved(moment, nxt, out):
                break
            kept.append(self._recalled())
            out.append(nxt)
            self._said(nxt)
        while len(out) > 1 and out[-1].rule.text.rstrip().endswith("?"):
            out.pop()  # a question nobody answers ("You think me passionate, sir?") reads as a line lost
            self.memory.keys, self.memory.spoke, self.memory.last = kept.pop()
        return out

    def answer_aside(self, moment: Moment, speaker: str, answerer: str) -> Said | None:
        """The answer of the one an author's aside spoke of, to its speaker: a remark of hers about a person
        at the table left unanswered ("A vice, Miss Eliza?" and Elizabeth silent) read as a beat dropped.
        The author's line has no concept of ours, so the answer is one written for any remark (ASIDE)."""
        people = self.company.people
        who, to = people.get(answerer), people.get(speaker)
        if who is None or to is None or who.id == to.id or who.only_mine or self._spent(moment, who):
            return None
        found = self.book.answer(ASIDE, self.query(moment, who, to, True))
        if found is None:
            return None
        said = Said(who.id, to.id, found[1], answering=True)
        self._said(said)
        return said

    def _reserved(self, moment: Moment, line: Said, out: list[Said]) -> bool:
        """A proud or shy person has said their say in this conversation, about a moment not their own (of
        their own fall or their win they may say more): Mr. Darcy trading epigram for epigram at every
        turn "talks far more readily than he should", as readers found him."""
        person = self.company.people[line.speaker]
        most = 2 if person.id == moment.actor else 1
        return self.reserved and person.temper in RESERVED and sum(s.speaker == line.speaker for s in out) >= most

    def _spent(self, moment: Moment, person: Someone) -> bool:
        """A proud or shy person who has spoken their share of the scene keeps silent, but for their own
        win: a Mr. Darcy with an epigram for every turn of the board is "far too talkative", readers said."""
        if not self.reserved or person.temper not in RESERVED:
            return False
        own_win = moment.event in ("finish", "close") and person.id == moment.actor
        return not own_win and self.memory.spoke.get(person.id, 0) >= RESERVED_LINES

    def _recalled(self) -> tuple[set[str], dict[str, int], str]:
        return set(self.memory.keys), dict(self.memory.spoke), self.memory.last

    def _said(self, line: Said) -> None:
        self.book.use(line.rule)
        self.memory.keys.update(line.rule.remember)
        self.memory.spoke[line.speaker] = self.memory.spoke.get(line.speaker, 0) + 1
        self.memory.last = line.speaker

    def _hearers(self, moment: Moment, speaker: Someone) -> list[Someone]:
        people = self.company.people
        rival = next((people[r] for r in self.company.rivals if r != speaker.id and r in people), None)
        wanted: list[Someone | None]
        if speaker.id == moment.actor and moment.event in PASSED and moment.other in people:
            wanted = [people[moment.other]]  # "I have passed you" and "I beg your pardon" are for the one passed
        elif speaker.id == moment.actor or not moment.actor:
            wanted = [people.get(moment.other), rival, *self.company.by_seat, *self.company.onlookers]
        else:
            wanted = [people.get(moment.actor)]
        seen: list[Someone] = []
        for h in wanted:
            if h is not None and h.id != speaker.id and h not in seen:
                seen.append(h)
        return seen[:3]

    def _opener(self, moment: Moment, prefer_onlookers: bool, answered: bool = True) -> Said | None:
        """The most specific first line anyone present has; with answered, the best one somebody can answer
        (a remark left hanging reads as a non sequitur), else the best of all."""
        found: list[tuple[float, int, Said]] = []
        for speaker in self.company.people.values():
            if speaker.only_mine or self._spent(moment, speaker):
                continue  # the author keeps this person's words to herself; or they have said enough tonight
            for hearer in self._hearers(moment, speaker):
                hit = self.book.first(self.query(moment, speaker, hearer, False))
                if hit is not None:
                    score = hit[0] + self._bonus(speaker, hearer, prefer_onlookers)
                    if moment.event == "finish" and speaker.id == moment.actor:
                        score += WINNER_FIRST
                    if (speaker.id, _kind(hit[1].concept)) == self.memory.opened:
                        continue  # Charlotte consoling Maria twice running reads as a program's
                    if (speaker.id, _kind(hit[1].concept)) in self.memory.kinds:
                        if moment.event in PLAY_EVENTS:
                            continue  # Jane consoling at every setback read to readers as her template: once a page
                        score -= AGAIN
                    found.append((score, len(found), Said(speaker.id, hearer.id, hit[1])))
        found.sort(key=lambda f: (-f[0], f[1]))
        if moment.event in PLAY_EVENTS and self.memory.exclaimed >= EXCLAIMED:
            # every turn of the board met by a cry and then a retort read as a program's rhythm: after two, a
            # line that opens on a cry is said without it ("Turned out! You might have asked" is "You might
            # have asked"), and one that is nothing but a cry gives way to another where anybody has one
            plain = [(score, k, dataclasses.replace(said, uncried=True) if _exclaims(said.rule) else said)
                     for score, k, said in found if not _exclaims(said.rule) or without_cry(said.rule.text)]
            found = plain or found
        people = self.company.people
        unheard = [f for f in found if people[f[2].speaker].seat is None and not self.memory.spoke.get(f[2].speaker)]
        if prefer_onlookers and unheard:  # at the opening and the close, an onlooker not yet heard has the word
            found = unheard
        if answered:
            for _, _, said in found[:LOOKAHEAD]:
                if self._reply(moment, said) is not None:
                    return said
        # left unanswered, a remark to the one it befell reads better than theirs about themselves
        # ("I am in front…" said to nobody in particular)
        spoken_to = [said for _, _, said in found if said.speaker != moment.actor]
        if spoken_to or moment.event not in PLAY_EVENTS:
            return spoken_to[0] if spoken_to else (found[0][2] if found else None)
        return None  # "I am in front…", said to nobody and answered by nobody, is better left unsaid

    def _bonus(self, speaker: Someone, hearer: Someone, prefer_onlookers: bool) -> float:
        rivals = set(self.company.rivals)
        bonus = 3.0 if {speaker.id, hearer.id} == rivals else 0.0
        if not self.memory.spoke.get(speaker.id):  # everybody at the table has a word to say, onlookers first
            if speaker.seat is None:
                bonus += 12.0 if prefer_onlookers else 3.0
            else:
                bonus += 7.0 if prefer_onlookers else 2.0
        if speaker.id == self.memory.last:
            bonus -= 4.0
        return bonus - 1.5 * min(self.memory.spoke.get(speaker.id, 0), 4) / 2

    def _reply(self, moment: Moment, said: Said) -> Said | None:
        people = self.company.people
        addressed, speaker = people[said.hearer], people[said.speaker]
        gist = said.rule.gist if said.rule.gist.lower() in said.text.lower() else ""  # no echo of a cry unsaid
        best: tuple[int, Said] | None = None
        for who in [addressed, *(p for p in people.values() if p.id not in (addressed.id, speaker.id))]:
            if who.only_mine or self._spent(moment, who):
                continue
            q = self.query(moment, who, speaker, who.id == addressed.id)
            found = self.book.reply(said.rule, q, gist)
            if found is not None and (best is None or found[0] > best[0]):
                best = (found[0], Said(who.id, speaker.id, found[1], gist, True))
        return best[1] if best else None


def _kind(concept: str) -> str:
    """The kind of a line's concept ('console' of 'console.fine'); '' for none."""
    return concept.split(".")[0]


def _exclaims(rule: Rule) -> bool:
    """A line whose first sentence is an exclamation ("Oh, that is too bad!")."""
    return _sentences(rule.text)[0].endswith("!")


LEANS_BACK = ("that", "this", "it", "such", "so", "and", "but", "there", "yes", "no", "oh", "la")


def _sentences(text: str) -> list[str]:
    """A line's first sentence and the rest (the rest missing where it is one sentence)."""
    return re.split(SENTENCE_END, text.strip(), maxsplit=1)


def without_cry(text: str) -> str:
    """A line without the exclamation it opens on, where what follows stands alone: five words at least,
    not leaning back on the cry ("That is…", "It was…"); else ''."""
    parts = _sentences(text)
    if len(parts) < 2 or not parts[0].endswith("!"):
        return ""
    rest = parts[1]
    first = re.sub(r"[^a-z]", "", rest.split()[0].lower())
    return rest if len(rest.split()) >= 5 and first not in LEANS_BACK and rest[0].isupper() else ""
