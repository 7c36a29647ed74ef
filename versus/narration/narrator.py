"""The narrator: tells a playthrough as paragraphs of Regency prose, phrasing drawn from the phrasebook."""

from __future__ import annotations

import hashlib
import random
import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from versus.narration import moments
from versus.narration.checks import scene_names
from versus.narration.facts import ActionFacts, Facts, setting_of
from versus.narration.moments import BAD, GOOD
from versus.narration.phrasebook import Phrasebook, load_author, opening
from versus.narration.realise import Realiser
from versus.narration.referring import Referring
from versus.narration.summaries import Summaries
from versus.narration.talk import Talk
from versus.narration.truth import Unit
from versus.narration.voice import Voices
from versus.narration.words import a_spin, counted, curly, listing, number, ordinal
from versus.rules import events as ev
from versus.rules.game import Action
from versus.takes.playthrough import Firing, Playthrough

__all__ = ["BAD", "GOOD", "PACES", "Narrator", "Paragraph"]
PACES = ("summary", "brisk", "full")


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph of the prose: its text, the actions it tells (0-based, inclusive; None for the
    opening and the close), and its sentences, each with the actions it speaks of."""

    text: str
    first: int | None
    last: int | None
    units: tuple[Unit, ...]


class Narrator(Talk, Referring, Summaries):
    """Document planning and the telling of moments; conversation, referring expressions and summaries
    are its mixins (talk.py, referring.py, summaries.py)."""

    def __init__(self, play: Playthrough, pace: str = "brisk", limit: int | None = None, lean: bool = False,
                 avoid: frozenset[str] = frozenset(), asides: bool = False,
                 author: dict[str, Any] | None = None) -> None:
        self.play = play
        self.scene = play.scene
        self.board = play.board
        self.pace = pace
        self.limit = limit  # how many moments beyond the finish and the asides to tell (a word budget)
        self.lean = lean  # a tight budget: no verdicts or lone reactions, one tally a stretch
        self.asides = asides  # a summary for a budget keeps the author's asides, as every budget does
        digest = hashlib.blake2b(repr((self.scene.seed, play.spins(), pace)).encode(), digest_size=8).digest()
        seed = int.from_bytes(digest, "big")
        self.rng = random.Random(seed)
        mine = load_author(self.scene.phrasebook) if author is None else author  # the planner reads it once
        self.book = Phrasebook(self.board.id, seed, mine, self.board.pool_name, scene_names(self.scene, self.board),
                               avoid)
        self.voices = Voices(self.scene)
        self.states = play.game.states
        self.facts = Facts(self.board, [p.action for p in play.played], self.states)
        self.setting = setting_of(self.scene)
        printed = self.scene.extra.get("names") == "printed"
        proper = {w for p in (*self.scene.players, *self.scene.company) for w in (p.name + " " + p.called).split()}
        self.realiser = Realiser([s.name for s in self.board.spaces], proper, printed)
        self.last_opening = ""
        self.mansion = self.board.overshoot == "seat"
        self.covered: set[int] = set()  # actions whose salient events the prose tells (one by one or tallied)
        self.verdicts = self.moments_told = 0  # to ration the stock verdicts
        self.pronouned: set[str] = set()  # sentences as the referring expressions left them
        self.now: dict[str, Any] = self.scene_facts()  # the facts of what is being told, for `when:`
        self.part_paid: int | None = None  # while one part of an action is told: what it cost (paying)
        self.scope: tuple[int | None, int | None] = (None, None)  # the actions the next sentences tell

    # -- the whole ----------------------------------------------------------------------------
    SALIENT = (ev.Confined, ev.Displaced, ev.Relieved, ev.Won)

    def missing(self) -> list[int]:
        """Actions with a confinement, collision, relief or the finish that the prose does not tell."""
        return [i for i, p in enumerate(self.play.played)
                if i not in self.covered and any(isinstance(e, self.SALIENT) for e in p.action.events)]

    def paragraphs(self) -> list[str]:
        return [p.text for p in self.told()]

    def told(self) -> list[Paragraph]:
        """The prose as paragraphs that know their actions; every action belongs to exactly one
        paragraph between the opening and the close, in order."""
        raw = self.draft()
        out: list[Paragraph] = []
        done = -1
        body = [k for k, p in enumerate(raw) if p.first is not None]
        last_action = len(self.play.played) - 1
        for k, para in enumerate(raw):
            if para.first is None:
                out.append(para)
                continue
            last = last_action if k == body[-1] else para.last
            out.append(Paragraph(para.text, done + 1, last, para.units))
            done = last
        return out

    def draft(self) -> list[Paragraph]:
        out: list[Paragraph] = []
        self.scope = (None, None)
        if self.pace == "summary":
            return self.digest(out)
        self.add(out, [self.opening()])
        played = self.play.played
        firings = self.play.firings_by_action()
        turns = self.play.game.state.turn
        told = [moments.score(i, p.action, self.board, self.states[i], self.states[i + 1], i in firings)
                for i, p in enumerate(played)]
        self.scores = told
        chosen = moments.select(told, turns, self.pace, self.limit)
        stretch: list[int] = []
        for i, p in enumerate(played):
            if i not in chosen:
                stretch.append(i)
                continue
            self.voices.new_paragraph()  # the stretch before the moment opens its paragraph
            lead = self.summary(stretch)
            stretch = []
            self.moment(i)
            self.moments_told += 1
            self.voices.new_topic()
            sentences = self.tell(i, p.action, p.source)
            if all(sentences):
                self.covered.add(i)
            sentences = [s for s in sentences if s]
            for firing in firings.get(i, []):
                sentences.append(Unit(self.aside(firing), i, i, author=True))
            if not (p.action.events and isinstance(p.action.events[-1], ev.Won)):
                mood = self.mood(i, p.action)
                if not self.lean:
                    sentences.extend(self.verdict(mood, sentences))
                spoken = any(f.aside.say for f in firings.get(i, []))  # the author's own talk is enough
                talk = self.exchange(mood, p.action) if not spoken else []
                sentences.extend(talk or ([] if self.lean else self.reaction(mood, p.action)))
            self.add(out, lead + sentences)
        self.voices.new_paragraph()
        tail = self.summary(stretch)
        if tail:
            self.add(out, tail)
        if self.play.finished:  # a game still in play has no ending to tell yet
            whole = (0, len(played) - 1) if played else (None, None)
            for para in self.close():
                self.add(out, [para], annotate=False)
                if out and out[-1].first is None and out[-1].units:
                    out[-1] = Paragraph(out[-1].text, None, None,
                                        tuple(Unit(u.text, *whole) for u in out[-1].units))
        return [para for para in out if para.text]

    def moment(self, index: int) -> None:
        """What follows tells action index: its facts decide which phrasings may be chosen."""
        self.scope = (index, index)
        facts = self.facts.actions[index]
        self.now = facts.conditions(self.setting)

    def scene_facts(self) -> dict[str, Any]:
        return {"time": self.setting.time, "company": self.setting.company, "onlookers": self.setting.onlookers,
                "visiting": self.setting.visiting, "players": self.setting.players}

    def add(self, out: list[Paragraph], sentences: list, annotate: bool = True) -> None:
        """A paragraph from sentences (each a Unit, or text told of the current scope)."""
        units = [s if isinstance(s, Unit) else Unit(s, *self.scope) for s in sentences if s]
        units = self.join_short(self.pronouns([u for u in units if u.text]))
        units = [u if u.author else Unit(self.realiser.sentence(u.text), u.first, u.last) for u in units]
        if not units:
            return
        text = " ".join(u.text for u in units)
        if opening(text) == self.last_opening and not text.startswith("“") and not units[0].author:
            text = self.vary_opening(text)
            units[0] = Unit(text[: len(text) - len(" ".join(u.text for u in units[1:]))].rstrip(),
                            units[0].first, units[0].last)
        self.last_opening = opening(text)
        firsts = [u.first for u in units if u.first is not None]
        lasts = [u.last for u in units if u.last is not None]
        if annotate and firsts:
            out.append(Paragraph(text, min(firsts), max(lasts), tuple(units)))
        else:
            out.append(Paragraph(text, None, None, tuple(units)))

    def vary_opening(self, para: str) -> str:
        """'Mr. Darcy …' after 'Mr. Darcy …': 'Presently Mr. Darcy …' (never the same opening twice running)."""
        connectives = self.book.templates("connective")
        if not connectives:
            return para
        word = connectives[self.rng.randrange(len(connectives))]
        return f"{word} {self.uncapitalise(para)}"

    # Keys whose sentences the story can do without: left unsaid rather than repeat another export's.
    OPTIONAL = frozenset({"stretch", "stretch_lead", "verdict", "company_present", "close_company", "close_loser",
                          "close_winner", "reaction", "remark", "pov_glad", "pov_vexed", "exchange", "speech",
                          "overtake", "near_miss", "collision_rest"})

    def phrase(self, *path: str, **values: str) -> str:
        """A sentence for the key whose declared facts hold now, or "" when there is none left."""
        return self.book.say(path, values, self.last_opening, self.now, path[0] in self.OPTIONAL) or ""

    def say(self, path: tuple[str, ...], values: dict[str, str]) -> str:
        return self.book.say(path, values, "", self.now, path[0] in self.OPTIONAL) or ""

    # -- opening and close --------------------------------------------------------------------
    def opening(self, brief: bool = False) -> str:
        scene = self.scene
        names = listing([self.voices.name(i) for i in range(len(scene.players))])
        title = self.board.title
        game = "the" + title[3:] if title.startswith("The ") else title  # "agreed to the Mansion of Happiness"
        values = {"players": names, "game": game, "setting": scene.setting}
        first = self.phrase("opening_setting" if scene.setting else "opening_plain", **values)
        if "," in scene.setting:  # "in the drawing-room, one wet evening, that …": close the setting's clause
            first = re.sub(re.escape(scene.setting) + r" (?=[a-z])", scene.setting + ", ", first)
        sentences = [first]
        if scene.company and not brief:
            company = listing([self.voices.name(c.id) for c in scene.company])
            sentences.append(self.phrase("company_present", company=company))
        return " ".join(s for s in sentences if s)

    def close(self, brief: bool = False) -> list[str]:
        """The social fallout; brief (a summary) keeps to the winner, one answer and one verdict."""
        state = self.play.game.state
        if self.play.played:
            self.moment(len(self.play.played) - 1)  # the close speaks of the game as it ended
        paras = []
        players = list(range(len(self.scene.players)))
        if state.winner is None:
            lead = moments.leader(state)
            paras.append(self.phrase("unfinished", **self.leader_values(lead)))
            winner, losers = lead, [p for p in players if p != lead]
        else:
            winner, losers = state.winner, [p for p in players if p != state.winner]
            losers.sort(key=lambda p: (p != self.scene.pov_seat, -state.pos[p]))
            sentences = [] if brief else [self.in_temper(winner, "close_winner")]
            loser = losers[0]
            self.voices.new_paragraph()
            sentences.append(self.speech(loser, "concede", addressee=winner))
            if sentences[-1] and not brief:
                sentences.append(self.speech(winner, "triumph", addressee=loser))  # the winner's answer
            paras.append(" ".join(s for s in sentences if s))
            paras.append(" ".join(s for s in (self.in_temper(p, "close_loser") for p in losers[:1 if brief else 2])
                                  if s))
            if brief:
                return paras
        if self.scene.company and state.winner is not None:  # its lines speak of a victory
            values = {"winner": self.voices.person(winner).called,
                      "company": listing([c.called for c in self.scene.company])}
            if losers:
                values["loser"] = self.voices.person(losers[0]).called
            paras.append(self.phrase("close_company", **values))
        return paras

    def in_temper(self, seat: int, key: str, *rest: str) -> str:
        """A narrative line from key/<temper>/rest, falling back to the neutral and amiable voices."""
        temper = self.voices.person(seat).temper or "neutral"
        for voice in (temper, "neutral", "amiable"):
            text = self.say((key, voice, *rest), self.voices.values(seat))
            if text:
                return text
        return ""

    # -- one action ---------------------------------------------------------------------------
    def tell(self, index: int, action: Action, source: str | None) -> list[str]:
        before, after = self.states[index], self.states[index + 1]
        out: list[str] = []
        landed = next((e for e in action.events if isinstance(e, ev.Landed)), None)
        places = _place_prices(action, self.board)  # what the mover paid for each place he took
        for k, e in enumerate(action.events):
            if isinstance(e, ev.Landed):
                if e.space != self.board.goal:  # the finish is told by won()
                    with self.paying(self.facts.actions[index].paid - sum(places.values())):  # not the places
                        out.append(self.landing(e, action, after))
            elif isinstance(e, ev.Overshot):
                out.append(self.overshoot(e, action))
            elif isinstance(e, ev.Displaced):
                with self.paying(places.get(k, 0)):
                    out.append(self.collision(e, landed))
            elif isinstance(e, ev.Relieved):
                out.append(self.phrase("moments", "relief", **self.voices.values(e.by, e.player)))
            elif isinstance(e, ev.Respun):
                prisoner = next((q for q, w in enumerate(before.waiting)  # confined where the mover counted
                                 if w and q != e.player and landed and before.pos[q] == landed.space), None)
                values = self.voices.values(e.player, prisoner if prisoner is not None else e.player)
                space = self.board.space(landed.space).name if landed else ""
                out.append(self.phrase("moments", "collision_respin", space=space, **values))
            elif isinstance(e, ev.Stayed):
                out.append(self.phrase("moments", "respin_same", **self.voices.values(e.player)))
            elif isinstance(e, ev.Waited):
                out.append(self.waited(e, before))
            elif isinstance(e, ev.Released):
                space = self.board.space(before.pos[e.player]).name
                out.append(self.phrase("moments", "released", space=space, **self.voices.values(e.player)))
            elif isinstance(e, ev.Won):
                out.append(self.won(e, after))
        facts = self.facts.actions[index]
        if facts.overtook and facts.before.leader is not None and not after.over:  # the mover went ahead
            out.append(self.phrase("overtake", **self.voices.values(action.player, facts.before.leader)))
        near = self.near_miss(action, before, after)
        if near:
            out.append(near)
        return out

    def space_name(self, number: int) -> str:
        """A space as the prose names it: with its article where the printed name wants one."""
        if number == 0:
            return "the start"
        name = self.board.space(number).name
        if not name:
            return f"the {ordinal(number)} space"
        named = self.book.templates("names", name)
        return named[0] if named else name

    def landing(self, e: ev.Landed, action: Action, after) -> str:
        space = self.board.space(e.space)
        values = {**self.voices.values(e.player), **self.spin_values(action), **self.amounts(),
                  "space": self.space_name(e.space), "dest": self.space_name(after.pos[e.player]),
                  "nth": ordinal(e.space), "months": counted(space.confines or 1, "month"),
                  "pool": counted(after.pool, "counter")}
        if not space.name:
            return self.phrase("plain_move", **values)
        if self.board.overshoot == "bounce" and not space.direction:
            return self.phrase("spaces", space.name, **values) or self.phrase("plain_virtue_square", **values)
        text = self.phrase("spaces", space.name, **values)
        if not text:
            kind = space.kind if self.mansion else "square"
            text = self.phrase("fallback", kind, **values)
        return text

    def overshoot(self, e: ev.Overshot, action: Action) -> str:
        key = {"seat": "overshoot_seat", "begin-again": "overshoot_restart", "bounce": "bounce"}[e.outcome]
        return self.phrase("moments", key, dest=self.space_name(e.to), **self.spin_values(action),
                           **self.voices.values(e.player))

    @staticmethod
    def spin_values(action: Action) -> dict[str, str]:
        spin = action.spin or 0
        return {"spin": a_spin(spin), "spin_n": number(spin), "spin_spaces": counted(spin, "space")} if spin else {}

    @contextmanager
    def paying(self, paid: int) -> Iterator[None]:
        """While one part of an action is told (a toll; the price of a place taken after it), what was
        paid is that part's: in the facts the phrasings' conditions read, and in the amounts they state."""
        now, self.part_paid = self.now, paid
        self.now = {**now, "paid": paid}
        try:
            yield
        finally:
            self.now, self.part_paid = now, None

    def amounts(self) -> dict[str, str]:
        """The slots that state amounts, from the facts of the action told (of the part told, while
        paying); absent when nothing."""
        first = self.scope[0]
        if first is None or self.scope[1] != first:  # a stretch states no one action's amounts
            return {}
        f: ActionFacts = self.facts.actions[first]
        out = {}
        paid = f.paid if self.part_paid is None else self.part_paid
        if paid:
            out["fine"] = out["paid"] = counted(paid, "counter")
        if f.due:
            out["due"] = counted(f.due, "counter")
        if f.received:
            out["received"] = counted(f.received, "counter")
        if f.winnings > 0:
            out["winnings"] = counted(f.winnings, "counter")
        if f.advanced or f.to > f.frm:  # a virtue's advance where there was one, else the whole way forward
            out["advance"] = counted(f.advanced or f.to - f.frm, "space")
        if f.after.leader is not None and f.after.margin:
            out["margin"] = counted(f.after.margin, "space")
        return out

    def collision(self, e: ev.Displaced, landed: ev.Landed | None) -> str:
        offense = landed is not None and self.board.space(landed.space).kind == "offense"
        key = "collision_offense" if offense else "collision_fine"
        return self.phrase("moments", key, **self.amounts(), **self.voices.values(e.by, e.player))

    def waited(self, e: ev.Waited, before) -> str:
        values = self.voices.values(e.player)
        if self.mansion:
            return self.phrase("moments", "confined_wait", space=self.space_name(before.pos[e.player]), **values)
        return self.phrase("moments", "waited", **values) or self.phrase("skipped", **values)

    def won(self, e: ev.Won, after) -> str:
        values = {**self.voices.values(e.player), **self.amounts(),
                  "pool": counted(after.counters[e.player], "counter")}
        return self.phrase("moments", "won", **values) or self.phrase("won", **values)

    def near_miss(self, action: Action, before, after) -> str:
        if not self.mansion or action.spin is None:
            return ""
        p = action.player
        if before.pos[p] >= self.board.goal - self.play.faces and after.pos[p] < before.pos[p] - 6:
            return self.phrase("near_miss", **self.voices.values(p))  # within a spin of the goal, thrown back
        rest = after.pos[p]
        if 0 < rest < self.board.goal and rest == before.pos[p] + action.spin \
                and self.board.space(rest + 1).kind == "offense" and not self.board.space(rest).direction:
            return self.phrase("moments", "near_miss", **self.voices.values(p))  # one short of a crime
        return ""

    # -- people -------------------------------------------------------------------------------
    def aside(self, firing: Firing) -> str:
        aside = firing.aside  # the author's words verbatim; only the quotes are made curly
        if aside.narrate:
            return curly(aside.narrate)
        return " ".join(self.voices.attribute(who, curly(line)) for who, line in aside.say)

    def mood(self, index: int, action: Action) -> str | None:
        before, after = self.states[index], self.states[index + 1]
        p = action.player
        kinds = {type(e) for e in action.events}
        if kinds & {ev.Confined, ev.Respun, ev.Stayed} or (ev.Overshot in kinds and after.pos[p] < before.pos[p]):
            return BAD
        if any(isinstance(e, ev.Displaced) and e.player == self.scene.pov_seat for e in action.events):
            return GOOD
        gained = after.pos[p] - before.pos[p]
        landed = next((e for e in action.events if isinstance(e, ev.Landed)), None)
        kind = self.board.space(landed.space).kind if landed else ""
        if kind in ("offense", "vice") or after.counters[p] < before.counters[p] - 1:
            return BAD
        if kind == "virtue" or gained >= 8 or after.counters[p] > before.counters[p] + 1:
            return GOOD
        return None


def _place_prices(action: Action, board) -> dict[int, int]:
    """What the mover paid for each place he took from another (RULES.md rule 6, case c: 1 into the
    pool just before the first player there goes, once, however many stood there; nothing when he
    came by an offense), by the position of that Displaced event among the action's events."""
    out = {}
    came_by_offense = False
    for k, e in enumerate(action.events):
        if isinstance(e, ev.Landed):
            came_by_offense = board.space(e.space).kind == "offense"
        before = action.events[k - 1] if k else None
        if isinstance(e, ev.Displaced) and isinstance(before, ev.Fined) and before.player == e.by \
                and not came_by_offense:
            out[k] = before.paid
    return out
