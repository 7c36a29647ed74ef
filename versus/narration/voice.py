"""Who is who in the prose: names on first mention, pronouns, forms of address, spoken lines."""

from __future__ import annotations

from versus.scenes.model import Person, Scene

PRONOUNS = {
    "she": {"he": "she", "him": "her", "his": "her", "himself": "herself"},
    "he": {"he": "he", "him": "him", "his": "his", "himself": "himself"},
    "they": {"he": "they", "him": "them", "his": "their", "himself": "themselves"},
}
# Reporting verbs: "said" first, the others for variety (STYLE.md rule 5).
VERBS = ["said", "said", "said", "replied", "observed", "said", "returned", "added", "said", "cried"]


class Voices:
    """Names and pronouns as the narration uses them; the first mention gives the full name."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.mentioned: set[str] = set()
        self.verb_index = 0

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
            values["subject"] = spoken_of(self.person(subject), speaker)
        if addressee is not None:
            values["addressee"] = self.person(addressee).addressed_by(speaker)
        return values

    def attribute(self, speaker: str, line: str) -> str:
        """“Line,” said X. — with the verb varied and the punctuation of speech observed."""
        verb = VERBS[self.verb_index % len(VERBS)]
        self.verb_index += 1
        line = line.strip().strip("\u201c\u201d\"")
        if line.endswith("?") or line.endswith("!"):
            verb = "cried" if line.endswith("!") and verb == "said" and self.verb_index % 3 == 0 else verb
            return f"\u201c{line}\u201d {verb} {self.name(speaker)}."
        body = line[:-1] if line.endswith(".") else line
        return f"\u201c{body},\u201d {verb} {self.name(speaker)}."


def spoken_of(person: Person, speaker: str) -> str:
    """How speaker names person in the third person: 'your Ladyship' becomes 'her Ladyship'."""
    form = person.addressed_by(speaker)
    if form.lower().startswith("your "):
        return PRONOUNS.get(person.pronoun, PRONOUNS["they"])["his"] + form[4:]
    return form
