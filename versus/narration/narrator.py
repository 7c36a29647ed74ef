"""The narrator: tells a playthrough as paragraphs of Regency prose, phrasing drawn from the phrasebook."""

from __future__ import annotations

import hashlib
import random
import re

from dataclasses import dataclass
from typing import Any

from versus.narration import moments
from versus.narration.facts import ActionFacts, Facts, setting_of
from versus.narration.phrasebook import Phrasebook, load_author, opening
from versus.narration.realise import Realiser
from versus.narration.truth import Unit
from versus.narration.voice import Voices
from versus.narration.words import a_spin, counted, curly, listing, number, ordinal, times
from versus.rules import events as ev
from versus.rules.game import Action
from versus.takes.playthrough import Firing, Playthrough

GOOD, BAD = "glad", "vexed"
PACES = ("summary", "brisk", "full")


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph of the prose: its text, the actions it tells (0-based, inclusive; None for the
    opening and the close), and its sentences, each with the actions it speaks of."""

    text: str
    first: int | None
    last: int | None
    units: tuple[Unit, ...]


class Narrator:
    def __init__(self, play: Playthrough, pace: str = "brisk", limit: int | None = None, lean: bool = False,
                 avoid: frozenset[str] = frozenset(), asides: bool = False) -> None:
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
        names = {w for p in (*self.scene.players, *self.scene.company) for w in (p.name + " " + p.called).split()}
        names |= {w for s in self.board.spaces for w in s.name.split() if w.lower() not in ("the", "a", "of")}
        self.book = Phrasebook(self.board.id, seed, load_author(self.scene.phrasebook), self.board.pool_name,
                               names | {"Mr", "Mrs", "Miss", "Lady", "Sir", "space"}, avoid)
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
            lead = self.summary(stretch)
            stretch = []
            self.moment(i)
            self.moments_told += 1
            self.voices.last_speaker = None  # a new paragraph: nobody has spoken in it yet
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

    # -- the whole game in a paragraph or two (--pace summary) ----------------------------------------
    def digest(self, out: list[Paragraph]) -> list[Paragraph]:
        """As Austen tells an evening at cards: the setting, a few results told inside character, the
        people's part, and the winner (or how things stood when play stopped)."""
        played = self.play.played
        told = [moments.score(i, p.action, self.board, self.states[i], self.states[i + 1], False)
                for i, p in enumerate(played)]  # a summary ranks by the game alone; asides are for longer prose
        last = len(played) - 1
        firings = self.play.firings_by_action() if self.asides else {}
        results = self.results(told, last)
        results += [told[i] for i in sorted(firings) if i != last and told[i] not in results]
        results.sort(key=lambda t: t.index)
        sentences: list = [Unit(self.opening(brief=True))]
        top = max(results, key=lambda t: t.score) if results and not self.lean else None
        for k, t in enumerate(results):
            if k and k % 4 == 0:  # a longer digest (a word budget) goes on in a new paragraph
                self.add(out, sentences)
                sentences = []
            self.moment(t.index)
            said = [x for x in self.tell(t.index, played[t.index].action, played[t.index].source) if x]
            telling = said[1:] if len(said) > 1 and not self.facts.actions[t.index].kind else said
            sentences.extend(Unit(x, t.index, t.index) for x in telling[:1])
            sentences.extend(Unit(self.aside(f), t.index, t.index, author=True) for f in firings.get(t.index, []))
            if t is top:  # the people's part, at the moment that mattered most
                self.voices.last_speaker = None
                mood = self.mood(t.index, played[t.index].action)
                talk = self.exchange(mood, played[t.index].action, certain=True) if mood else []
                sentences.extend(Unit(x, t.index, t.index) for x in talk)
        self.add(out, sentences)
        if last >= 0:
            self.moment(last)
            self.voices.last_speaker = None
            ending = [self.won(e, self.states[-1]) for e in played[last].action.events if isinstance(e, ev.Won)]
            close = self.close(brief=True)
            asides = [Unit(self.aside(f), last, last, author=True) for f in firings.get(last, [])]
            self.add(out, [Unit(x, last, last) for x in ending if x] + asides
                     + [Unit(x, last, last) for x in (close[:1] if self.lean else close) if x])
        return [para for para in out if para.text]

    def results(self, told: list[moments.Told], last: int) -> list[moments.Told]:
        """Two to four results for a summary: the most salient, of different kinds and players where it can."""
        ranked = sorted((t for t in told if t.index != last and t.score >= 30), key=lambda t: (-t.score, t.index))
        out: list[moments.Told] = []
        seen: set[tuple[int, str]] = set()
        for t in ranked:
            f = self.facts.actions[t.index]
            key = (f.player, f.kind or ("collision" if f.displaced else ""))
            if key not in seen:
                out.append(t)
                seen.add(key)
            if len(out) >= (3 if self.limit is None else self.limit):
                break
        return out

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

    def pronouns(self, units: list[Unit]) -> list[Unit]:
        """Referring expressions: a sentence that opens with the one person of that sex the sentence
        before spoke of calls them 'he' or 'she', as a novel would, not their name again."""
        people = sorted((p for p in (*self.scene.players, *self.scene.company) if p.pronoun in ("he", "she")),
                        key=lambda p: -len(p.called))
        out: list[Unit] = []
        before: list = []
        for unit in units:
            text = unit.text
            named = [p for p in people if self.mentions(text, p)]
            if out and not unit.author and before:
                subject = next((p for p in people if text.startswith(p.called + " ")), None)
                if subject is not None and subject in before \
                        and not any(p.pronoun == subject.pronoun and p is not subject for p in before):
                    text = subject.pronoun.capitalize() + text[len(subject.called):]
            if not unit.author:
                text = self.again(text, [p for p in people if self.mentions(text, p)])
            if text != unit.text and text in self.pronouned:
                text = unit.text  # "He took the place" once is enough: the name keeps the sentence its own
            self.pronouned.add(text)
            out.append(Unit(text, unit.first, unit.last, unit.author))
            before = [] if unit.author else named
        return out

    OBJECT = r"(?:to|by|of|for|with|upon|on|from|at|past|before|behind|beside|than|against|after|over)"

    def again(self, text: str, named: list) -> str:
        """A second mention in the sentence of its only man (or woman) becomes 'he', 'him', 'his'."""
        if "“" in text:
            return text
        for person in named:
            if any(p.pronoun == person.pronoun and p is not person for p in named):
                continue
            first = text.find(person.called)
            if first < 0:
                continue
            head, tail = text[: first + len(person.called)], text[first + len(person.called):]
            forms = {"he": ("he", "him", "his"), "she": ("she", "her", "her")}[person.pronoun]
            name = re.escape(person.called)
            tail = re.sub(rf"\b{name}’s\b", forms[2], tail)
            tail = re.sub(rf"(\b{self.OBJECT}) {name}\b(?!’)", rf"\1 {forms[1]}", tail)
            tail = re.sub(rf"(\b(?:which|who|whom|and|but|until|while|when|as|that|where)) {name}\b(?![’\w])",
                          rf"\1 {forms[0]}", tail)
            text = head + tail
        return text

    @staticmethod
    def mentions(text: str, person) -> bool:
        narration = re.sub(r"“[^”]*”", " ", text)
        return any(re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", narration, re.I) for n in {person.called, person.name})

    def join_short(self, units: list[Unit]) -> list[Unit]:
        """Join two middling narrative sentences with a semicolon, as the period would (STYLE.md rule 5)."""
        out: list[Unit] = []
        joined = False
        for unit in units:
            previous = out[-1] if out else None
            sentence = unit.text
            same = previous is not None and (previous.first, previous.last) == (unit.first, unit.last)
            if previous and same and not joined and not (previous.author or unit.author) \
                    and self.joinable(previous.text) and self.joinable(sentence) \
                    and len(previous.text.split()) + len(sentence.split()) <= 45:
                out[-1] = Unit(previous.text[:-1] + "; " + self.uncapitalise(sentence), unit.first, unit.last)
                joined = True
            else:
                out.append(unit)
                joined = False
        return out

    @staticmethod
    def joinable(sentence: str) -> bool:
        words = len(sentence.split())
        return 8 < words < 30 and "“" not in sentence and sentence.endswith(".") and ". " not in sentence \
            and ";" not in sentence

    def uncapitalise(self, sentence: str) -> str:
        first = sentence.split()[0].strip(",;:")
        proper = {w for p in (*self.scene.players, *self.scene.company) for w in (p.name + " " + p.called).split()}
        proper |= {w for s in self.board.spaces for w in s.name.split() if w.lower() not in ("the", "a", "of")}
        proper |= {"Mr.", "Mrs.", "Miss", "Lady", "I"}
        if first in proper or first.isupper() or first.startswith(("Mr.", "Mrs.")):
            return sentence
        return sentence[0].lower() + sentence[1:]

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
            self.voices.last_speaker = None
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
        for e in action.events:
            if isinstance(e, ev.Landed):
                if e.space != self.board.goal:  # the finish is told by won()
                    out.append(self.landing(e, action, after))
            elif isinstance(e, ev.Overshot):
                out.append(self.overshoot(e, action))
            elif isinstance(e, ev.Displaced):
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

    def amounts(self) -> dict[str, str]:
        """The slots that state amounts, from the facts of the action told; absent when nothing."""
        first = self.scope[0]
        if first is None or self.scope[1] != first:  # a stretch states no one action's amounts
            return {}
        f: ActionFacts = self.facts.actions[first]
        out = {}
        if f.paid:
            out["fine"] = out["paid"] = counted(f.paid, "counter")
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

    # -- conversation (STYLE.md rule 3) ----------------------------------------------------------
    SOFT = {"gentle", "amiable", "obsequious", "timid", "shy"}  # tempers that pity rather than tease

    def rivals(self) -> tuple[int, int] | None:
        """The two principal players, whose battle of wit is the spine: the scene's rivals, else the first two."""
        named = self.scene.extra.get("rivals")
        if named:
            return self.scene.seat(named[0]), self.scene.seat(named[1])
        return (0, 1) if len(self.scene.players) >= 2 else None

    def exchange(self, mood: str | None, action: Action, certain: bool = False) -> list[str]:
        """Two to four lines between two people at a moment that matters: taunt and retort, condolence and
        rebuff, compliment and deflection, an onlooker's barb and the answer."""
        if mood is None:
            return []
        actor = action.player
        rivals = self.rivals()
        principal = rivals is not None and actor in rivals
        chance = (1.0 if principal else 0.75) if self.pace == "brisk" else (0.5 if principal else 0.25)
        if self.rng.random() >= chance and not certain:
            return []
        if self.scene.company and (not principal or self.rng.random() < 0.25):
            return self.barb(mood, actor)
        if principal:
            opener = rivals[1] if actor == rivals[0] else rivals[0]
        else:
            opener = self.rng.choice([p for p in range(len(self.scene.players)) if p != actor])
        return self.duel(mood, opener, actor)

    def duel(self, mood: str, opener: int, actor: int) -> list[str]:
        first, second = self.voices.person(opener), self.voices.person(actor)
        if mood == BAD:
            kind, answer = ("condolence", "rebuff") if (first.temper or "") in self.SOFT else ("taunt", "retort")
        else:
            kind, answer = "compliment", "deflection"
        line = self.line(kind, first, second)
        if not line:
            return []
        reply = self.line(answer, second, first)
        if not reply:
            return []
        mixed = {first.pronoun, second.pronoun} == {"he", "she"} and first.id in self.voices.mentioned \
            and second.id in self.voices.mentioned  # "replied she" is plain only between a man and a woman
        out = [self.voices.attribute(first.id, line),
               self.voices.attribute(second.id, reply, pronoun=mixed and self.rng.random() < 0.4)]
        if self.rng.random() < 0.8:
            last = self.line("rejoinder", first, second)
            if last:  # the two are talking now: their lines need no "said"
                out.append(self.voices.attribute(first.id, last, bare=True))
                final = self.line(answer, second, first) if self.rng.random() < 0.5 else ""
                if final:  # the last word, and the fourth line
                    out.append(self.voices.attribute(second.id, final, bare=True))
        return out

    def barb(self, mood: str, actor: int) -> list[str]:
        onlooker = self.rng.choice(self.scene.company)
        player = self.voices.person(actor)
        situation = "good" if mood == GOOD else "bad"
        line = self.line("barb", onlooker, player, situation)
        reply = self.line("answer", player, onlooker, situation) if line else ""
        if not (line and reply):
            return []
        return [self.voices.attribute(onlooker.id, line), self.voices.attribute(player.id, reply)]

    def line(self, kind: str, speaker, hearer, *rest: str) -> str:
        """A line of speaker's to hearer, in speaker's temper (else a neutral one), true to the moment."""
        values = {**self.voices.spoken_values(speaker.id, addressee=hearer.id), **self.amounts(),
                  **self.place_values()}
        for temper in (speaker.temper or "neutral", "neutral"):
            text = self.say(("exchange", kind, temper, *rest), values)
            if text:
                return text
        return ""

    def place_values(self) -> dict[str, str]:
        """{space} and {dest} for a spoken line, named as the novel names them mid-sentence."""
        first = self.scope[0]
        if first is None or self.scope[1] != first:
            return {}
        f = self.facts.actions[first]
        out = {"dest": self.realiser.names(self.space_name(f.to))} if f.to else {}
        if f.landed and self.board.space(f.landed).name:
            out["space"] = self.realiser.names(self.space_name(f.landed))
        return out

    def reaction(self, mood: str | None, action: Action) -> list[str]:
        """Perhaps a speech, a remark from the company, a look, or the heroine's private verdict."""
        if mood is None or self.rng.random() < (0.35 if self.pace == "brisk" else 0.6):
            return []
        actor = action.player
        choices = ["speech", "reaction"]
        rivals = [p for p in range(len(self.scene.players)) if p != actor]
        if mood == BAD and rivals:
            choices.append("taunt")
        if self.scene.company:
            choices.append("remark")
        if self.scene.pov is not None or actor == self.scene.pov_seat:
            choices.append("pov")
        kind = self.rng.choice(choices)
        if kind == "speech":
            return [self.speech(actor, mood)]
        if kind == "taunt":
            return [self.speech(self.rng.choice(rivals), "taunt", addressee=actor)]
        if kind == "remark":
            onlooker = self.rng.choice(self.scene.company)
            situation = "good" if mood == GOOD else "bad"
            temper = self.remark_voice(onlooker, self.voices.person(actor), situation)
            values = self.voices.spoken_values(onlooker.id, subject=actor)
            line = self.say(("remark", temper, situation), values)
            return [self.voices.attribute(onlooker.id, line)] if line else []
        if kind == "pov":
            pov = self.scene.pov_seat
            glad = (mood == GOOD) == (actor == pov)
            other = actor if actor != pov else (rivals[0] if rivals else actor)
            values = self.voices.values(pov, other)
            return [self.say(("pov_glad" if glad else "pov_vexed",), values)]
        return [self.in_temper(actor, "reaction", mood)]

    def remark_voice(self, onlooker, subject, situation: str) -> str:
        temper = onlooker.temper or "neutral"
        if subject.pronoun != onlooker.pronoun and "they" not in (subject.pronoun, onlooker.pronoun):
            other = self.book.templates("remark_voice_other_sex", temper, situation)
            return other[0] if other else temper
        return temper

    def verdict(self, mood: str | None, sentences: list[str]) -> list[str]:
        """A short verdict (eight words or fewer) for a moment that has none (STYLE.md rule 3)."""
        texts = [s.text if isinstance(s, Unit) else s for s in sentences]
        has_short = any(len(s.split()) <= 8 for s in texts if "“" not in s)
        if mood is None or has_short or self.rng.random() < 0.4:
            return []
        if 3 * (self.verdicts + 1) > self.moments_told + 2:  # stock verdicts: one paragraph in three at most
            return []
        self.verdicts += 1
        return [self.say(("verdict", mood), {})]

    def speech(self, seat: int, situation: str, addressee: int | None = None) -> str:
        person = self.voices.person(seat)
        values = self.voices.spoken_values(person.id, addressee=addressee)
        for temper in (person.temper or "neutral", "neutral"):
            line = self.say(("speech", temper, situation), values)
            if line:
                return self.voices.attribute(person.id, line)
        return ""

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

    # -- summaries ------------------------------------------------------------------------------
    def summary(self, stretch: list[int]) -> list[Unit]:
        """Sentences gathering a stretch of actions not told one by one; each tells the whole stretch."""
        if not stretch:
            return []
        first, last = self.states[stretch[0]], self.states[stretch[-1] + 1]
        actions = [self.play.played[i].action for i in stretch]
        turns = last.turn - first.turn
        if self.pace == "full" or (turns < 2 and not any(isinstance(e, ev.Displaced) for a in actions for e in a.events)):
            return []
        facts = self.facts.stretch(stretch)
        self.scope, self.now = (stretch[0], stretch[-1]), facts.conditions(self.setting)
        rounds = turns / len(self.scene.players)
        span = ("a turn or two" if rounds < 1 else "a round" if rounds < 1.5
                else f"{number(round(rounds))} rounds" if rounds < 7 else "a good many rounds")
        out: list[str] = []
        lead_after = facts.after.leader
        went_ahead = any(self.facts.actions[i].player == lead_after and self.facts.actions[i].moved == "forward"
                         for i in stretch)
        if lead_after is not None and lead_after != facts.before.leader and went_ahead:
            out.append(self.phrase("stretch_lead", span=span, **self.leader_values(lead_after)))
        else:
            out.append(self.phrase("stretch", span=span, **self.leader_values(lead_after)))
        out.extend(self.tallies(stretch)[:1 if self.lean else 2])  # the rest goes without saying
        if rounds >= 1 and not self.lean and self.pace == "brisk":
            out.extend(self.table_talk(stretch))
        return [Unit(s, *self.scope) for s in out if s]

    def table_talk(self, stretch: list[int]) -> list[str]:
        """The talk that goes on under a stretch of play: the rivals on how it went for one of them."""
        rivals = self.rivals()
        if rivals is None or self.rng.random() >= 0.85:
            return []
        general = dict(self.now)
        subject = self.rng.choice(rivals)
        paid = sum(self.facts.actions[i].paid for i in stretch if self.facts.actions[i].player == subject)
        first, last = self.states[stretch[0]].pos[subject], self.states[stretch[-1] + 1].pos[subject]
        leads = self.facts.lead[stretch[-1] + 1].leader == subject
        moved = "forward" if last > first else "back" if last < first else "still"
        self.now = general | {"paid": paid, "moved": moved, "lead": leads, "repeat": False}
        mood = GOOD if leads and moved == "forward" else BAD if paid or moved == "back" else None
        self.voices.last_speaker = None
        talk = self.duel(mood, rivals[1] if subject == rivals[0] else rivals[0], subject) if mood else []
        self.now = general
        return talk

    def leader_values(self, seat: int | None) -> dict[str, str]:
        return {"leader": self.voices.person(seat).called} if seat is not None else {}

    def tallies(self, stretch: list[int]) -> list[str]:
        collisions: dict[tuple[int, int], list[tuple[int, int, int]]] = {}  # (by, displaced) -> (index, from, to)
        virtues: dict[int, list[str]] = {}
        vices: dict[int, list[str]] = {}
        paid: dict[int, int] = {}
        confined: dict[int, list[int]] = {}
        for index in stretch:
            f = self.facts.actions[index]
            if f.confined:
                confined.setdefault(f.player, []).append(index)
            for e in self.play.played[index].action.events:
                if isinstance(e, ev.Displaced):
                    collisions.setdefault((e.by, e.player), []).append((index, e.frm, e.to))
                elif isinstance(e, (ev.Fined, ev.Paid)):  # what each paid, on his own turn or another's
                    paid[e.player] = paid.get(e.player, 0) + (e.paid if isinstance(e, ev.Fined) else e.amount)
            if f.landed and self.mansion and f.kind in ("virtue", "vice"):
                found = virtues if f.kind == "virtue" else vices
                found.setdefault(f.player, []).append(self.board.space(f.landed).name)
        general = dict(self.now)
        out = []
        pairs = sorted(collisions.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        for (by, victim), moves in pairs[:2]:  # the two pairs that met most; more would read as a ledger
            self.now = general | {"times": len(moves), "displaced": "back" if all(to < frm for _, frm, to in moves) else
                                  "forward" if all(to > frm for _, frm, to in moves) else "mixed",
                                  "paid": sum(self.facts.actions[i].paid for i, _, _ in moves)}
            text = self.phrase("collision_tally", times=times(len(moves)), **self.voices.values(by, victim))
            if text:
                out.append(text)
                self.covered.update(i for i, _, _ in moves)
        rest = [i for _, moves in pairs[2:] for i, _, _ in moves]
        if rest:
            self.now = general | {"times": len(rest)}
            text = self.phrase("collision_rest", count=number(len(rest)), times=times(len(rest)))
            if text:
                out.append(text)
                self.covered.update(rest)
        self.now = general
        for key, found in (("virtue_tally", virtues), ("vice_tally", vices)):
            for seat, names in sorted(found.items()):
                unique = list(dict.fromkeys(names))
                if len(unique) >= 2 and len(out) < 4:
                    out.append(self.phrase(key, spaces=listing(unique), **self.voices.values(seat)))
        for seat, indices in sorted(confined.items()):  # confinements a budget left untold one by one
            self.now = general | {"repeat": len(indices) > 1, "times": len(indices)}
            text = self.phrase("confinement_tally", times=times(len(indices)), **self.voices.values(seat))
            if text:
                out.append(text)
                self.covered.update(indices)
        for seat, total in sorted(paid.items()):
            if total >= 2 and len(out) < 4:
                self.now = general | {"paid": total}
                out.append(self.phrase("payments_tally", count=number(total), **self.voices.values(seat)))
        self.now = general
        return out
