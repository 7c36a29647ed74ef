"""Microplanning of referring expressions and aggregation: "he" and "she" where a novel would say
them, and two middling sentences of one moment joined with a semicolon (STYLE.md rules 5 and 13).

A mixin of the Narrator: it needs self.scene, self.board and self.pronouned.
"""

from __future__ import annotations

import re

from versus.narration.truth import Unit

SUBORDINATE = {"that", "when", "while", "as", "though", "although", "until", "till", "before", "after", "since",
               "because", "if", "unless", "where", "whereupon", "than", "once", "rounds", "turns", "spin", "then",
               "turn", "round", "time", "moment"}
ALONE = {"by", "and", "or", "now", "was", "were", "then", "again", "once", "at", "in", "for", "to", "that",
         "which", "alone", "before", "after", "no", "still", "already", "instead", "too", "as", "but"}
REPLIES = ("replied", "returned", "answered")
FORMS = {"he": ("he", "him", "his"), "she": ("she", "her", "her")}


class Referring:
    def pronouns(self, units: list[Unit]) -> list[Unit]:
        """Referring expressions, as a novel uses them: the person of one sex named last in the paragraph
        (in speech too, as a reader counts), if that was in the sentence before or the one before that and
        alone of that sex there, is 'he' or 'she' here (the subject, who says a line, the objects of
        prepositions), not their name again; and a reply is "replied she" when she was the last woman
        named. The author's own sentences are left alone, and nobody is carried past them."""
        people = sorted((p for p in (*self.scene.players, *self.scene.company) if p.pronoun in ("he", "she")),
                        key=lambda p: -len(p.called))
        out: list[Unit] = []
        told: list[list] = []  # who each sentence so far names, for the ones since the last of the author's
        read = ""  # the paragraph so far, as a reader has it
        for unit in units:
            text = unit.text
            if not unit.author:
                last = self.last_named(read, people)
                salient = [p for p in self.salient(told) if last.get(p.pronoun) is p]
                named = [p for p in people if self.mentions(text, p)]
                text = self.subject(text, salient)
                text = self.speaker(text, salient, last, plain=not read.endswith((" he.", " she.")))
                text = self.again(text, named, salient)
            if text != unit.text and text in self.pronouned:
                text = unit.text  # "He took the place" once is enough: the name keeps the sentence its own
            self.pronouned.add(text)
            out.append(Unit(text, unit.first, unit.last, unit.author))
            read += " " + text
            if unit.author:
                told = []
            elif self.mentions_anyone(unit.text):  # a bare line of talk names nobody and leaves things be
                told.append([p for p in people if self.mentions(unit.text, p)])
        return out

    @staticmethod
    def salient(told: list[list]) -> list:
        """Those a 'he' or 'she' may mean now: for each sex, the one person of it named in the last two
        sentences that named anybody (two women there, and 'she' would be a riddle)."""
        out = []
        for sex in ("he", "she"):
            same = {p.id: p for named in told[-2:] for p in named if p.pronoun == sex}
            if len(same) == 1:
                out.extend(same.values())
        return out

    @staticmethod
    def last_named(read: str, people: list) -> dict:
        """For each sex, whom a reader takes 'he' or 'she' for: the one named last in what was read."""
        out: dict = {}
        for sex in ("he", "she"):
            where = -1
            for person in (p for p in people if p.pronoun == sex):
                at = max(read.rfind(person.called), read.rfind(person.name))
                if at > where:
                    out[sex], where = person, at
        return out

    @staticmethod
    def mentions_anyone(text: str) -> bool:
        return bool(re.sub(r"“[^”]*”", "", text).strip())

    @staticmethod
    def subject(text: str, salient: list) -> str:
        """'Elizabeth spun a two' → 'She spun a two'; 'Elizabeth’s spin' → 'Her spin'."""
        for person in salient:
            forms = FORMS[person.pronoun]
            if text.startswith(person.called + " "):
                return forms[0].capitalize() + text[len(person.called):]
            if text.startswith(person.called + "’s "):
                return forms[2].capitalize() + text[len(person.called) + 2:]
            passing = re.match(rf"([A-Z]\w+ing) {re.escape(person.called)},", text)
            if passing:  # "Passing Elizabeth, Mr. Darcy …" → "Passing her, Mr. Darcy …"
                return f"{passing.group(1)} {forms[1]}" + text[passing.end() - 1:]
        return text

    @staticmethod
    def speaker(text: str, salient: list, last: dict, plain: bool = True) -> str:
        """'“…,” said Elizabeth.' → '“…,” said she.' when she was the one woman spoken of just before,
        and '“…,” replied Elizabeth.' → 'replied she.' when she was the last woman named and the line
        before was not already "… she." ("observed she" is not English: it becomes "said she")."""
        found = re.search(r"” (said|observed|replied|returned|answered|added|cried) ([^”]+)\.$", text)
        if not found:
            return text
        person = next((p for p in last.values() if p.called == found.group(2)), None)
        if person is None or not (person in salient or plain and found.group(1) in REPLIES):
            return text
        verb = "said" if found.group(1) == "observed" else found.group(1)
        return f"{text[:found.start()]}” {verb} {person.pronoun}."

    VERB = (r"(?:had|was|has|is|would|could|should|might|must|did|took|went|came|paid|spun|made|met|found|gave|"
            r"got|lost|won|kept|left|fell|sat|stood|saw|knew|thought|felt|bore|drew|ran|began|owed|held|put|sent|"
            r"became|seemed|[a-z]+ed)\b")
    OBJECT = r"(?:to|by|of|for|with|upon|on|from|at|past|before|behind|beside|than|against|after|over)"

    def again(self, text: str, named: list, salient: list = ()) -> str:
        """A second mention in the sentence of its only man (or woman) becomes 'he', 'him', 'his' (or 'hers'):
        after a preposition, a conjunction, or before its verb; so does a first mention of a salient person."""
        if "“" in text:
            return text
        for person in named:
            if any(p.pronoun == person.pronoun and p is not person for p in named):
                continue
            first = text.find(person.called)
            if first < 0:
                continue
            cut = 0 if person in salient and not text.startswith(person.called) else first + len(person.called)
            head, tail = text[:cut], text[cut:]
            forms = FORMS[person.pronoun]
            name = re.escape(person.called)
            tail = re.sub(rf"\b{name}’s\b(?=(\W*\w*))", lambda m: self.possessive(person.pronoun, m.group(1)), tail)
            # "past Mr. Darcy, whose lead …" keeps the name its relative clause hangs from
            after = self.OBJECT if cut else self.OBJECT.replace("of|", "")  # not "the position of her"
            tail = re.sub(rf"(\b{after}) {name}\b(?!’|,? wh)", rf"\1 {forms[1]}", tail)
            tail = re.sub(rf"(\b(?:which|who|whom|and|but|until|while|when|as|that|where)) {name}\b(?![’\w])",
                          rf"\1 {forms[0]}", tail)
            # "By the end of those rounds Elizabeth had …": a name before its verb is the subject
            tail = re.sub(rf"(\S+) {name} (?={self.VERB})", lambda m: self.as_subject(m, forms[0]), tail)
            text = head + tail
        return text

    @staticmethod
    def possessive(pronoun: str, after: str) -> str:
        """'her square', but 'the first place hers by right' and 'was his now' (no noun follows)."""
        word = after.strip()
        standing = not word or not word[0].isalpha() or word in ALONE
        return {"he": "his", "she": "hers" if standing else "her"}[pronoun]

    @staticmethod
    def as_subject(match: re.Match[str], pronoun: str) -> str:
        # Not "Miss Elizabeth had" (a title) nor "Lydia and Kitty were" (a pair), nor an object ("put Kitty")
        before = match.group(1)
        if before[:1].isupper() or before in ("and", "or", "nor") or not before.endswith((",", ";")) \
                and before not in SUBORDINATE:
            return match.group(0)
        return f"{before} {pronoun} "

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
