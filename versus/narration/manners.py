"""Manners: how each person names and addresses each other person, worked out as the period would
(docs/narration.md §1, rule 11), without the author writing a table of etiquette.

A shared surname means family unless the scene's `relations:` says otherwise; sisters use Christian
names, children say "Mama" and "Papa", a sister says "brother", husband and wife "my dear"; outside
the family the eldest unmarried daughter is "Miss Bennet" and the others "Miss Elizabeth"; a titled
lady is "your Ladyship" to those beneath her. A person's `address:` in the scene overrides it all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from versus.scenes.model import Person, Scene

TITLES = ("Mr.", "Mrs.", "Miss", "Lady", "Sir", "Lord", "Colonel", "Captain", "Dr.", "Mr", "Mrs")
PARTICLES = ("de", "van", "von", "du", "le")  # part of a surname: Lady Catherine de Bourgh
KIN = {  # what A is to B -> what B is to A, given B's sex
    "father": ("son", "daughter"), "mother": ("son", "daughter"), "son": ("father", "mother"),
    "daughter": ("father", "mother"), "brother": ("brother", "sister"), "sister": ("brother", "sister"),
    "husband": ("husband", "wife"), "wife": ("husband", "wife"), "uncle": ("nephew", "niece"),
    "aunt": ("nephew", "niece"), "nephew": ("uncle", "aunt"), "niece": ("uncle", "aunt"),
    "cousin": ("cousin", "cousin"), "friend": ("friend", "friend"), "none": ("none", "none"),
    "servant": ("master", "mistress"), "master": ("servant", "servant"), "mistress": ("servant", "servant"),
}
RELATIONS = tuple(KIN)


@dataclass(frozen=True, slots=True)
class Standing:
    """What manners need of a person, read from the name: 'Miss Elizabeth Bennet' -> Miss, Elizabeth, Bennet."""

    id: str
    title: str  # "Miss", "Mr.", "Lady", … or "" for none
    christian: str  # the Christian name, or "" when the name does not give one
    surname: str
    called: str
    male: bool | None
    named: bool = True  # the name itself gives the Christian name ("Miss Elizabeth Bennet", not "Miss Bennet")

    @property
    def titled(self) -> bool:
        return self.title in ("Lady", "Lord", "Sir")


def standing(person: Person) -> Standing:
    words = person.name.split()
    title = words[0] if words and words[0] in TITLES else ""
    rest = words[1:] if title else words
    cut = next((k for k, w in enumerate(rest) if w in PARTICLES), max(len(rest) - 1, 0))
    given, surname = rest[:cut], " ".join(rest[cut:])  # "Mr. Darcy": no Christian name, surname Darcy
    if not title and len(rest) == 1:
        given, surname = rest, ""  # "Lydia": a Christian name alone
    christian = " ".join(given)
    named = bool(christian)
    if not christian and person.called and person.called != person.name and len(person.called.split()) == 1:
        christian = person.called  # "Miss Bennet", called Jane
    male = {"he": True, "she": False}.get(person.pronoun)
    if title in ("Mr.", "Mr", "Sir", "Lord", "Colonel", "Captain"):
        male = True if male is None else male
    elif title in ("Mrs.", "Mrs", "Miss", "Lady"):
        male = False if male is None else male
    return Standing(person.id, title.rstrip(".") + ("." if title in ("Mr.", "Mrs.", "Mr", "Mrs", "Dr.") else ""),
                    christian, surname, person.called, male, named)


class Manners:
    """The forms of address of one scene's people, worked out once."""

    def __init__(self, scene: Scene) -> None:
        self.people = {p.id: p for p in (*scene.players, *scene.company)}
        self.standing = {pid: standing(p) for pid, p in self.people.items()}
        self.relation: dict[tuple[str, str], str] = {}  # (a, b) -> what a is to b
        self.infer()
        for a, b, word in scene.extra.get("relations", ()):
            self.relate(a, b, word)

    # -- who is kin to whom ------------------------------------------------------------------------
    def relate(self, a: str, b: str, word: str) -> None:
        self.relation[(a, b)] = word
        back = KIN.get(word, ("none", "none"))  # what b is to a, by b's sex
        self.relation[(b, a)] = back[0] if self.standing[b].male is not False else back[1]

    def infer(self) -> None:
        """A shared surname means family: Mr. and Mrs. are husband and wife, the Misses their daughters
        (or, with no Mrs. to say otherwise, a Mr.'s sisters), Misses sisters to each other."""
        by_name: dict[str, list[Standing]] = {}
        for s in self.standing.values():
            if s.surname:
                by_name.setdefault(s.surname, []).append(s)
        for family in by_name.values():
            wives = [s for s in family if s.title in ("Mrs.", "Lady")]
            for a in family:
                for b in family:
                    if a.id < b.id:
                        word = self.kin(a, b, bool(wives))
                        if word:
                            self.relate(a.id, b.id, word)

    @staticmethod
    def kin(a: Standing, b: Standing, has_mother: bool) -> str:
        pair = {a.title, b.title}
        if pair in ({"Mr.", "Mrs."}, {"Sir", "Lady"}, {"Lord", "Lady"}):
            return "husband" if a.male else "wife"
        if a.title in ("Mrs.", "Lady") and b.title == "Miss":
            return "mother"
        if b.title in ("Mrs.", "Lady") and a.title == "Miss":
            return "daughter"
        if (a.title == "Miss" and b.title == "Miss") or (not a.title and not b.title):
            return "sister" if a.male is False else "brother"
        if a.male and b.title == "Miss":
            return "father" if has_mother or a.title == "Sir" else "brother"
        if b.male and a.title == "Miss":
            return "daughter" if has_mother or b.title == "Sir" else "sister"
        if a.male and b.male:
            return "brother"
        return ""

    def of(self, a: str, b: str) -> str:
        """What a is to b: "sister", "mother", … or "" for no kin."""
        word = self.relation.get((a, b), "")
        return "" if word in ("none", "friend") else word

    # -- how they speak ----------------------------------------------------------------------------
    def address(self, speaker: str, hearer: str) -> str:
        """How speaker names hearer aloud."""
        person = self.people[hearer]
        forms = dict(person.address)
        if speaker in forms:
            return forms[speaker]
        kin = self.family_address(speaker, hearer)
        if kin:
            return kin
        if "default" in forms:
            return forms["default"]
        return self.formal(speaker, hearer)

    def family_address(self, speaker: str, hearer: str) -> str:
        me, them = self.standing[speaker], self.standing[hearer]
        word = self.of(hearer, speaker)  # what the hearer is to the speaker
        pet = them.called if len(them.called.split()) == 1 else ""  # the scene's pet name: Kitty, Lizzy
        given = pet or them.christian or "my dear"  # no Christian name known: never "Miss Bingley" to a sister
        if word in ("mother",):
            return "Mama"
        if word in ("father",):
            return "Papa"
        if word == "brother" and me.male is False:
            return "brother"
        if word in ("sister", "brother", "son", "daughter"):
            return given
        if word == "wife":
            return "my dear"
        if word == "husband":
            return f"{them.title} {them.surname}".strip() if them.title else "my dear"
        if word in ("aunt", "uncle"):
            return self.formal(speaker, hearer) if them.titled else f"{word}"
        if word in ("niece", "nephew", "cousin"):
            return given if them.christian else self.formal(speaker, hearer)
        if word == "master":
            return "sir" if them.male else "ma’am"
        return ""

    def formal(self, speaker: str, hearer: str) -> str:
        """Outside the family: 'Miss Bennet' for the eldest, 'Miss Elizabeth', 'your Ladyship', 'Sir William'."""
        them, me = self.standing[hearer], self.standing[speaker]
        if them.title == "Lady":
            return "your Ladyship" if not me.titled else f"Lady {them.christian or them.surname}"
        if them.title == "Sir":
            return f"Sir {them.christian}" if them.christian else f"Sir {them.surname}"
        if them.title == "Miss":  # "Miss Bennet" is the eldest; her sisters are "Miss Elizabeth", "Miss Lydia"
            return f"Miss {them.christian}" if them.named else f"Miss {them.surname}"
        if them.title:
            return f"{them.title} {them.surname}"
        if them.surname and them.christian:  # "Maria Lucas", untitled in the scene: Miss Lucas, as she is called
            return f"{'Mr.' if them.male else 'Miss'} {them.surname}"
        return them.called

    def spoken_of(self, speaker: str, subject: str) -> str:
        """How speaker names subject to a third person: 'your Ladyship' becomes 'her Ladyship', 'Mama' stays."""
        form = self.address(speaker, subject)
        if form.lower().startswith("your "):
            return ("his" if self.standing[subject].male else "her") + form[4:]
        if form in ("my dear", "brother", "sister", "sir", "ma’am"):
            them, kin = self.standing[subject], self.of(subject, speaker)
            if kin in ("brother", "sister", "son", "daughter", "wife", "husband"):
                return f"my {kin}"
            return f"{them.title} {them.surname}".strip() if them.title else them.called
        return form


def faults(scene: Scene, said: Iterable[tuple[str, str]]) -> list[str]:
    """Address faults in spoken lines, (speaker id, line), by docs/narration.md §1, rule 11: formal full names,
    "Lady de Bourgh", a Bennet calling a Bennet "Miss", a sister calling her brother "Mr. Darcy"."""
    manners = Manners(scene)
    out = []
    for speaker, line in said:
        for pid, person in manners.people.items():
            them = manners.standing[pid]
            if pid == speaker:
                continue
            full = bool(them.title and them.named and them.surname)  # "Miss Elizabeth Bennet", not "Miss de Bourgh"
            if full and person.name in line and not dict(person.address).get(speaker):
                out.append(f"{speaker}: a formal full name spoken, {person.name!r}")
            kin = manners.of(pid, speaker)
            formal = f"{them.title} {them.christian if them.named else them.surname}"
            if kin and them.title == "Miss" and formal in line and formal != dict(person.address).get(speaker):
                out.append(f"{speaker} calls a {kin} {formal!r}")
            if kin == "brother" and manners.standing[speaker].male is False and f"{them.title} {them.surname}" in line:
                out.append(f"{speaker} calls her brother {them.title} {them.surname}")
        if "Lady de Bourgh" in line:
            out.append(f"{speaker}: “Lady de Bourgh”")
    return out
