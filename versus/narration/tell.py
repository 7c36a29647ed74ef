"""Microplanning: each beat of the plan given its sentences (narration rules) and its conversation
(talk), as blocks of still unfilled templates with the referents they name.

Nothing here reads events: the facts and the turning points say what happened.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from versus.narration.company import Company, Someone
from versus.narration.facts import ActionFacts, Facts, StretchFacts, setting_of
from versus.narration.plan import Beat
from versus.narration.realise import space_name
from versus.narration.refer import PRONOUNS, amounts
from versus.narration.rules import Book, Rule
from versus.narration.talk import Moment, Said, Talk
from versus.narration.turning import TurningPoint, aside_point, began_again
from versus.narration.words import ROUGH_AFTER, a_spin, about, counted, listing, number, ordinal, times
from versus.scenes.model import Aside

LEAD_STRETCHES = 1  # stretch sentences of an export that may turn on who kept or took the front
COMMENT_EVERY = 3  # a moment told alone keeps the narrator's comment at most once in this many
SETBACKS = ("crime", "fall", "confined", "overshoot")  # turning points that set their player back
ITEMISED = 2  # stretches an export that may name their squares one by one
ITEMISING = ("{fined_at}", "{setbacks}", "{Setbacks}", "{lifts}", "{Lifts}", "{ousted_by}")  # slots that list squares


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence to be filled: its template, the people its slots name (scene ids), and what it tells."""

    template: str
    roles: tuple[tuple[str, str], ...]  # (slot name, scene id): actor, other, leader, …
    values: tuple[tuple[str, str], ...]  # other slots, already words: space, counters, setting, …
    first: int | None
    last: int | None
    author: bool = False
    rule: str = ""
    step: bool = False  # a plain turn at the full pace, which may share a sentence with the next
    tone: tuple[str, str] = ("", "")  # (up | down | lead, scene id): whose fortune it tells, and which way


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph to be: narration sentences, or one spoken line (with its facts, for the slots)."""

    sentences: tuple[Sentence, ...] = ()
    said: Said | None = None
    moment: Moment | None = None
    first: int | None = None
    last: int | None = None
    author_said: tuple[str, str] | None = None  # an aside's spoken line, verbatim: (speaker id, line)
    ending: bool = False  # tells how the game ended or its fallout (a summary's second paragraph)
    scene_break: bool = False  # the author's break between scenes
    run_in: bool = False  # the run to the finish, or the finish: a paragraph of its own begins with it


class Teller:
    """Gives every beat its blocks, drawing narration and talk from one book and one memory."""

    def __init__(self, company: Company, facts: Facts, book: Book, talk: Talk, base: dict[str, Any],
                 space_names: Mapping[int, str], asides: Sequence[Aside], winner: int | None) -> None:
        self.company, self.facts, self.book, self.talk = company, facts, book, talk
        self.base, self.space_names, self.asides, self.winner = base, space_names, asides, winner
        self.printed = company.scene.extra.get("names") == "printed"
        self.setting = setting_of(company.scene)
        self.told: set[int] = set()  # the seats of those whose moments have been told so far
        self.approached = False  # the run to the finish has been told, with its distances
        self.told_leader: int | None = None  # who the reader was last told was in front (a seat)
        self.fastest: int | None = None  # who a stretch since then said went up fastest, and so seems in front
        self.lead_stretches = 0  # stretch sentences so far that told who was in front
        self.uncommented = COMMENT_EVERY  # moments told plainly since the last that kept the narrator's comment
        self.shut_told: set[int] = set()  # the seats of those the reader has been told were shut up
        self.fallen: set[int] = set()  # the seats of those the reader has been told met a vice or went back
        self.just_fell: int | None = None  # the seat the last moment told set back, if it set anybody back
        self.itemised = 0  # stretches that named squares one by one ({fined_at}, {setbacks}, {lifts}, {ousted_by})
        self.fell_at: dict[int, int] = {}  # seat: the action of their last setback the reader was told of
        self.fell_on: dict[int, set[int]] = {}  # seat: the squares the reader was told sent them back
        self.overshot: set[int] = set()  # the seats of those the reader was told spun past the goal

    def spoken(self, space: int | None) -> str:
        """The space as the prose names it ("the Summit of Dissipation", "the Stocks")."""
        return space_name(self.space_names[space], self.printed) if space else ""

    # -- the query of a moment ------------------------------------------------------------------
    def moment(self, point: TurningPoint) -> Moment:
        a = self.facts.actions[point.index]
        actor = self.company.by_seat[point.actor].id
        other = self.company.by_seat[point.other].id if point.other is not None else ""
        lost_to = a.after.leader if point.lost and point.event != "overshoot" else None
        if lost_to is not None and not other:  # the setback that put another in front: {other} is the new leader
            other = self.company.by_seat[lost_to].id
        if point.event == "finish" and not other:
            other = self._chief_loser(point.actor)
        space = self.space_names[point.space].upper() if point.space else ""
        facts: dict[str, Any] = {
            "space": space, "space_name": self.spoken(point.space), "kind": a.kind or "blank", "paid": a.paid,
            "received": a.received, "dest_name": self.spoken(a.to) if a.to != a.landed else "",
            "sent": bool(a.landed) and a.to != a.landed,  # the square landed on sent the player elsewhere ({dest})
            "late": point.late, "again": point.again,
            "lead": a.after.leader == point.actor, "moved": a.moved, "overtook": a.overtook, "advanced": a.advanced,
            "displaced": a.conditions(self.setting).get("displaced", ""),
            **self._sent_to(a),
            "pov": point.actor == self.company.scene.pov_seat, "actor": self.company.by_seat[point.actor].who,
            "rivals": {actor, other} == set(self.company.rivals), "waits": point.waits,
            "won_by_pov": point.event == "finish" and point.actor == self.company.scene.pov_seat,
            "lead_known": point.other is not None and point.other == self.told_leader,
            "spin": a.spin or 0, "spun": a.spin is not None, "near": point.near, "wanted": point.wanted,
            "to_go": self.facts.board.goal - a.frm if point.near else 0,
            "frm": a.frm if not self.space_names.get(a.frm) else 0,  # a named square is told by its name
            "frm_named": bool(a.frm and self.space_names.get(a.frm)), "from_name": self.spoken(a.frm),
            "overshot": a.overshot, "first_round": a.index < len(self.company.by_seat),
            "led": a.before.leader == point.actor, "lost_lead": lost_to is not None and point.other is None,
            "twice": self._told_there_before(point),
            "first_told": point.actor in self.overshot,  # "a second time" only of one the reader saw overshoot
            # the one a collision turned out was carried up the board by it, and into the lead
            "promoted": point.event == "collision" and point.other is not None
            and a.after.leader == point.other and a.before.leader != point.other,
        }
        if point.event == "finish":
            facts |= self._run_in(a, other)
        return Moment(point.event, actor, other, tuple(sorted(facts.items())))

    def _told_there_before(self, point: TurningPoint) -> bool:
        """The page has told of a setback of the same player at this very square: "Once more Elizabeth came to
        the Summit", where the first time was never told, read to every reader as a slip."""
        landed = self.facts.actions[point.index].landed
        return bool(landed) and landed in self.fell_on.get(point.actor, set())

    def _sent_to(self, a: ActionFacts) -> dict[str, str]:
        """Where the one a collision turned out back went, when the prose can say it plainly: {sent_to} is
        "off the board" or "back to Justice" (a blank square's ordinal would be a tally)."""
        if len(a.displaced) != 1 or a.displaced[0][2] >= a.displaced[0][1]:
            return {}
        to = a.displaced[0][2]
        if to == 0:
            return {"sent_to": "off-board", "sent_to_name": "off the board"}
        return {"sent_to": "named", "sent_to_name": f"back to {self.spoken(to)}"} if self.space_names.get(to) else {}

    def _run_in(self, a: ActionFacts, other: str) -> dict[str, Any]:
        """The winning action's distances: how far the winner had still to go, and where the one they beat
        was left (the finish's {need} and {behind})."""
        goal, final = self.facts.board.goal, self.facts.states[-1].pos
        seat = self.company.people[other].seat if other in self.company.people else None
        out: dict[str, Any] = {"need": goal - a.frm, "exact": a.spin == goal - a.frm, "approached": self.approached}
        if seat is not None:
            out["behind"] = goal - final[seat]
        return out

    def _chief_loser(self, seat: int) -> str:
        me = self.company.by_seat[seat].id
        rival = next((r for r in self.company.rivals if r != me and r in self.company.people), "")
        if me in self.company.rivals and rival:
            return rival
        final = self.facts.states[-1].pos
        others = [k for k in range(len(final)) if k != seat]
        return self.company.by_seat[max(others, key=lambda k: final[k])].id if others else ""

    # -- beats ---------------------------------------------------------------------------------
    def blocks(self, beat: Beat, later: Sequence[Beat] = ()) -> list[Block]:
        """The beat's blocks; later: the beats that follow it, whose moments a stretch must not tell first."""
        out = self._blocks(beat, later)
        if beat.kind in ("finish", "unfinished", "close"):
            return [dataclasses.replace(b, ending=True) for b in out]
        return out

    def _blocks(self, beat: Beat, later: Sequence[Beat]) -> list[Block]:
        if beat.kind == "opening":  # the place is set before anybody speaks, whatever the talk after it
            moment = Moment("opening", "", "", ())
            told = self._set(self._narrate("opening", moment, None, None))
            return told + self._talk(moment, beat.talk, None, None, prefer_onlookers=True)
        if beat.kind == "close":
            moment = self._close_moment()
            if beat.quiet:
                return self._talk(moment, beat.talk, None, None, prefer_onlookers=True)
            return self._scene_beat("close", moment, beat.talk, prefer_onlookers=True)
        if beat.kind == "interlude":  # the people's own talk, of no moment of play
            return self._interlude(beat)
        if beat.kind == "stretch":
            return self._stretch(beat, later)
        if beat.kind == "approach":
            return self._approach(beat)
        if beat.kind == "aside":
            return self._aside(beat)
        if beat.kind == "unfinished":  # its sentence speaks of the last action, which the last stretch told
            last = len(self.facts.actions) - 1 if self.facts.actions else None
            told = self._scene_beat("unfinished", self._unfinished_moment(), 0, span=(last, last))
            return [dataclasses.replace(b, first=None, last=None) for b in told]
        if beat.kind == "step":
            return self._step(beat)
        assert beat.point is not None
        self.told.add(beat.point.actor)
        if beat.point.event == "confined":
            self.shut_told.add(beat.point.actor)
        moment = self.moment(beat.point)
        seems = self.told_leader if self.fastest is None else self.fastest
        if dict(moment.facts).get("led") and seems not in (None, beat.point.actor):
            # the reader was last told another led: "when she was leading the table" would read as a contradiction
            moment = dataclasses.replace(moment, facts=tuple((k, False if k == "led" else v) for k, v in moment.facts))
        if beat.point.event == "lead":
            self._lead_told(beat.point.actor)
        kind = "finish" if beat.kind == "finish" else "moment"
        # the talk, or the budget, has no room for the narrator's comment; nor have the moments just after one
        # that had it (an ironic tail on every event, or every other, reads as a program's)
        plain = kind == "moment" and (beat.talk > 0 or self.book.lean or self.uncommented < COMMENT_EVERY - 1)
        out = self._narrate(kind, moment, beat.first, beat.last, beat.hushed, plain)
        self._fell(beat.point)  # after its sentence, which may say "once more" of a setback told before
        if dict(moment.facts).get("lost_lead") and any("{other}" in s.template for b in out for s in b.sentences):
            self._lead_told(self.company.people[moment.other].seat)  # the reader saw the lead change hands
        if kind == "moment" and not any(b.sentences for b in out) and beat.point.event != "collision":
            out = self._step(beat)  # every moment sentence of its kind spent: told plainly, never left untold
            # (a step cannot tell who was turned out: a collision without a sentence goes without talk)
        if kind == "moment":
            commented = not plain and any(plainly(s.template) != s.template for b in out for s in b.sentences)
            self.uncommented = 0 if commented else self.uncommented + 1
        if kind == "finish":
            out = [dataclasses.replace(b, run_in=True) for b in out]
        if not any(b.sentences for b in out) and not beat.hushed:
            return out  # talk about a moment no sentence told answers nothing the reader has seen
        if dict(moment.facts).get("displaced") == "forward":
            return out  # the one turned out went up the board: the lines of a collision are sorry for a setback
            # ("Poor Mary," said Jane, of Mary just sent into the lead)
        return out + self._talk(moment, beat.talk, beat.first, beat.last)

    def _interlude(self, beat: Beat) -> list[Block]:
        """The people's own talk, led in by a sentence that turns the speaker from the board to the one
        spoken to: a remark of theirs out of nowhere reads as a non sequitur."""
        talk = self._talk(Moment("interlude", "", "", ()), beat.talk, None, None)
        said = talk[0].said if talk else None
        if said is None:
            return talk
        people = self.company.people  # the lead-in names who speaks first, to whom; it may be written for them
        turned = Moment("interlude", said.speaker, said.hearer,
                        (("hearer", people[said.hearer].who), ("speaker", people[said.speaker].who)))
        return self._narrate("interlude", turned, None, None) + [dataclasses.replace(b, moment=turned) for b in talk]

    def _scene_beat(self, kind: str, moment: Moment, talk: int, prefer_onlookers: bool = False,
                    span: tuple[int | None, int | None] = (None, None)) -> list[Block]:
        out = self._narrate(kind, moment, *span)
        return out + self._talk(moment, talk, *span, prefer_onlookers=prefer_onlookers)

    def _set(self, opening: list[Block]) -> list[Block]:
        """An opening that says nothing of the place begins with a sentence that does."""
        told = opening[0].sentences if opening else ()
        if not told or self.book.lean:  # a tight budget: the stake alone
            return opening
        if "etting}" in told[0].template:
            return self._seat(opening)
        # the opening met the onlookers already: the setting seats the players instead, and every one of them
        stake = told[0].template
        company = self.base.get("company", False) and "ompany}" not in stake
        query = dict(self.base) | {"beat": "setting", "company": company}
        written = self.company.scene.setting or ""  # "…, where Mr. Gardiner had laid out a copy of the game"
        named = any(n and n in written for p in self.company.people.values() for n in (p.called, p.name))
        said = self.book.library.by_id.get(told[0].rule)
        proposed = said is not None and said.concept == "proposed"  # the stake told how the game came out already
        shun = frozenset({"proposed"}) if proposed or named else frozenset()  # whose game it was, once
        if "layers}" in stake:  # the stake named the players: the setting only sets the place
            rule = self.book.narration(query, unsaid=SEATING, shun=shun) or self.book.narration(query, again=True)
        else:  # each player seated in character where the pace has room (once a folder), else the players the
            # stake left unnamed making up the table, else all of them named in the setting
            making_up = len(self._unnamed(stake)) % len(self.company.by_seat)  # none where the stake names nobody
            rule = self.book.narration(query, holding=("{seated}",), fresh=True, shun=shun) \
                or self.book.narration(query | {"making_up": making_up}, holding=("{others}",), fresh=True,
                                       shun=shun) \
                or self.book.narration(query, holding=SEATING, shun=shun) \
                or self.book.narration(query, shun=shun) \
                or self.book.narration(query, again=True)  # a long book wears them all
        if rule is None:
            return opening
        self.book.use(rule)
        template, roles = self._seated(rule.text) if "{others}" not in rule.text else self._others(rule.text, stake)
        setting = Sentence(template, roles, (), None, None, rule=rule.id)
        first = dataclasses.replace(opening[0], sentences=(setting, *told))
        return [first, *opening[1:]]

    def _seated(self, template: str) -> tuple[str, tuple[tuple[str, str], ...]]:
        """{seated}: the players brought to the table as a novel brings them, two at most in a clause of their own
        and in character, the rest together ("Lydia was calling for the teetotum…; Mr. Darcy sat down because…;
        and Jane and Mary took the two chairs that were left"): a roll-call of names read as a program's, and so
        did a clause for every player, each with one trait. Each clause's {actor} becomes a role of its own."""
        if "{seated}" not in template:
            return template, ()
        chosen: list[tuple[Someone, Rule]] = []
        rivals = self.company.rivals
        first = sorted(self.company.by_seat, key=lambda p: p.id not in rivals)  # the rivals, where they have clauses
        for known in (True, False):  # the cast's own clauses first, then a temper's where nobody has one
            for person in first:
                if len(chosen) == SEATED_CLAUSES or (not known and chosen):
                    break
                query = dict(self.base) | {"beat": "seat", "actor": person.who, "speaker_temper": person.temper}
                rule = self.book.narration(query, unsaid=("{rest}",))
                if rule is not None and person not in (p for p, _ in chosen) \
                        and (dict(rule.criteria).get("actor") is not None) == known:
                    self.book.use(rule)
                    chosen.append((person, rule))
        clauses = [_as_seat(rule.text, k) for k, (_, rule) in enumerate(chosen)]
        rest = [p for p in self.company.by_seat if p not in (q for q, _ in chosen)]
        slots = [f"{{seat{len(chosen) + k}}}" for k in range(len(rest))]
        together = self.book.narration(dict(self.base) | {"beat": "seat", "rest": len(rest)}, holding=("{rest}",)) \
            if rest else None
        if together is not None:
            self.book.use(together)
        if rest:  # nobody is left unseated, whatever the book has left
            words = together.text if together else "{rest} sat down with them"
            clauses.append(words.replace("{rest}", listing(slots)))
        joined = clauses[0] if len(clauses) == 1 else "; ".join(clauses[:-1]) + "; and " + clauses[-1]
        roles = [(f"seat{k}", p.id) for k, p in enumerate([*(p for p, _ in chosen), *rest])]
        opening = "{S" + joined[2:] if joined.startswith("{s") else joined  # it opens a sentence: {Seat0}
        return template.replace("{seated}", opening), tuple(roles)

    def _unnamed(self, texts: str) -> list[str]:
        """The players a sentence of the opening does not name (the rivals are named by {rival1} and {rival2})."""
        rivals = set(self.company.rivals)
        return [p.id for p in self.company.scene.players if not (p.name in texts or (p.called and p.called in texts)
                                                                 or (p.id in rivals and "ival" in texts))]

    def _others(self, template: str, stake: str) -> tuple[str, tuple[tuple[str, str], ...]]:
        """{others}: the players the stake leaves unnamed, who make up the table ("…with Mr. Collins and Anne to
        make up the table"): "After dinner, Lady Catherine, Elizabeth, Mr. Collins and Anne sat down to…", a
        sentence before the stake names two of them again, read to readers as a roll-call."""
        others = self._unnamed(stake)
        slots = [f"{{seat{k}}}" for k in range(len(others))]
        return template.replace("{others}", listing(slots)), tuple((f"seat{k}", who) for k, who in enumerate(others))

    def _seat(self, opening: list[Block]) -> list[Block]:
        """An opening that set the place with a stake between some of the people seats the players after it:
        a reader never shown a player sitting down is surprised to find him spinning."""
        told = opening[0].sentences
        texts = " ".join(s.template for s in told)
        missing = self._unnamed(texts)
        if "layers}" in texts or not missing:
            return opening
        # one player left unnamed is seated alone ("Mr. Bingley made up the rest of the table"): a list of
        # everybody round the table, most of them named a sentence before, read as a program's roll-call
        rule = self.book.narration(dict(self.base) | {"beat": "seated", "missing": len(missing)})
        if rule is None:
            return opening
        self.book.use(rule)
        seated = Sentence(rule.text, (("actor", missing[0]),), (), None, None, rule=rule.id)
        return [dataclasses.replace(opening[0], sentences=(*told, seated)), *opening[1:]]

    def _close_moment(self) -> Moment:
        if self.winner is None:  # nobody won: the talk at the close is of a game put away unfinished
            lead = self.facts.lead[-1].leader
            actor = self.company.by_seat[lead].id if lead is not None else ""
            return Moment("unfinished", actor, "", (("finished", False), ("lead", lead is not None)))
        actor = self.company.by_seat[self.winner].id
        facts = {"finished": True, "won_by_pov": self.winner == self.company.scene.pov_seat,
                 "actor": self.company.by_seat[self.winner].who}
        return Moment("close", actor, self._chief_loser(self.winner), tuple(sorted(facts.items())))

    def _unfinished_moment(self) -> Moment:
        """The game put away: who stood in front, and how far short of the goal ({need}), so that the close can
        say where the game was left instead of only that it was."""
        lead = self.facts.lead[-1].leader
        actor = self.company.by_seat[lead].id if lead is not None else ""
        need = self.facts.board.goal - self.facts.states[-1].pos[lead] if lead is not None else 0
        fell = lead in self.fell_at  # "with Lydia in front", just after she was last seen sent back, read as a
        return Moment("unfinished", actor, "", (("lead", lead is not None), ("fell", fell),  # contradiction
                                                *((("need", need),) if need > 0 else ())))

    def _narrate(self, kind: str, moment: Moment, first: int | None, last: int | None,
                 hushed: bool = False, plain: bool = False) -> list[Block]:
        """The beat's narration sentence; plain: only what happened, since the talk after it gives the
        reaction (an event, a narrator's quip and then the people's quips read as a formula)."""
        query = dict(self.base) | dict(moment.facts) | {"beat": kind, "event": moment.event,
                                                       "company": self.base.get("company", False), "hushed": hushed}
        rule = None
        if dict(moment.facts).get("twice"):  # "With the Mansion in sight at last", of a second fall there, reads as
            rule = self.book.narration(query, brief=plain, declaring="twice")  # the first told again
        rule = rule or self.book.narration(query, brief=plain)  # a plain moment: a plain sentence, not a quip cut short
        if rule is None:
            return [Block(first=first, last=last)] if first is not None else []
        self.book.use(rule)
        roles = (("actor", moment.actor), ("other", moment.other))
        facts = dict(moment.facts)
        values = (("space", str(facts.get("space_name", ""))), *amounts(int(facts.get("paid", 0) or 0)).items(),
                  ("dest", str(facts.get("dest_name", "") or "the place it appoints")), *self._distances(facts),
                  *((("sent_to", str(facts["sent_to_name"])),) if facts.get("sent_to_name") else ()),
                  *((("from_square", f"the {ordinal(int(facts['frm']))} square"),) if facts.get("frm") else ()),
                  *((("from_name", str(facts["from_name"])),) if facts.get("frm_named") else ()),
                  *((("wanted", a_spin(int(facts["wanted"]))),) if facts.get("wanted") else ()),
                  *((("to_go", about(int(facts["to_go"]))),) if facts.get("to_go") else ()),
                  *self._winning(facts))
        text = plainly(rule.text) if plain else rule.text
        tone = (TONES.get(moment.event, ""), moment.actor)
        return [Block((Sentence(text, roles, values, first, last, rule=rule.id, tone=tone),), first=first, last=last)]

    @staticmethod
    def _winning(facts: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The winning spin ({spun}: "a two") and what the bank paid for it ({winnings}), for the finish."""
        out = [("spun", a_spin(int(facts["spin"])))] if facts.get("spin") else []
        received = int(facts.get("received", 0) or 0)
        return out + ([("winnings", counted(received, "counter"))] if received > 0 else [])

    def _distances(self, facts: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The run-in's distances as words, for the finish's sentence."""
        slots = {"need": "need", "behind": "behind", "near": "short"}  # a near miss's spaces wanted are {short}
        out = [(slot, about(int(facts[k]))) for k, slot in slots.items() if facts.get(k)]
        return [*out, ("goal", self.spoken(self.facts.board.goal))] if out else []

    def _talk(self, moment: Moment, lines: int, first: int | None, last: int | None,
              prefer_onlookers: bool = False) -> list[Block]:
        if lines <= 0:
            return []
        said = self.talk.converse(moment, lines, prefer_onlookers)
        return [Block(said=s, moment=moment, first=first, last=last) for s in said]

    def _lead_told(self, seat: int | None) -> None:
        self.told_leader, self.fastest = seat, None

    def _stretch(self, beat: Beat, later: Sequence[Beat] = ()) -> list[Block]:
        assert beat.first is not None and beat.last is not None
        if beat.quiet:
            return [Block(first=beat.first, last=beat.last)]
        indices = list(range(beat.first, beat.last + 1))
        s = self.facts.stretch(indices)
        confined = self._confined(indices, later)
        query = dict(self.base) | self._stretch_facts(s, indices) | {"beat": "stretch", "confinements": len(confined)}
        leads_next = bool(later) and later[0].point is not None and later[0].point.event == "lead"
        gated = self.lead_stretches >= LEAD_STRETCHES
        if gated or leads_next:  # a tally, or contradicted by the next sentence
            query |= {"held": False, "overtook": False, "lead": False, "margin": 0}
        if s.after.leader is not None and s.after.leader == self.just_fell:  # "Lydia remained in front for so many
            query |= {"held": False}  # spins" just after "she went down to Ruin" read to a reader as a contradiction
        nxt = later[0].point if later else None
        if nxt is not None and nxt.actor == s.after.leader and nxt.event in SETBACKS:  # "whom the vices left
            query |= {"spotless": False, "leader_reverses": max(1, query["leader_reverses"])}  # alone. He paid …"
        if self.itemised:  # the squares and their sums once an export: a second such reads as a ledger; the
            query |= {"fined": 0}  # squares alone twice, where "went back more than once" told a reader nothing
        if self.itemised >= ITEMISED:
            query |= {"setbacks": 0, "lifts": 0, "ousted": 0}
        query |= {"memory": frozenset(self.talk.memory.keys)}  # "unless: crowded": one of a kind an export
        rule = self.book.narration(query, shun=frozenset({"ahead"} if gated else ()))  # nor who went up fastest
        if rule is None:
            return [Block(first=beat.first, last=beat.last)]
        self.book.use(rule)
        if "eader}" in rule.text:  # the reader now knows who was in front
            self._lead_told(s.after.leader)
        self.lead_stretches += "eader}" in rule.text or "efore}" in rule.text
        if rule.concept == "ahead":  # "went up the board faster than anybody" reads as in front: a later "when she
            self.fastest = self._gainer(s)  # was leading the table" of another would read as a contradiction,
            self.lead_stretches += 1  # and "went on before everybody else" as the same thing said twice
        if "onfined}" in rule.text and confined:
            self.shut_told.add(confined[0])
        unlucky = self._unlucky(s)
        if "nlucky}" in rule.text and unlucky is not None:
            self.fallen.add(unlucky)
            if "etbacks}" in rule.text:  # "the Sabbath Breaker, Immodesty and the Road to Folly turned her back": the
                self.fell_on.setdefault(unlucky, set()).update(self._setbacks(s, indices))  # next is "once more"
        self.itemised += any(slot in rule.text for slot in ITEMISING)
        self.talk.memory.keys.update(rule.remember)
        roles = tuple((k, v) for k, v in self._stretch_people(s, indices, confined).items())
        gain = max(s.gains, default=0)
        values = (("gain", about(gain)),) if gain > 0 else ()
        values = (*values, *self._particulars(s, indices, confined).items())
        tone = _stretch_tone(rule.text, dict(roles))
        return [Block((Sentence(rule.text, roles, values, beat.first, beat.last, rule=rule.id, tone=tone),),
                      first=beat.first, last=beat.last)]

    def _approach(self, beat: Beat) -> list[Block]:
        """The run to the finish: how far the winner stood from the goal, and the nearest of the others."""
        assert beat.first is not None and beat.last is not None
        pos, goal, w = self.facts.states[beat.last + 1].pos, self.facts.board.goal, self.winner
        others = [k for k in range(len(pos)) if k != w]
        if w is None or not others:
            return self._stretch(dataclasses.replace(beat, kind="stretch"))
        runner = max(others, key=lambda k: (pos[k], -k))
        lead = self.facts.lead[beat.last + 1]
        came_from = self._came_from(beat, w)
        leads, gap = lead.leader == w, pos[w] - pos[runner]
        query = dict(self.base) | {
            "beat": "approach", "lead": leads, "need": goal - pos[w], "behind": goal - pos[runner],
            "gap": gap, "close": leads and gap <= 6, "runaway": leads and gap >= 20,
            "margin": lead.margin if leads else 0,
            "overtaken": lead.leader is not None and not leads, "unheard": w not in self.told,
            # "still shut up": only of one whose confinement the reader was told
            "waits": self.facts.states[beat.last + 1].waiting[runner] > 0 and runner in self.shut_told,
            "climbed": bool(came_from)}
        # a long way is told as a long way: "fully thirty-five spaces" in every export is a countdown
        far = tuple(f"{{{k}}}" for k in ("need", "behind", "gap") if int(query[k]) > ROUGH_AFTER)
        if sum(pos[k] == pos[runner] for k in others) > 1:  # two stand next: neither is "the nearest of the others"
            far = (*far, "{runner}", "{Runner}", "{runner_")
        # the reader was last told somebody else led: the run-in says the lead changed, not only who has it
        before = self.told_leader if leads and self.told_leader not in (None, w) else None
        query["upset"] = before is not None
        rule = self.book.narration(query | {"beat": "upset"}, unsaid=far) if before is not None else None
        rule = rule or self.book.narration(query, unsaid=far)
        if rule is None:
            return self._stretch(dataclasses.replace(beat, kind="stretch"))
        self.book.use(rule)
        self.approached = True
        if leads:
            self._lead_told(w)
        seats = self.company.by_seat
        roles = (("actor", seats[w].id), ("runner", seats[runner].id),
                 ("leader", seats[lead.leader].id if lead.leader is not None else ""),
                 ("before", seats[before].id if before is not None else ""))
        leader_need = goal - pos[lead.leader] if lead.leader is not None else 0
        values = (("need", about(goal - pos[w])), ("behind", about(goal - pos[runner])),
                  ("gap", about(gap)), ("leader_need", about(leader_need)),
                  ("goal", self.spoken(goal)), ("came_from", came_from))
        return [Block((Sentence(rule.text, roles, values, beat.first, beat.last, rule=rule.id),),
                      first=beat.first, last=beat.last, run_in=True)]

    def _came_from(self, beat: Beat, w: int) -> str:
        """The named square the winner climbed back from in the run to the finish, where the reader was told
        of the setback that put them there ("From Ruin Mr. Darcy made his way back up the board"): a winner
        last seen sent down to Ruin and then simply winning read as "one unexplained jump"."""
        assert beat.first is not None and beat.last is not None
        end = self.facts.states[beat.last + 1].pos[w]
        fall = next((a for a in reversed(self.facts.actions[:beat.first]) if a.player == w and a.turned_back), None)
        told = self.fell_at.get(w)  # "back up the board": from where a setback the reader was told of put them
        if fall is None or told is None or self.facts.actions[told].to != fall.to or end - fall.to < 3 \
                or not self.space_names.get(fall.to):
            return ""
        return self.spoken(fall.to)

    def _stretch_facts(self, s: StretchFacts, indices: list[int]) -> dict[str, Any]:
        leaders = {self.facts.lead[i + 1].leader for i in indices} | {s.before.leader}
        players = max(1, len(self.company.by_seat))
        return {"eventless": s.eventless, "fines": s.fines, "virtues": s.virtues, "vices": s.vices,
                "collisions": s.collisions, "confinements": s.confinements,
                "lead": s.after.leader is not None, "overtook": s.after.leader is not None
                and s.after.leader != s.before.leader and s.before.leader is not None,
                "held": len(leaders) == 1 and s.after.leader is not None,
                "turns": len(indices), "rounds": len(indices) // players,
                "margin": s.after.margin if s.after.leader is not None else 0,
                "leader_reverses": s.leader_reverses + self._lately_reversed(s, indices),
                "spotless": s.after.leader is not None and s.after.leader not in self.fallen,
                "lead_known": s.before.leader is not None and s.before.leader == self.told_leader,
                "reverses": max(s.reverses, default=0), "gain": max(s.gains, default=0),
                "lifts": len(set(self._lifts(s, indices))), "setbacks": len(self._setbacks(s, indices)),
                "fined": len(s.payer_fines), "ousted": len(self._ousters(s, indices)),
                "restarts": len(self._restarted(indices)),
                **self._who(("gainer", self._gainer(s)), ("unlucky", self._unlucky(s)))}

    def _fell(self, point: TurningPoint) -> None:
        """Remembers whom a told moment set back, so that no later sentence calls their road spotless."""
        self.just_fell = None
        if point.event in SETBACKS:
            self.fallen.add(point.actor)
            self.fell_at[point.actor] = point.index
            self.just_fell = point.actor
            if point.space:
                self.fell_on.setdefault(point.actor, set()).add(point.space)
        elif point.event == "collision" and point.other is not None:
            self.fallen.add(point.other)
            self.just_fell = point.other
        if point.event == "overshoot":  # "a second time" may now be said of the next
            self.overshot.add(point.actor)

    def _who(self, *seats: tuple[str, int | None]) -> dict[str, str]:
        """The people a stretch turns on, as the cast knows them (a line of vanity is for the vain)."""
        return {name: self.company.by_seat[seat].who for name, seat in seats if seat is not None}

    def _lately_reversed(self, s: StretchFacts, indices: list[int]) -> int:
        """The leader's reverses in the round before the stretch: the reader has just been told of them, and
        "whom the vices seemed to leave alone" a paragraph after her fall reads as a contradiction."""
        before = range(max(0, indices[0] - len(self.company.by_seat)), indices[0])
        return sum(1 for a in self._actions(list(before)) if a.player == s.after.leader and a.misfortune)

    def _lifts(self, s: StretchFacts, indices: list[int]) -> list[int]:
        """The virtues that carried the stretch's {gainer} on (the spaces, in order)."""
        gainer = self._gainer(s)
        return [a.landed for a in self._actions(indices) if a.player == gainer and a.advanced > 0 and a.landed]

    def _particulars(self, s: StretchFacts, indices: list[int], confined: Sequence[int] = ()) -> dict[str, str]:
        """The spaces that made a stretch what it was, as words: those that sent its {unlucky} back
        ({setbacks}: "Immodesty twice and Cruelty once"), the virtues that carried its {gainer} on
        ({lifts}: "Sincerity and Truth") and where its {confined} came to be shut up ({shut_at}), so that
        a stretch names its squares instead of counting moves."""
        out = {}
        shut = [a.landed for a in self._actions(indices) if confined and a.player == confined[0] and a.confined]
        if shut and shut[0]:
            out["shut_at"] = self.spoken(shut[0])
        back = self._setbacks(s, indices)
        if back:
            out["setbacks"] = self._spaces(back, counts=True)
        lifts = self._lifts(s, indices)  # none without a gainer
        if lifts:
            out["lifts"] = self._spaces(lifts, counts=False)
        ousters = self._ousters(s, indices)
        if ousters:
            out["ousted_by"] = listing([f"{times(n)} by {self.company.by_seat[k].called}"
                                        for k, n in Counter(ousters).items()])
        restarted = self._restarted(indices)
        if restarted:
            out["restarted"] = listing([self.company.by_seat[k].called for k in restarted])
        if s.payer is not None and len(s.payer_fines) >= 2:  # {fined}: how many, the same square twice too
            out["fined_at"] = self._fined_at(s.payer_fines, s.payer)
        return out

    def _fined_at(self, fines: Sequence[tuple[int, int]], payer: int) -> str:
        """The fines as a reader can follow them, a square once with all it took: "Avarice cost her five
        counters, and Hypocrisy two", "Passion cost her a counter twice", "Avarice seven and four"."""
        him = PRONOUNS.get(self.company.by_seat[payer].pronoun, PRONOUNS["they"])["him"]
        by_space: dict[int, list[int]] = {}
        for square, fine in fines:
            by_space.setdefault(square, []).append(fine)
        items = []
        for k, (space, paid) in enumerate(by_space.items()):
            sums = [counted(paid[0], "counter") if k == 0 else number(paid[0]), *(number(n) for n in paid[1:])]
            if len(set(paid)) == 1 and len(paid) > 1:  # "a counter twice"; "Avarice twice, one each time"
                took = f"{sums[0]} {times(len(paid))}" if k == 0 else f"{times(len(paid))}, {sums[0]} each time"
            else:
                took = listing(sums)
            items.append(f"{self.spoken(space)} cost {him} {took}" if k == 0 else f"{self.spoken(space)} {took}")
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + ", and " + items[-1]

    def _setbacks(self, s: StretchFacts, indices: list[int]) -> list[int]:
        """The spaces that sent the stretch's {unlucky} back (an overshoot, landing nowhere, is not one)."""
        unlucky = self._unlucky(s)
        return [a.landed for a in self._actions(indices) if a.player == unlucky and a.turned_back and a.landed]

    def _ousters(self, s: StretchFacts, indices: list[int]) -> list[int]:
        """Who turned the stretch's {unlucky} out of a square in it, once for each time: where a player was
        sent back "repeatedly", the reader wants to know by whom."""
        unlucky = self._unlucky(s)
        return [a.player for a in self._actions(indices) for who, _, _ in a.displaced if who == unlucky]

    def _restarted(self, indices: list[int]) -> list[int]:
        """Who spun past the goal a second time in the stretch and began the road again, each once, in order:
        four sisters sent home from the Mansion's door one after another is the story of a morning, and a
        stretch that told only a virtue between them left the reader wondering how the last came to lead."""
        out: list[int] = []
        for a in self._actions(indices):
            if began_again(a, self.facts.board.overshoot) and a.player not in out:
                out.append(a.player)
        return out

    def _actions(self, indices: list[int]) -> list[ActionFacts]:
        return [self.facts.actions[i] for i in indices]

    def _spaces(self, landed: list[int], counts: bool) -> str:
        """Spaces named once each in the order first met, with how often where any came more than once."""
        seen = Counter(landed)
        names = [self.spoken(n) for n in seen]
        if counts and max(seen.values(), default=0) > 1:
            names = [f"{self.spoken(n)} {times(k)}" for n, k in seen.items()]
        return listing(names)

    def _unlucky(self, s: StretchFacts) -> int | None:
        """The first of those who went back most often in the stretch."""
        if max(s.reverses, default=0) <= 0:
            return None
        return max(range(len(s.reverses)), key=lambda k: (s.reverses[k], -k))

    def _gainer(self, s: StretchFacts) -> int | None:
        """The first of those who went furthest up the board over the stretch."""
        if max(s.gains, default=0) <= 0:
            return None
        return max(range(len(s.gains)), key=lambda k: (s.gains[k], -k))

    def _confined(self, indices: list[int], later: Sequence[Beat]) -> list[int]:
        """Those shut up in a stretch (seats, first first), less any whose confinement a later moment tells
        (the company pitying it before the sentence that shuts them up reads out of order) or the reader
        was told already (a second stretch of the same pity reads as a formula)."""
        told = {b.point.actor for b in later if b.point is not None and b.point.event == "confined"} | self.shut_told
        return [self.facts.actions[i].player for i in indices
                if self.facts.actions[i].confined and self.facts.actions[i].player not in told]

    def _stretch_people(self, s: StretchFacts, indices: list[int], confined: list[int]) -> dict[str, str]:
        seats = self.company.by_seat
        out = {}
        if s.after.leader is not None:
            out["leader"] = seats[s.after.leader].id
        if s.before.leader is not None:
            out["before"] = seats[s.before.leader].id
        if confined:
            out["confined"] = seats[confined[0]].id
        unlucky, gainer = self._unlucky(s), self._gainer(s)
        if s.payer is not None:
            out["payer"] = seats[s.payer].id
        if unlucky is not None:
            out["unlucky"] = seats[unlucky].id
        if gainer is not None:
            out["gainer"] = seats[gainer].id
        return out

    def _step(self, beat: Beat) -> list[Block]:
        assert beat.first is not None
        a: ActionFacts = self.facts.actions[beat.first]
        who = self.company.by_seat[a.player].id
        space = self.space_names[a.landed].upper() if a.landed else ""
        query = dict(self.base) | {"beat": "step", "event": beat.point.event if beat.point else "step",
                                   "kind": a.kind or "blank", "paid": a.paid, "received": a.received,
                                   "moved": a.moved, "space": space, "spun": a.spin is not None,
                                   "lead": a.after.leader == a.player, "overshot": a.overshot,
                                   "waiting": a.spin is None, "pov": a.player == self.company.scene.pov_seat}
        # every turn told: plain turns may repeat their words; a plain square has no name for {space} ("Elizabeth
        # went on to ;" where the plain lines were spent)
        rule = self.book.narration(query, again=True, unsaid=() if space else ("{space}", "{Space}"))
        if rule is None:
            return [Block(first=beat.first, last=beat.last)]
        values = (("space", self.spoken(a.landed)), *amounts(a.paid).items())
        return [Block((Sentence(rule.text, (("actor", who),), values, beat.first, beat.last, rule=rule.id, step=True),),
                      first=beat.first, last=beat.last)]

    def _aside(self, beat: Beat) -> list[Block]:
        aside = self.asides[beat.aside]
        out: list[Block] = []
        if aside.scene_break:  # a paragraph of its own, which the exports print as a break
            return [Block(scene_break=True)]
        if aside.narrate:  # its action is told by the beat before it: the aside adds no span of its own
            out.append(Block((Sentence(aside.narrate, (), (), beat.first, beat.last, author=True),)))
        for speaker, line in aside.say:
            out.append(Block(first=beat.first, last=beat.last, author_said=(speaker, line)))
            self.talk.memory.spoke[speaker] = self.talk.memory.spoke.get(speaker, 0) + 1
            self.book.heard(line)
        return out + self._answer(beat, aside)

    def _answer(self, beat: Beat, aside: Aside) -> list[Block]:
        """The one the aside spoke of answers its last speaker, where the pace has talk and she did not speak."""
        subject = aside.when.player
        point = aside_point(self.facts.actions[beat.first]) if beat.first is not None else None
        if not beat.talk or not aside.say or point is None or point.actor != subject:
            return []
        answerer = self.company.by_seat[point.actor].id
        if answerer in (speaker for speaker, _ in aside.say):
            return []
        moment = self.moment(point)
        said = self.talk.answer_aside(moment, aside.say[-1][0], answerer)
        return [] if said is None else [Block(said=said, moment=moment, first=beat.first, last=beat.last)]


def plainly(text: str) -> str:
    """A moment's sentence without the narrator's comment after it: up to its first semicolon or full
    stop, where what comes before is a sentence of its own (eight words or more, naming whom it befell)
    and what comes after tells nothing of the game ("it cost her three counters, and she went down to
    Ruin" is the moment itself, not a comment on it)."""
    cut = re.search(r"(;|\.) ", text)
    if cut is None or len(text[:cut.start()].split()) < 8 or "ctor}" not in text[:cut.start()]:
        return text
    if re.search(r"\{(?!(?:[Aa]ctor|[Oo]ther)(?:_\w+)?\})", text[cut.end():]):  # a slot of the game's, not a person's
        return text
    return text[:cut.start()].rstrip(",") + "."


SEATED_CLAUSES = 2  # players a setting seats in a clause of their own; the rest come to the table together


def _as_seat(clause: str, k: int) -> str:
    """A seat clause's {actor} as the k-th seated player's role ({seat0}, {Seat0}, {seat0_his})."""
    return re.sub(r"\{([Aa])ctor", lambda m: "{" + ("S" if m.group(1) == "A" else "s") + f"eat{k}", clause)


SEATING = ("{players}", "{Players}", "{seated}")  # the slots of a setting that seat the players
TONES = {"confined": "down", "crime": "down", "fall": "down", "overshoot": "down", "lead": "lead", "virtue": "up"}
STRETCH_TONES = {"gainer": "up", "leader": "lead", "unlucky": "down", "confined": "down"}


def _stretch_tone(template: str, roles: Mapping[str, str]) -> tuple[str, str]:
    """Whose fortune a stretch's sentence tells first: its gainer, its leader, its unlucky or its confined."""
    found = [(template.lower().find("{" + slot), slot) for slot in STRETCH_TONES if roles.get(slot)]
    found = [(at, slot) for at, slot in found if at >= 0]
    if not found:
        return ("", "")
    slot = min(found)[1]
    return (STRETCH_TONES[slot], roles[slot])
