"""Who is who in the prose: names on first mention, pronouns, forms of address, spoken lines."""

from __future__ import annotations

from versus.narration.manners import Manners
from versus.scenes.model import Person, Scene

PRONOUNS = {
    "she": {"he": "she", "him": "her", "his": "her", "himself": "herself"},
    "he": {"he": "he", "him": "him", "his": "his", "himself": "himself"},
    "they": {"he": "they", "him": "them", "his": "their", "himself": "themselves"},
}
# Reporting verbs (STYLE.md rule 7): "said" first; "replied", "returned" and "answered" only for a line
# that answers another person's; "added" only for the same speaker going on.
VERBS = ["said", "observed", "said", "said", "observed", "said"]
ANSWERS = ["replied", "returned", "answered", "said", "replied", "returned"]


class Voices:
    """Names and pronouns as the narration uses them; the first mention gives the full name."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.manners = Manners(scene)
        self.mentioned: set[str] = set()
        self.verb_index = 0
        self.last_speaker: str | None = None  # who spoke last in the paragraph being written

    def person(self, seat_or_id: int | str) -> Person:
        if isinstance(seat_or_id, int):
            return self.scene.players[seat_or_id]
        return self.scene.person(seat_or_id)

    def name(self, who: int | str) -> str:
        person = self.person(who)
        if person.id in self.mentioned:
            return person.called
        self.mentioned.add(person.id)
        return person.name

    def values(self, who: int | str, other: int | str | None = None) -> dict[str, str]:
        person = self.person(who)
        forms = PRONOUNS.get(person.pronoun, PRONOUNS["they"])
        values = {"who": self.name(who), **forms, **{k.capitalize(): v.capitalize() for k, v in forms.items()}}
        if other is not None:
            other_person = self.person(other)
            other_forms = PRONOUNS.get(other_person.pronoun, PRONOUNS["they"])
            values["other"] = self.name(other)
            values.update({f"other_{k}": v for k, v in other_forms.items()})
        return values

    def spoken_values(self, speaker: str, subject: int | str | None = None,
                      addressee: int | str | None = None) -> dict[str, str]:
        values = {}
        if subject is not None:
            values["subject"] = self.manners.spoken_of(speaker, self.person(subject).id)
        if addressee is not None:
            values["addressee"] = self.manners.address(speaker, self.person(addressee).id)
        return values

    def attribute(self, speaker: str, line: str, bare: bool = False, pronoun: bool = False) -> str:
        """“Line,” said X. — the verb chosen by who spoke before it in the paragraph, and varied.

        bare: the line alone, where an exchange between two makes its speaker plain; pronoun: "said she",
        where the two speaking are a man and a woman.
        """
        if bare:
            self.last_speaker = speaker
            return f"\u201c{line.strip().strip(chr(0x201c) + chr(0x201d) + chr(34))}\u201d"
        previous, self.last_speaker = self.last_speaker, speaker
        self.verb_index += 1
        if previous is not None and previous != speaker:
            verb = ANSWERS[self.verb_index % len(ANSWERS)]
        elif previous == speaker:
            verb = "added"
        else:
            verb = VERBS[self.verb_index % len(VERBS)]
        line = line.strip().strip("\u201c\u201d\"")
        if line.endswith("!") and verb in ("said", "observed") and self.verb_index % 2 == 0:
            verb = "cried"
        who = PRONOUNS[self.person(speaker).pronoun]["he"] if pronoun else self.name(speaker)
        if line.endswith(("?", "!")):
            return f"\u201c{line}\u201d {verb} {who}."
        body = line[:-1] if line.endswith(".") else line
        return f"\u201c{body},\u201d {verb} {who}."
