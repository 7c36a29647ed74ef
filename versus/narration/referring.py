"""Microplanning of referring expressions and aggregation: "he" and "she" where a novel would say
them, and two middling sentences of one moment joined with a semicolon (STYLE.md rules 5 and 13).

A mixin of the Narrator: it needs self.scene, self.board and self.pronouned.
"""

from __future__ import annotations

import re

from versus.narration.truth import Unit


class Referring:
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
