"""The narrator as a pipeline: facts → turning points → plan → talk → refer → realise.

Each stage hands plain values to the next; this module only runs them in order, and searches the
plan's shape for one that meets the author's word budget.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from versus.narration import plan as planning
from versus.narration.checks import scene_names, speech_share
from versus.narration.company import Company
from versus.narration.facts import Facts, setting_of
from versus.narration.plan import Beat, Shape
from versus.narration.realise import Paragraph, Realiser, space_name, speech
from versus.narration.refer import PRONOUNS, Referrer, amounts
from versus.narration.rules import Book, Library, Rule, builtin, builtin_library
from versus.narration.talk import PLAY_EVENTS, Memory, Talk
from versus.narration.tell import Block, Teller
from versus.narration.truth import Unit
from versus.narration.turning import Goal, TurningPoint, points
from versus.narration.words import curly, setting_parts
from versus.scenes.model import SCENE_BREAK

if TYPE_CHECKING:
    from versus.takes.playthrough import Playthrough

TOLERANCE = 0.15
MOST_SENTENCES = 4  # in a paragraph of narration at brisk and full pace
CONTRASTS = 3  # sentences an export opens on "But" or "Yet", so that the turn does not become a tic
CRIES = 3  # exclamations tagged "cried" an export; then "said": readers heard "cried" as every line's tag
LINKS = ("Meanwhile,", "Then", "Presently", "Soon afterwards")  # a middle sentence's turn to somebody else
SCENE_EVENTS = ("opening", "interlude", "finish", "close", "unfinished")  # talk about the scene, not one moment of play
MOST_DRAFTS = 40  # shapes drafted for a budget, likeliest first, before the nearest is taken
PACES = planning.PACES


@dataclass(frozen=True, slots=True)
class Draft:
    paragraphs: tuple[Paragraph, ...]
    phrasings: tuple[str, ...]

    @property
    def words(self) -> int:
        return sum(len(p.text.split()) for p in self.paragraphs)


@dataclass(frozen=True, slots=True)
class Composition:
    """The prose planned for a budget, the phrasings it used, and what the author should be told."""

    paragraphs: tuple[Paragraph, ...]
    words: int
    asked: int | None
    phrasings: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


class Telling:
    """What every draft of one take shares: the facts, the turning points, the company, the rules."""

    def __init__(self, play: Playthrough, avoid: frozenset[str] = frozenset(),
                 rules: Sequence[Rule] | None = None, going_on: bool = False) -> None:
        from versus.narration.author import author_rules

        self.play, self.avoid = play, avoid
        self.going_on = going_on and not play.finished  # a game the author is still playing has no close yet
        self.scene, self.board = play.scene, play.board
        self.company = Company(self.scene)
        actions = [p.action for p in play.played]
        self.facts = Facts(self.board, actions, play.game.states)
        self.winner = play.game.state.winner
        seats = [s.seat for s in (self.company.people.get(r) for r in self.company.rivals) if s and s.seat is not None]
        rivals = [*seats, 0, 1][:2]
        self.points: list[TurningPoint] = points(self.facts.actions, self.winner, self.board.overshoot,
                                                 (rivals[0], rivals[1]), Goal(self.board.goal, play.rules.teetotum))
        if self.going_on:  # the last third of the spins so far is not "late in the game": nobody knows its end
            self.points = [dataclasses.replace(p, late=False) for p in self.points]
        self.firings = play.firings()
        self.spun = tuple(a.spin for a in actions)
        given = list(rules) if rules is not None else None
        authored = author_rules(self.scene, self.company) if given is None else []
        self.rules = given if given is not None else [*authored, *builtin()]
        digest = hashlib.blake2b(repr((self.scene.seed, play.spins())).encode(), digest_size=8).digest()
        self.seed = int.from_bytes(digest, "big")
        setting = setting_of(self.scene)
        self.parts = setting_parts(self.scene.setting or "")  # (where, when) of a setting written as both
        self.base: dict[str, Any] = {
            "time": setting.time, "company": setting.company, "onlookers": setting.onlookers,
            "visiting": setting.visiting, "players": setting.players, "board": self.board.id,
            "place": setting.place, "present": frozenset(p.who for p in self.company.people.values()),
            "watching": frozenset(p.who for p in self.company.onlookers),
            "parted": self.parts is not None,
            "hushed": False}
        self.space_names = {s.number: s.name for s in self.board.spaces}
        goal = space_name(self.space_names[self.board.goal], self.scene.extra.get("names") == "printed")
        self.goal_names = (goal, goal.split(" of ")[0])  # ("the Mansion of Happiness", "the Mansion")
        printed = self.scene.extra.get("names") == "printed"
        proper = {w for p in (*self.scene.players, *self.scene.company) for w in (p.name + " " + p.called).split()}
        proper |= set(self.board.title.split()) - {"The", "A"}  # "; Virtue Rewarded …" keeps its capital
        self.realiser = Realiser([s.name for s in self.board.spaces], proper, printed)
        self.made: dict[tuple[Any, ...], Draft] = {}
        self.names = scene_names(self.scene, self.board)
        self.library = Library(self.rules) if given is not None or authored else builtin_library()

    # -- drafts ------------------------------------------------------------------------------------
    def draft(self, pace: str, shape: Shape) -> Draft:
        key = (pace, shape)
        if key not in self.made:
            self.made[key] = self._draft(pace, shape)
        return self.made[key]

    def _beats(self, pace: str, shape: Shape) -> list[Beat]:
        n = len(self.facts.actions)
        asides = [(k, f.action) for k, f in enumerate(self.firings)]
        hushed = frozenset(f.action for f in self.firings if f.aside.say)
        finished = self.winner is not None
        if pace == "summary":
            beats = planning.summary_beats(self.points, n, asides, finished, shape.moments, shape.lean, hushed)
        elif pace == "full":
            beats = planning.full_beats(self.points, n, asides, finished, shape.lines, hushed)
        else:
            beats = planning.beats(self.points, shape, n, asides, finished, len(self.scene.players), hushed)
        if self.going_on:  # not "the board was put away": the author's next spin carries the story on
            beats = [b for b in beats if b.kind not in ("unfinished", "close")]
        return beats

    def _seed_at(self, beat: Beat) -> int:
        """The seed of a beat's choices: the scene's seed and the spins up to the end of what it tells, so
        that two takes which share their first spins share the prose of them."""
        upto = len(self.facts.actions) if beat.kind in ("close", "unfinished") else (beat.last or -1) + 1
        key = repr((self.scene.seed, self.spun[:upto], beat.kind, beat.aside))
        return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")

    def _draft(self, pace: str, shape: Shape) -> Draft:
        book = Book(self.library, self.seed, self.avoid, self.names, shape.lean)
        for firing in self.firings:  # the author's cries are heard before any line of ours is chosen
            for _, line in firing.aside.say:
                book.cried(line)
        talk = Talk(self.company, book, Memory(), self.base, shape.reserved)
        base = self.base | {"seats": pace != "summary"}  # a summary has no room to seat the players one by one
        teller = Teller(self.company, self.facts, book, talk, base, self.space_names,
                        [f.aside for f in self.firings], self.winner)
        blocks = []
        beats = self._beats(pace, shape)
        for k, beat in enumerate(beats):
            book.reseed(self._seed_at(beat))
            blocks.extend(teller.blocks(beat, beats[k + 1:]))
        paragraphs = Realising(self, blocks, summary=pace == "summary").paragraphs()
        return Draft(tuple(paragraphs), tuple(book.used))


class Realising:
    """Blocks to paragraphs: narration sentences gathered, each spoken line its own paragraph."""

    def __init__(self, telling: Telling, blocks: Sequence[Block], summary: bool) -> None:
        self.t, self.blocks, self.summary = telling, blocks, summary
        self.refer = Referrer(telling.company, telling.scene.extra.get("names") == "printed")
        self.last_speakers: list[str] = []
        self.lines = 0  # spoken lines so far, to vary the reporting verbs
        self.cries = 0  # lines tagged "cried" so far (CRIES)
        self.manners: set[str] = set()  # the manners lines have been tagged with ("laughing"): each once an export
        self.said = ""  # the paragraph's narration so far
        self.addressed = ""  # the one the last line named aloud, whom "said he" may then mean
        self.links = telling.seed % len(LINKS)  # words of time given so far, taken in turn from LINKS
        self.contrasts = 0  # sentences opened on "But" or "Yet" so far (CONTRASTS)
        self.goal_named = False  # the narrator has named the Mansion of Happiness in full once
        self.replied = False  # "replied" has tagged a line (once an export: a second reads as a cycle of verbs)
        self.aloud = telling.company.aloud  # "Lizzy": a name said aloud that tells the reader who is meant

    def paragraphs(self) -> list[Paragraph]:
        if self.summary:
            return self._summary()
        out: list[Paragraph] = []
        pending: list[Block] = []
        last: Block | None = None  # the block of the line the last paragraph ends on, if it ends on one
        for block in self.blocks:
            if block.said is None and not block.author_said and not block.scene_break:
                pending.append(block)
                continue
            pending = self._carried(out, last, pending)
            last = block if block.said is not None else None
            if pending:
                head, weighed = self._weighed(pending, block)
                out.extend(self._narration(head) + (self._narration(weighed) if weighed else []))
                pending = []
                tag = self._lead_in(out[-1], block)
                if tag:  # "…and was sent back. “So,” said she, “…”"
                    out[-1] = self._led(out[-1], self._speech(block, lead_in=tag))
                    continue
                if (self._lone(out) or weighed) and (block.said is not None or _answers(out[-1], block)):
                    out[-1] = self._led(out[-1], self._speech(block))  # "…sent back to the Water to cool.
                    continue  # “Passion, Miss Elizabeth,” said…"; the author's line, where its action was told
            out.append(Paragraph(SCENE_BREAK, None, None, ()) if block.scene_break else self._speech(block))
        pending = self._carried(out, last, pending)
        if pending:
            out.extend(self._narration(pending))
        return self._cover(out)

    def _carried(self, out: list[Paragraph], last: Block | None, pending: list[Block]) -> list[Block]:
        """The pending blocks, less the first where the line before it carries it: a sentence whose subject is
        the one who has just spoken, at her next turn, told in her line's paragraph after its tag ("“…,” said
        Lady Catherine; and when her turn came, she came as far as Confusion, and had to go straight back
        again"), as a novel runs talk and play together. Every turn met by its line, and every line by the next
        turn in a paragraph of its own, read to every reader as a program's metronome."""
        if self.summary or last is None or last.said is None or last.first is None or not out or not pending \
                or out[-1].talk or out[-1].first is None:
            return pending  # a line alone is noted as talk about its moment: the turn after it would be a span apart
        block, speaker = pending[0], last.said.speaker
        if block.run_in or len(block.sentences) != 1 or block.first is None:
            return pending
        sentence = block.sentences[0]
        person = self.t.company.people[speaker]
        tag = TAG_END.search(out[-1].text)
        lead = re.match(r"\{([A-Za-z]+)\}", sentence.template)  # the sentence's subject: she, or her square
        role = lead.group(1).lower() if lead else ""
        if sentence.author or tag is None or person.seat is None or dict(sentence.roles).get(role) != speaker:
            return pending
        between = [a.player for a in self.t.facts.actions[last.first + 1:block.first]]
        if between.count(person.seat) > 1 or len(between) > 2 * len(self.t.company.by_seat):
            return pending  # her next turn but one at most, within two rounds
        text = self.t.realiser.lowered(self._sentence(sentence.template, dict(sentence.roles), dict(sentence.values),
                                                      False))
        his = PRONOUNS[person.pronoun]["his"]
        near = block.first == block.last and person.seat not in between  # the very turn after her line
        clause = f"and when {his} turn came, {text}" if near else f"and presently {text}"
        told = out[-1]
        out[-1] = Paragraph(f"{told.text[:-1]}; {clause}", told.first, block.last,
                            (*told.units, Unit(clause, block.first, block.last)))
        return pending[1:]

    @staticmethod
    def _weighed(pending: list[Block], said: Block) -> tuple[list[Block], list[Block]]:
        """(the play before, the turning point the talk is about): a turning point told as the last of a run of
        moves ("…Then Jane came to the Sabbath Breaker… With the Mansion only four spaces off, Lydia came to the
        Summit…") is "thrown away in a passing clause", readers said; it opens the paragraph of the talk it
        occasions, where the play before it fills a paragraph of its own (two sentences or more). The untold
        play just before it goes with it: in the paragraph before, its actions would be read against that
        paragraph's "the play went on without incident"."""
        last = pending[-1]
        moment = said.moment
        if (said.said is None or moment is None or moment.event not in PLAY_EVENTS or last.run_in
                or len(last.sentences) != 1 or last.first is None or last.first != said.first
                or sum(len(b.sentences) for b in pending[:-1]) < 2):
            return pending, []
        cut = len(pending) - 1
        while cut > 0 and not pending[cut - 1].sentences and pending[cut - 1].first is not None:
            cut -= 1  # a quiet stretch, told by no sentence
        return pending[:cut], pending[cut:]

    @staticmethod
    def _lone(out: list[Paragraph]) -> bool:
        """The last paragraph is one sentence of play straight after talk: alone between two conversations it
        reads as a bare report ("Elizabeth fell into a Passion …"), so the first line about it joins it."""
        return len(out) >= 2 and out[-2].talk and not out[-1].talk and len(out[-1].units) == 1 \
            and out[-1].first is not None and "“" not in out[-1].text

    def _lead_in(self, told: Paragraph, block: Block) -> str:
        """A moment told of someone who then speaks first is one paragraph: the event, then her own word. The
        word the line is tagged with ("she"; "her Ladyship" where "she" would be in doubt), or "" where the
        line is not led in."""
        said, moment = block.said, block.moment
        if told.talk or not told.units:
            return ""
        # the author's own aside after its action, told as a step: "Lydia came to rest at the Whipping Post.
        # “La!” cried she"
        speaker = block.author_said[0] if block.author_said else said.speaker if said else ""
        if said is not None and (moment is None or said.speaker != moment.actor):
            return ""
        if moment is not None and moment.event == "interlude":  # "… leaned towards Elizabeth. “I am …,” said he"
            if not self._names(speaker, told.units[-1].text):
                return ""
        elif not (speaker and len(told.units) <= 3 and self.refer.recent and self.refer.recent[-1] == speaker):
            return ""
        # "Mrs. Bennet declared that Charlotte had played cleverly. “Well,” said she": not if another of the
        # speaker's pronoun is named in the sentence, whom "she" would be taken for; then the cast's short
        # word may serve ("Lady Catherine leaned a little towards Elizabeth. “…,” said her Ladyship")
        people, person = self.t.company.people, self.t.company.people[speaker]
        last = told.units[-1].text
        doubt = any(p.id != person.id and p.pronoun == person.pronoun and self._names(p.id, last)
                    for p in people.values())
        return person.short if doubt else {"she": "she", "he": "he"}.get(person.pronoun, "they")

    def _led(self, told: Paragraph, said: Paragraph) -> Paragraph:
        return Paragraph(f"{told.text} {said.text}", told.first, told.last, told.units + said.units)

    def _summary(self) -> list[Paragraph]:
        """A paragraph for the play, and one for its end and fallout that closes on a word spoken; the
        author's own spoken asides keep paragraphs of their own."""
        play = [b for b in self.blocks if not b.ending and not b.author_said]
        end = [b for b in self.blocks if b.ending and b.said is None]
        out = self._narration(play) if play else []
        for block in self.blocks:
            if block.author_said:
                out.append(self._speech(block))
        tail = self._narration(end) if end else []
        said = [b for b in self.blocks if b.ending and b.said is not None][:1]
        if said and tail:
            line = self._speech(said[0])
            last = tail[-1]
            tail[-1] = Paragraph(f"{last.text} {line.text}", last.first, last.last, last.units + line.units)
        return self._cover(out + tail)

    def _chunks(self, blocks: list[Block]) -> list[list[Block]]:
        """Narration blocks gathered into paragraphs of a few sentences (a summary keeps one paragraph)."""
        if self.summary:
            return [blocks]
        out: list[list[Block]] = [[]]
        for block in blocks:
            full = sum(len(b.sentences) for b in out[-1]) + len(block.sentences) > MOST_SENTENCES
            end = block.run_in and block.sentences and not any(b.run_in for b in out[-1])  # the end, given its weight
            alone = sum(len(b.sentences) for b in out[-1]) <= 1  # but a lone sentence between talk is no paragraph
            if out[-1] and (full or (end and not alone)):
                out.append([])
            out[-1].append(block)
        return out

    def _narration(self, blocks: list[Block]) -> list[Paragraph]:
        return [p for chunk in self._chunks(blocks) for p in self._paragraph(chunk)]

    def _paragraph(self, blocks: list[Block]) -> list[Paragraph]:
        self.refer.new_paragraph()
        self.last_speakers = []
        self.addressed = ""
        units: list[Unit] = []
        self.said = ""
        standing: set[str] = set()  # the run to the finish tells where people stand: no word of time opens it
        for block in blocks:
            for s in block.sentences:
                text = self._sentence(s.template, dict(s.roles), dict(s.values), s.author)
                units.append(Unit(text, s.first, s.last, s.author))
                self.said += text
                if block.run_in and not s.step:
                    standing.add(text)
        tones = [s.tone for b in blocks for s in b.sentences]
        units = joined(units, [s.step for b in blocks for s in b.sentences])
        units = self._linked(self._contrasted(units, tones) if len(units) == len(tones) else units, standing)
        spans = [(b.first, b.last) for b in blocks if b.first is not None and b.last is not None]
        first = min((f for f, _ in spans), default=None)
        last = max((end for _, end in spans), default=None)
        if not units:
            return [Paragraph("", first, last, ())]
        text = " ".join(u.text for u in units)
        return [Paragraph(text, first, last, tuple(units))]

    def _contrasted(self, units: list[Unit], tones: list[tuple[str, str]]) -> list[Unit]:
        """A sentence that turns a fortune just told opens on "But" or "Yet" (once a paragraph, and at most
        CONTRASTS an export): Elizabeth went far up the road, yet Charlotte had the lead; Mary led, but
        then paid at the Summit. Events told one after another without a link read as a list."""
        if self.summary or self.contrasts >= CONTRASTS:
            return units
        for k in range(1, len(units)):
            (was, a), (now, b) = tones[k - 1], tones[k]
            word = ("But" if a == b and {was, now} in ({"up", "down"}, {"lead", "down"}) else
                    "Yet" if was == "up" and now == "lead" and a != b else "")
            if not word or not a or units[k].author or units[k - 1].author:
                continue
            units[k] = _opened(units[k], word, self.t.realiser.lowered(units[k].text))
            self.contrasts += 1
            break
        return units

    def _linked(self, units: list[Unit], standing: set[str]) -> list[Unit]:
        """In a paragraph of three sentences or more, one in the middle that turns to somebody else opens on
        a word of time ("Meanwhile, Maria …"): sentence after sentence opening on a name reads as a list."""
        if self.summary or len(units) < 3:
            return units
        names = [p.called for p in self.t.company.people.values()]
        for k in range(1, len(units) - 1):  # the last may yet be told in the tag of a line
            unit, before = units[k], units[k - 1]
            who = next((n for n in names if unit.text.startswith(n + " ")), None)
            if who is None or unit.author or before.author or who in before.text or unit.first is None \
                    or unit.text in standing:
                continue  # a sentence of the opening or the close is no turn to somebody else in the play
            word = LINKS[self.links % len(LINKS)]
            self.links += 1
            units[k] = _opened(unit, word, unit.text)
            break
        return units

    def _sentence(self, template: str, roles: dict[str, str], values: dict[str, str], author: bool) -> str:
        if author:
            return curly(template)
        scene = self.t.scene
        values = dict(values)
        values.setdefault("setting", scene.setting or "the drawing-room")
        if self.t.parts:  # "After dinner, …": the place and the time of a setting written as both
            values.setdefault("where", self.t.parts[0])
            values.setdefault("when", self.t.parts[1])
        named = self.t.board.title in self.said  # once named in the paragraph, it is "the game"
        title = self.t.board.title
        title = "the " + title[4:] if title.startswith("The ") else title  # "over the Mansion of Happiness in …"
        values.setdefault("game", "the game" if named else title)  # italics: for speech only
        values.setdefault("pool", "the bank" if self.t.board.pool_name == "bank" else "the pool")
        rivals = list(self.t.company.rivals)
        pov = self.t.company.by_seat[scene.pov_seat].id if self.t.company.by_seat else ""
        if pov in rivals:
            rivals.remove(pov)
            rivals.insert(0, pov)
        roles = dict(roles)
        if "{rival1}" in template or "{Rival1}" in template:
            roles.setdefault("rival1", rivals[0] if rivals else "")
            roles.setdefault("rival2", rivals[1] if len(rivals) > 1 else "")
        if "{players}" in template.lower():  # {Players} too, at a sentence's start
            values["players"] = self.refer.names([p.id for p in self.t.company.by_seat])
        if "{company}" in template.lower():
            values["company"] = self.refer.names([p.id for p in self.t.company.onlookers])
        text = self.t.realiser.sentence(curly(self.refer.narration(template, roles, values)))
        return self._goal_shortened(text)

    def _goal_shortened(self, text: str) -> str:
        """The goal's long name in full the first time the narrator names the square ("the Mansion of
        Happiness"), its head after ("the Mansion"): readers found the full name "repeated again and again"."""
        full, short = self.t.goal_names
        if full == short or full not in text:
            return text
        if not self.goal_named:
            self.goal_named = True
            head, _, rest = text.partition(full)
            return head + full + rest.replace(full, short)
        return text.replace(full, short)

    def _speech(self, block: Block, lead_in: str = "") -> Paragraph:
        """A spoken line as its own paragraph; lead_in: the word that tags a line led in by the narration
        before it ("said she")."""
        if block.author_said:
            speaker, line = block.author_said
            text, answering = line, False
        else:
            said = block.said
            assert said is not None and block.moment is not None
            speaker = said.speaker
            roles = {"actor": block.moment.actor, "other": block.moment.other}
            facts = dict(block.moment.facts)
            values = {"space": self.t.realiser.names(str(facts.get("space_name", ""))),
                      "echo": said.echo, **amounts(int(facts.get("paid", 0) or 0))}
            text = self.refer.speech(said.text, said.speaker, said.hearer, roles, values)
            text = self.t.realiser.names(text)
            answering = said.answering
        tagged, by_name = self._tagging(speaker)
        hearer = block.said.hearer if block.said else ""
        named = {p for p in self.t.company.people if p != speaker and self._names(p, text)}
        self.addressed = hearer if named == {hearer} else ""  # "You have turned out Jane, Lizzy": whom?
        by_name = by_name and not lead_in  # just named in the narration before it: "said she"
        person = self.t.company.people[speaker]
        manner = block.said.rule.manner if block.said else ""
        manner = "" if manner in self.manners else manner  # "said Lydia, laughing" twice read as a tic
        if manner:
            self.manners.add(manner)
        if manner and not tagged and not lead_in:  # a manner the line would go untagged without ("cried she,
            # laughing"): by name where another of that pronoun spoke just before, whom "she" would be taken for
            by_name = any(self.t.company.people[p].pronoun == person.pronoun for p in self.last_speakers[-1:])
        pronoun = lead_in or {"she": "she", "he": "he"}.get(person.pronoun, "they")
        verb = self._verb(answering, speaker)
        body = speech(text, person.called, pronoun, verb, manner, by_name, tagged or bool(manner) or bool(lead_in),
                      cry=self.cries < CRIES)
        self.cries += "” cried " in body
        self.last_speakers.append(speaker)
        self.lines += 1
        self.refer.new_paragraph()
        self.refer.spoke(speaker)
        units = (Unit(body, block.first, block.last, author=bool(block.author_said)),)
        return Paragraph(body, block.first, block.last, units, talk=True)

    def _names(self, pid: str, text: str) -> bool:
        """Whether a line names the person aloud (by their name or how the cast calls them)."""
        person = self.t.company.people[pid]
        short = person.short[:1].upper() + person.short[1:]  # "The Colonel" opening a sentence
        return any(n and n in text for n in (person.called, person.name, person.short, short)) \
            or any(who == pid and re.search(rf"\b{re.escape(form)}\b", text) for form, who in self.aloud.items())

    def _tagging(self, speaker: str) -> tuple[bool, bool]:
        """(tagged at all, by name rather than pronoun): two people strictly alternating may go untagged
        on their third line; a pronoun where nobody else of that pronoun spoke just before, or for the one
        the line before named aloud where nobody of that pronoun has spoken since the narration."""
        recent = self.last_speakers[-3:]
        two = len(recent) >= 2 and len(set(recent)) == 2 and recent[-1] != speaker and speaker in recent
        if len(recent) == 2 and two and recent[0] == speaker and len(self.last_speakers) == 2:
            return False, True
        people = self.t.company.people
        alike = any(people[p].pronoun == people[speaker].pronoun for p in self.last_speakers)
        if speaker == self.addressed and speaker not in self.last_speakers:
            # “Passion, Mr. Darcy?” said Elizabeth. / “Perhaps you have not looked.”: the one just named
            # aloud answers the first line, and a novel leaves the reply untagged (a "said he" on every line
            # is a program's)
            if len(self.last_speakers) == 1:
                return False, False
            if not alike:
                return True, False  # … / “Perhaps you have not looked,” said he.
        if not recent or speaker not in recent:
            return True, True
        others = [p for p in recent if p != speaker]
        same = any(people[p].pronoun == people[speaker].pronoun for p in others)
        return True, same or (speaker not in self.last_speakers[-2:-1] and len(recent) < 2)

    def _verb(self, answering: bool, speaker: str) -> str:
        n = self.lines
        if self.last_speakers and self.last_speakers[-1] == speaker:
            return "added"
        # "said" above all: readers hear "replied he", returned, observed and answered as a program's cycle
        if answering and not self.replied and n % 6 == 2:
            self.replied = True
            return "replied"
        return "said"

    def _cover(self, paragraphs: list[Paragraph]) -> list[Paragraph]:
        """Every action in exactly one narration paragraph: an empty one gives its span to the next."""
        out: list[Paragraph] = []
        carry: tuple[int, int] | None = None
        for p in paragraphs:
            if p.talk or p.text == SCENE_BREAK:
                out.append(p)
                continue
            first, last = p.first, p.last
            if carry is not None and first is not None and last is not None:
                first, last = min(first, carry[0]), max(last, carry[1])
            elif carry is not None:
                first, last = carry
            if not p.text:
                carry = (first, last) if first is not None and last is not None else carry
                continue
            carry = None
            out.append(Paragraph(p.text, first, last, p.units))
        if carry is not None:
            for k in range(len(out) - 1, -1, -1):
                p = out[k]
                if not p.talk and p.first is not None and p.last is not None:
                    out[k] = Paragraph(p.text, min(p.first, carry[0]), max(p.last, carry[1]), p.units)
                    break
        return out


TAG_END = re.compile(r"” (said|cried|replied|observed|added|remarked) [^“”]+\.$")  # a paragraph ending on a tag
LOWERED_AFTER_SEMICOLON = ("The", "A", "An", "He", "She", "Her", "His")  # a joined turn's first word, mid-sentence


def joined(units: list[Unit], steps: list[bool], most: int = 4) -> list[Unit]:
    """Plain turns told one after another share a sentence ("Elizabeth sat out the turn; Mr. Darcy went
    on to Folly; and Jane came to Prudence."), as a reader takes a round in at a glance."""
    out: list[Unit] = []
    run: list[Unit] = []

    def flush() -> None:
        if len(run) == 1:
            out.append(run[0])
        elif run:
            clauses = [u.text.rstrip(".") for u in run]
            clauses = [clauses[0]] + [c[0].lower() + c[1:] if c.split()[0] in LOWERED_AFTER_SEMICOLON else c
                                      for c in clauses[1:]]
            text = "; ".join(clauses[:-1]) + "; and " + clauses[-1] + "."
            out.append(Unit(text, run[0].first, run[-1].last))
        run.clear()

    for unit, step in zip(units, steps, strict=True):
        if step and len(run) < most:
            run.append(unit)
            continue
        flush()
        if step:
            run.append(unit)
        else:
            out.append(unit)
    flush()
    return out


# -- shapes and budgets ------------------------------------------------------------------------------
def shapes(pace: str) -> list[Shape]:
    """The shapes worth drafting, most wanted first: talk at three or four turning points, lines of
    three or four, a few moments told in a sentence, the opening and the close with a word spoken."""
    if pace == "summary":
        return [Shape(0, 0, m, 0, 1) for m in (2, 1, 3, 0, 4, 5)] + [
            Shape(0, 0, m, 0, c, lean=True) for m in (1, 0, 2) for c in (1, 0)]
    if pace == "full":
        return [Shape(0, 3, 0)]
    return [Shape(t, lines, m, o, o) for o in (2, 3, 0) for t in (4, 3, 5, 2, 6, 1, 8, 10) for lines in (4, 3, 2, 6)
            for m in (2, 0, 4, 8)]


DEFAULT = {"summary": Shape(0, 0, 2, 0, 1), "full": Shape(0, 3, 0)}


def compose(play: Playthrough, pace: str = "brisk", words: int | None = None,
            avoid: frozenset[str] = frozenset(), going_on: bool = False) -> Composition:
    """The prose at a pace, or within 15% of words (a budget for the body, headings not counted); going_on:
    the game is still being played (the app's prose so far), so no close tells it put away."""
    telling = Telling(play, avoid, going_on=going_on)
    if words is None and pace in DEFAULT:
        best = telling.draft(pace, DEFAULT[pace])
        return Composition(best.paragraphs, best.words, None, best.phrasings)
    target = words if words is not None else planning.brisk_words(play.game.state.turn)
    best = search(telling, target, pace if words is None else "brisk", strict=words is not None)
    notes = warnings(target, best) if words is not None else ()
    return Composition(best.paragraphs, best.words, words, best.phrasings, notes)


def search(telling: Telling, target: int, pace: str, strict: bool = False) -> Draft:
    """The first draft, in the order of shapes most wanted, within 15% of the target with speech between a
    quarter and a half of its words; else, of those tried, a talky one within the budget or a little beyond
    it, then the nearest. strict: the author's own budget, never left for the sake of the talk."""
    tried: list[Draft] = []
    candidates = shapes("summary") + shapes("brisk") if target <= 450 else shapes("brisk")
    order = {shape: k for k, shape in enumerate(candidates)}
    candidates.sort(key=lambda sh: (abs(_estimate(sh) - target) > TOLERANCE * target, order[sh]))
    short = Short(telling, target, candidates)
    for shape in candidates[:MOST_DRAFTS]:
        if short.beyond(shape, tried):
            continue
        pace_of = "summary" if shape.talks == 0 and shape.lines == 0 else "brisk"
        draft = telling.draft(pace_of, shape)
        if abs(draft.words - target) <= TOLERANCE * target and (pace_of == "summary" or _talky(draft)):
            return draft
        tried.append(draft)
    largest = sorted(candidates[MOST_DRAFTS:], key=_estimate, reverse=True)[:MOST_DRAFTS]
    for reserved in (True, False):  # a long budget for a short game: the largest shapes, then the proud and
        if not all(d.words < target * (1 - TOLERANCE) for d in tried):  # the shy let talk on as well
            break
        for shape in largest:
            if short.beyond(dataclasses.replace(shape, reserved=reserved), tried):
                continue
            draft = telling.draft("brisk", dataclasses.replace(shape, reserved=reserved))
            if abs(draft.words - target) <= TOLERANCE * target:
                return draft
            tried.append(draft)
    if all(d.words < target * (1 - TOLERANCE) for d in tried):  # and then every turn
        tried.append(telling.draft("full", DEFAULT["full"]))
    # none both within the budget and talky: a talky one a little further out (half the tolerance again
    # beyond the nearest) before one in the budget whose talk is out of proportion
    closest = min(abs(d.words - target) for d in tried)
    reach = max(closest, TOLERANCE * target) + (0 if strict else TOLERANCE * target / 2)
    near = [d for d in tried if abs(d.words - target) <= reach]
    return min(near, key=lambda d: (not _talky(d), abs(d.words - target) > TOLERANCE * target,
                                    abs(_share(d) - 0.35)))


class Short:
    """Which shapes cannot reach the budget: a long game has only so many turning points, and past them a
    larger shape tells no more. Once a few drafts have fallen short, the largest shape of all is drafted;
    if it falls short too, so does every shape that asks no more of any part, and none is drafted."""

    TRIES = 3  # drafts short of the budget before the largest is tried

    def __init__(self, telling: Telling, target: int, candidates: Sequence[Shape]) -> None:
        self.telling, self.target, self.candidates = telling, target, candidates
        self.known: dict[bool, Draft] = {}  # by reserved: the draft of the largest shape

    def beyond(self, shape: Shape, tried: list[Draft]) -> bool:
        """Whether the shape's draft would fall short: known once TRIES drafts tried have all fallen short.
        The first time it is known, the largest shape is drafted and its draft joins those tried."""
        if shape.lean or shape.talks == 0 or len(tried) < self.TRIES or not all(map(self._short, tried)):
            return False
        if shape.reserved not in self.known:
            sized = [c for c in self.candidates if not c.lean and c.talks]
            most = {part: max(getattr(c, part) for c in sized) for part in PARTS}
            top = dataclasses.replace(sized[0], **most, reserved=shape.reserved)
            self.known[shape.reserved] = draft = self.telling.draft("brisk", top)
            tried.append(draft)
        return self._short(self.known[shape.reserved])

    def _short(self, draft: Draft) -> bool:
        return draft.words < self.target * (1 - TOLERANCE)


PARTS = ("talks", "lines", "moments", "opening_talk", "closing_talk")  # what a Shape asks for


def _estimate(shape: Shape) -> int:
    """Roughly how many words a shape comes to, to draft the likely ones first (measured on the examples)."""
    if shape.talks == 0 and shape.lines == 0:
        return (60 if shape.lean else 110) + 35 * shape.moments
    talk = shape.talks * (45 + 17 * shape.lines) + 30 * (shape.opening_talk + shape.closing_talk)
    return 150 + talk + 35 * shape.moments


def _opened(unit: Unit, word: str, text: str) -> Unit:
    """The sentence opening on a linking word ("Meanwhile,", "But"), its actions the same."""
    return dataclasses.replace(unit, text=f"{word} {text}")


def _share(draft: Draft) -> float:
    """The share of its words spoken, counted as a reader (and the page checker) counts them: inside quotes."""
    return speech_share("\n\n".join(p.text for p in draft.paragraphs))


def _talky(draft: Draft) -> bool:
    return 0.27 <= _share(draft) <= 0.52


def warnings(target: int, chosen: Draft) -> tuple[str, ...]:
    """A word to the author when the budget cannot be kept, or the asides alone are longer than it."""
    asides = sum(len(u.text.split()) for p in chosen.paragraphs for u in p.units if u.author)
    if asides > target:
        return (f"your asides alone run to {asides} words, more than the {target} asked; every one is kept",)
    if chosen.words < target * (1 - TOLERANCE):
        return (f"with every turn told the prose runs to {chosen.words} words, short of the {target} asked",)
    if chosen.words > target * (1 + TOLERANCE):
        return (f"the prose runs to {chosen.words} words, the fewest this game can be told in; {target} were asked",)
    return ()


def _unlinked(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """A paragraph whose last sentence went into a speech tag: the word of time that linked the sentence
    now last ("Presently Elizabeth …") was for a middle one, and ends the paragraph no better than a list."""
    last = units[-1] if units else None
    word = next((w for w in LINKS if last is not None and last.text.startswith(w + " ")), None)
    if last is None or word is None or len(units) < 2:
        return units
    text = last.text[len(word) + 1:]
    return (*units[:-1], Unit(text[:1].upper() + text[1:], last.first, last.last, last.author))


def _answers(told: Paragraph, block: Block) -> bool:
    """An author's line whose aside fired at an action the paragraph tells: it belongs beside that action."""
    return bool(block.author_said) and block.first is not None and told.first is not None \
        and told.first <= block.first <= (told.last if told.last is not None else told.first)
