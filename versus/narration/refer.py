"""Referring expressions: names, forms of address and pronouns, from the referents the plan carries.

In narration a person is named in full at first mention and by what the scene calls them after; a
pronoun slot becomes the name again wherever another person of the same pronoun was named since, so
that "she" is never in doubt. In speech, `{address}` is how the speaker names the hearer aloud and
`{actor}` how the speaker names that person to someone else.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from versus.narration.company import Company
from versus.narration.words import counted, listing

SLOT = re.compile(r"\{([A-Za-z_0-9]+)\}")
PRONOUNS = {"he": {"he": "he", "him": "him", "his": "his", "hers": "his"},
            "she": {"he": "she", "him": "her", "his": "her", "hers": "hers"},
            "they": {"he": "they", "him": "them", "his": "their", "hers": "theirs"}}  # hers: "the game was hers"


class Referrer:
    """Fills slots for one telling, remembering who has been named."""

    def __init__(self, company: Company, names_printed: bool) -> None:
        self.company = company
        self.introduced: set[str] = set()
        self.recent: list[str] = []  # people named in the current paragraph, latest last
        self.sentence = 0  # sentences filled so far, speeches included
        self.when: dict[str, int] = {}  # person: the sentence that last named them
        self.printed = names_printed
        self.vocatives: Counter[tuple[str, str]] = Counter()  # (speaker, hearer): times called by name aloud
        self.addressed: Counter[str] = Counter()  # hearer: times called by name aloud, by anybody

    def new_paragraph(self) -> None:
        self.recent = []

    def name(self, pid: str) -> str:
        """The narrator's name for a person: what the scene calls them ("Elizabeth", "Mr. Darcy"), and the
        cast's shorter word when they were named already in the paragraph ("the Colonel"). The
        people of a chapter are known to its reader; the full "Miss Elizabeth Bennet" is for the scene
        file and introductions, and reads stiffly across a table of sisters."""
        person = self.company.people.get(pid)
        if person is None:
            return ""
        self.introduced.add(pid)
        return person.short if person.short and pid in self.recent else person.called

    def names(self, pids: list[str]) -> str:
        """People listed, a Mr. and a Mrs. of one name as a couple: "Mr. and Mrs. Bennet"."""
        people = [self.company.people[p] for p in pids if p in self.company.people]
        words: list[str] = []
        done: set[str] = set()
        for person in people:
            if person.id in done:
                continue
            surname = person.called.partition(" ")[2]
            mate = next((q for q in people if q.id not in done and q.id != person.id and person.called[:4] in
                         ("Mr. ", "Mrs.") and {person.called, q.called} == {f"Mr. {surname}", f"Mrs. {surname}"}),
                        None)  # whichever of the two comes first
            if mate is not None:
                words.append(f"Mr. and Mrs. {surname}")
                done |= {person.id, mate.id}
            else:
                words.append(self.name(person.id))
                done.add(person.id)
            self.introduced.add(person.id)
        return listing(words)

    def _pronoun(self, pid: str, form: str) -> str:
        person = self.company.people.get(pid)
        if person is None:
            return ""
        word = PRONOUNS.get(person.pronoun, PRONOUNS["they"])[form]
        same = [p for p in self.recent if self.company.people[p].pronoun == person.pronoun]
        if same and same[-1] == pid:
            return word
        return self._possessive(pid) if form in ("his", "hers") else self.name(pid)

    def _object(self, pid: str) -> str:
        """A person just spoken of, governed by a verb or a preposition ("the Road to Folly sent {actor}
        back"): "her" where "she" would serve as the subject (_subject), else the name: "Honesty and
        Gratitude helped Lydia on. But the Road to Folly sent Lydia back" named her twice, as a program does."""
        word = self._subject(pid)
        person = self.company.people.get(pid)
        return PRONOUNS[person.pronoun]["him"] if person is not None and word == person.pronoun else word

    def _subject(self, pid: str) -> str:
        """A person opening a sentence or a clause joined by "and": "he" or "she" when they are the only
        one of that pronoun named so far in the paragraph (so that a run of sentences about one person does
        not name them every time, and "she" can mean nobody else), and named in this sentence or the one
        before: "He came to Envy" two sentences after Mr. Collins, both about Lady Catherine, has a reader
        looking back for him. Else the name."""
        person = self.company.people.get(pid)
        if person is None or person.pronoun not in ("he", "she") or pid not in self.recent \
                or self.sentence - self.when.get(pid, 0) > 1:
            return self.name(pid)
        alike = {p for p in self.recent if self.company.people[p].pronoun == person.pronoun}
        return person.pronoun if alike == {pid} else self.name(pid)  # nobody else it could mean

    def _another(self, pid: str) -> bool:
        """Somebody else of this person's pronoun has been named in the paragraph."""
        person = self.company.people.get(pid)
        return person is not None and any(p != pid and self.company.people[p].pronoun == person.pronoun
                                          for p in self.recent)

    def _possessive(self, pid: str) -> str:
        called = self.name(pid)
        return called + ("’" if called.endswith("s") else "’s")

    def narration(self, template: str, roles: Mapping[str, str], values: Mapping[str, str]) -> str:
        """A narrator's sentence with its people named and its slots filled. A pronoun before its person's
        name in the same clause ("Laying aside {actor_his} book, {actor} drew up a chair") points forward to
        it, as a novel's does."""
        ahead = _cataphoric(template, roles)
        named: set[str] = set()
        self.sentence += 1

        def fill(match: re.Match[str]) -> str:
            slot = match.group(1)
            cap = slot[0].isupper()
            key = slot[0].lower() + slot[1:]
            base, _, form = key.partition("_")
            if base in roles and form in ("he", "him", "his", "hers") and base in ahead and base not in named \
                    and not self._another(roles[base]):  # "her" pointing forward past a Jane just named is Jane's
                person = self.company.people.get(roles[base])
                word = PRONOUNS.get(person.pronoun if person else "they", PRONOUNS["they"])[form]
            elif base in roles and form in ("he", "him", "his", "hers"):
                word = self._pronoun(roles[base], form)
                self._mention(roles[base])
            elif key in roles:
                owned = template[match.end():match.end() + 2] in ("’s", "'s")  # "{Actor}’s": a name, never "He’s"
                at_start = cap and match.start() == 0 and not owned
                before = template[:match.start()].split()[-2:]  # ", and {actor} paid": a clause, not "X and Y"
                joined = bool(before) and (before[-1] in ("when", "while", "until")
                                           or (before[-1] in ("and", "but") and before[0].endswith(",")))
                opening = not owned and _opens(template, match.start())  # "Within sight of the Mansion, {actor} came"
                governed = not owned and not cap and bool(before) and before[-1].lower() in GOVERNING
                if at_start or (joined and not owned) or opening:  # "…, and {actor} paid": "and she paid", where she
                    word = self._subject(roles[key])  # can be nobody else
                elif governed:  # "sent {actor} back": "sent her back", where she can be nobody else
                    word = self._object(roles[key])
                else:
                    word = self.name(roles[key])
                self._mention(roles[key])
                named.add(key)
            elif key in values:
                word = values[key]
            else:
                word = match.group(0)
            return word[:1].upper() + word[1:] if cap else word

        return SLOT.sub(fill, template)

    def spoke(self, pid: str) -> None:
        """A speaker tagged by name has been introduced, and is the one a pronoun would now mean."""
        self.introduced.add(pid)
        self.sentence += 1
        self._mention(pid)

    def _mention(self, pid: str) -> None:
        if pid in self.recent:
            self.recent.remove(pid)
        self.recent.append(pid)
        self.when[pid] = self.sentence

    def speech(self, template: str, speaker: str, hearer: str, roles: Mapping[str, str],
               values: Mapping[str, str]) -> str:
        """A spoken line with its forms of address and its people as the speaker names them."""
        address = self.company.address(speaker, hearer) if hearer else ""
        if address:  # "La, Lizzy!" names its hearer aloud as surely as "{address}" does
            template = re.sub(rf"(^|, ){re.escape(address)}(?=[,.!?;])", r"\1{address}", template)
        if "{address}" in template and (self.vocatives[speaker, hearer] >= VOCATIVES
                                        or self.addressed[hearer] >= ADDRESSED):
            template = _unaddressed(template)
        if "{address}" in template:
            self.vocatives[speaker, hearer] += 1
            self.addressed[hearer] += 1

        def fill(match: re.Match[str]) -> str:
            slot = match.group(1)
            cap = slot[0].isupper()
            key = slot[0].lower() + slot[1:]
            if key == "address":
                word = self.company.address(speaker, hearer) if hearer else ""
            elif roles.get(key):
                word = "you" if roles[key] == hearer else self.company.spoken_of(speaker, roles[key])
            elif key in values:
                word = values[key]
            else:
                word = ""
            return word[:1].upper() + word[1:] if cap else word

        text = SLOT.sub(fill, template)
        return re.sub(r"\s+,|,\s*(?=[?.!])|\s{2,}", lambda m: " " if m.group(0).isspace() else "", text).strip()


PREPOSITIONS = {"in", "at", "of", "on", "to", "with", "by", "from", "about", "upon", "into"}
# words after which a person is the object ("sent {actor} back", "to {other}"), never the subject of what follows
# (not "where", "which", "that", "when": "where {other} stood" wants "she")
GOVERNING = (PREPOSITIONS - {"with"}) | {"sent", "carried", "turned", "took", "brought", "set", "left", "gave", "fined",
                                         "cost", "helped", "put", "held", "kept", "lifted", "returned", "found"}
# ("put away with {actor} in front" must name who)
BOUND = PREPOSITIONS | {"that", "if", "whether"}  # words that join what comes before a dropped vocative
WH = {"what", "how", "why", "who", "whom", "where"}  # join it only after a verb of knowing: "You see, {address},
KNOWING = {"see", "know", "wonder", "ask", "consider", "observe", "imagine", "guess", "tell", "me"}  # what comes"
# -> "You see what comes", but "Well, {address}, who would have thought it?" -> "Well, who would …"
VOCATIVES = 2  # times one person calls another by name in a scene before the name goes where it may
ADDRESSED = 3  # times anybody is called by name aloud in a scene, by all the table together ("Lizzy" six times
# in one breakfast read as a program's)
# ("Perhaps you have not looked, Miss Elizabeth" / "You are confined, Miss Elizabeth" / "I see, Miss Elizabeth")


def _opens(template: str, at: int) -> bool:
    """The slot at `at` is the subject after an opening phrase ("Within sight of the Mansion, {actor} came"): the
    template's first slot, after a comma that ends the phrase."""
    before = template[:at]
    return before.endswith(", ") and "{" not in before and ";" not in before and "." not in before


def _cataphoric(template: str, roles: Mapping[str, str]) -> set[str]:
    """The roles whose first slot in the template is a pronoun and whose name follows within the clause."""
    out = set()
    for clause in re.split(r";", template):
        for base in roles:
            name = re.search(rf"\{{[{base[0].upper()}{base[0]}]{re.escape(base[1:])}\}}", clause)
            pronoun = re.search(rf"\{{[{base[0].upper()}{base[0]}]{re.escape(base[1:])}_(he|him|his|hers)\}}", clause)
            if name and pronoun and pronoun.start() < name.start():
                out.add(base)
    return out


def _unaddressed(template: str) -> str:
    """The line without its vocative where that leaves a sentence ("…, {address}." -> "…."; "{address}, you"
    -> "You"); a vocative anywhere else stays."""
    # "Oh, {address}, I hope" -> "Oh, I hope"; "mine, {address}, and I" -> "mine, and I"; but "careful,
    # {address}, in what" -> "careful in what", and "It may be observed, {address}, that" -> "… observed that"
    text = re.sub(r"(\w+),\s*\{address\},(?=\s+(\w+))", _joined, template)
    text = re.sub(r",\s*\{address\}(?=[.!?;])", "", text)
    return re.sub(r"(^|[.!?]\s+)\{address\},\s*(\w)", lambda m: m.group(1) + m.group(2).upper(), text)


def _joined(m: re.Match[str]) -> str:
    """What is left where ", {address}," goes: nothing where the words either side make one clause."""
    before, after = m.group(1).lower(), m.group(2).lower()
    bound = after in BOUND or (after in WH and before in KNOWING)
    return m.group(1) + ("" if bound else ",")


def amounts(paid: int) -> dict[str, str]:
    """The slots that state what was paid, given only when it is more than nothing."""
    return {"counters": counted(paid, "counter")} if paid > 0 else {}
