"""Who is who in the prose: names on first mention, pronouns, forms of address, spoken lines."""

from __future__ import annotations

import re

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
# Stands in a line for a form of address the line can do without: two who have already named each other
# in the paragraph talk on without "Mr. Darcy" at every turn, as people across a table do.
UNSAID = "\u2063"


# After "Pride, {x}," a verb, or after a longer clause a preposition, goes on with the clause the address
# interrupted: both commas go ("Pride is …"). After an exclamation ("Come, {x}, that …") one stays.
AUXILIARY = re.compile(r"(?:is|was|will|would|does|has|are|must|can|may|were|had|shall)\b"
                       r"(?! (?:it|there|he|she|you|I|we|they)\b)")  # not a tag question ("…, is it?")
JOINS = re.compile(r"(?:to|on|in|upon|with|at|by|from|of|about|into|that)\b")
EXCLAMATIONS = {"oh", "oh dear", "dear me", "upon my word", "i declare", "la", "lord", "bless me", "come", "yes",
                "no", "well", "nay", "indeed", "there", "why", "ha", "ah", "alas", "splendid", "capital", "hush"}


def _fence(match: re.Match[str]) -> str:
    line, at = match.string, match.start()
    clause = re.split(r"[.!?;:—“]", line[:at])[-1].strip()
    if clause.lower() in EXCLAMATIONS:
        return ", "
    goes_on = AUXILIARY.match(line, match.end()) or (len(clause.split()) >= 2 and JOINS.match(line, match.end()))
    return " " if goes_on else ", "


def without_address(line: str) -> str:
    """The line with each unsaid form of address taken out with its comma: "Well, {x}, you …" → "Well, you …"."""
    if UNSAID not in line:
        return line
    head = re.match(rf"^(\W*){UNSAID}[,;:!]?\s*", line)
    if head:
        rest = line[head.end():]
        line = head.group(1) + rest[:1].upper() + rest[1:]
    line = re.sub(rf"—{UNSAID},\s*", "—", line)
    line = re.sub(rf",\s*{UNSAID},\s+", _fence, line)
    return re.sub(rf",\s*{UNSAID}", "", line)


class Voices:
    """Names and pronouns as the narration uses them; the first mention gives the full name."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.manners = Manners(scene)
        self.mentioned: set[str] = set()
        self.verb_index = 0
        self.last_speaker: str | None = None  # who spoke last in the paragraph being written
        self.addressed: set[frozenset[str]] = set()  # the pairs who have named each other in it

    def new_paragraph(self) -> None:
        """Nobody has spoken, or named anybody, in the paragraph about to be written."""
        self.new_topic()
        self.addressed = set()

    def new_topic(self) -> None:
        """Talk of something new within the paragraph: its first line answers nobody."""
        self.last_speaker = None

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
            hearer = self.person(addressee).id
            form = self.manners.address(speaker, hearer)
            pair = frozenset((speaker, hearer))
            # Deference is repeated ("your Ladyship", "sir"); a name, once the two are talking, is not.
            plain = pair in self.addressed and not form.startswith(("your ", "sir", "ma’am", "ma'am"))
            values["addressee"] = UNSAID if plain else form
            self.addressed.add(pair)
        return values

    def attribute(self, speaker: str, line: str, bare: bool = False) -> str:
        """“Line,” said X. — the verb chosen by who spoke before it in the paragraph, and varied.

        bare: the line alone, where an exchange between two makes its speaker plain.
        """
        line = without_address(line)
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
        who = self.name(speaker)
        if line.endswith(("?", "!")):
            return f"\u201c{line}\u201d {verb} {who}."
        body = line[:-1] if line.endswith(".") else line
        return f"\u201c{body},\u201d {verb} {who}."
