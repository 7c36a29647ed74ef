"""The company at the table: each person of the scene, who the cast says they are, what they are to
each other, and how they address each other aloud.

Relations come first from the scene's `relations:`, then from the cast (Georgiana is Darcy's sister,
Lady Catherine Anne's mother), then from a shared surname; where both people are known to the cast,
the cast alone decides, so that a Mrs. Darcy who is Elizabeth is nobody's Mama.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from versus.narration.cast import Member, matches
from versus.narration.manners import KIN, Manners
from versus.scenes.model import Person, Scene


@dataclass(frozen=True, slots=True)
class Someone:
    """A person at the table as the narration needs them."""

    id: str  # the scene's id
    cast: str  # the cast id, or "" when the cast does not know them
    name: str  # full name, for first mention
    called: str  # how the narration names them after
    pronoun: str
    temper: str
    seat: int | None  # None for an onlooker
    motifs: frozenset[str] = frozenset()
    short: str = ""  # named again in a paragraph: "the Colonel" (the cast's `short:`)
    only_mine: bool = False  # the scene's `only_mine: true`: says the author's lines and nothing of ours

    @property
    def who(self) -> str:
        """The id a rule's `speaker:` names: the cast's, else the scene's."""
        return self.cast or self.id


class Company:
    """Everyone at the table, with their relations and forms of address worked out once."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.cast: dict[str, Member] = matches(scene)
        people = [*scene.players, *scene.company]
        seats = {p.id: k for k, p in enumerate(scene.players)}
        self.people: dict[str, Someone] = {p.id: self._someone(p, seats.get(p.id)) for p in people}
        self.manners = Manners(scene)
        self._relate_from_cast()
        for a, b, word in scene.extra.get("relations", ()):
            self.manners.relate(a, b, word)  # the scene's word is final
        self.by_seat = [self.people[p.id] for p in scene.players]
        self.onlookers = [self.people[p.id] for p in scene.company]
        rivals = scene.extra.get("rivals") or self._rivals()
        self.rivals = tuple(str(r) for r in rivals[:2])

    def _rivals(self) -> list[str]:
        """The spine of a scene whose file names none: Elizabeth and Mr. Darcy where both play (an opening
        that promised Elizabeth and Lydia's rivalry at a game Mr. Darcy won read as a promise broken); else
        the first two players not of a gentle temper (readers found Jane "miscast as a rival"); else the
        first two."""
        players = self.scene.players
        ids = {self.people[p.id].who: p.id for p in players}
        if "elizabeth" in ids and "darcy" in ids:
            return [ids["elizabeth"], ids["darcy"]]
        spirited = [p.id for p in players if self.people[p.id].temper != "gentle"]
        return spirited[:2] if len(spirited) >= 2 else [p.id for p in players[:2]]

    def _someone(self, p: Person, seat: int | None) -> Someone:
        member = self.cast.get(p.id)
        temper = p.temper or (member.temper if member else "")
        return Someone(p.id, member.id if member else "", p.name, p.called, p.pronoun, temper, seat,
                       frozenset(member.motifs) if member else frozenset(), member.short if member else "",
                       p.only_mine)

    def _relate_from_cast(self) -> None:
        known = {pid: m for pid, m in self.cast.items()}
        by_cast = {m.id: pid for pid, m in known.items()}
        for a in known:
            for b in known:
                if a != b and self.manners.relation.get((a, b)) not in ("husband", "wife"):
                    self.manners.relation.pop((a, b), None)  # both known: the cast decides, but a Mr. and a
                    # Mrs. of one name are married whatever the cast (a Mrs. Darcy is the bride, not a mother)
        for a, member in known.items():
            for other, word in member.relations:
                if other not in by_cast:
                    continue
                b = by_cast[other]
                self.manners.relation[(a, b)] = word
                if (b, a) not in self.manners.relation and word in KIN:
                    back = KIN[word]
                    self.manners.relation[(b, a)] = back[0] if self.people[b].pronoun != "she" else back[1]

    # -- who is what ---------------------------------------------------------------------------
    def relation(self, speaker: str, hearer: str) -> str:
        """What the hearer is to the speaker: 'sister', 'aunt', 'patroness', … or 'none'."""
        return self.manners.relation.get((hearer, speaker), "") or "none"

    def address(self, speaker: str, hearer: str) -> str:
        """How speaker names hearer aloud: the scene's address, the cast's, the family's, then the formal."""
        person = self.scene.person(hearer)
        forms = dict(person.address)
        if speaker in forms:
            return forms[speaker]
        member = self.cast.get(hearer)
        mine = dict(member.address) if member else {}
        said_by = self.people[speaker].cast
        if said_by and said_by in mine:
            return mine[said_by]
        kin = self.manners.family_address(speaker, hearer)
        if kin:
            return kin
        if "default" in forms:
            return forms["default"]
        if "default" in mine:
            return mine["default"]
        return self.manners.formal(speaker, hearer)

    @functools.cached_property
    def aloud(self) -> dict[str, str]:
        """Each name the table calls someone by aloud that a reader can take for one person alone ("Lizzy",
        "Miss Eliza", "Mama"), with that person's id: a line that names its hearer so tells the reader who
        answers it. Words any gentleman or lady is called ("sir", "my dear") are left out."""
        seen: dict[str, set[str]] = {}
        for hearer in self.people:
            for speaker in self.people:
                form = self.address(speaker, hearer) if speaker != hearer else ""
                if form[:1].isupper() and not form.lower().startswith("your "):
                    seen.setdefault(form, set()).add(hearer)
        return {form: next(iter(who)) for form, who in seen.items() if len(who) == 1}

    def spoken_of(self, speaker: str, subject: str) -> str:
        """How speaker names subject to someone else: 'your Ladyship' becomes 'her Ladyship'."""
        form = self.address(speaker, subject)
        she = self.people[subject].pronoun == "she"
        if form.lower().startswith("your "):
            return ("her" if she else "his") + form[4:]
        kin = self.relation(speaker, subject)
        if form in ("my dear", "brother", "sister", "sir", "ma’am", "ma'am") or form.islower():
            if kin in ("brother", "sister", "son", "daughter", "wife", "husband", "aunt", "uncle", "cousin"):
                return f"my {kin}"
            return self.people[subject].called
        return form


def report(scene: Scene) -> list[str]:
    """What the narration took the scene's people to be: each match to the cast, each near miss, and
    each relation it assumed from a shared surname (which `relations:` may correct)."""
    import difflib

    from versus.narration.cast import cast_for

    company = Company(scene)
    cast = cast_for(scene)
    names = {n.lower(): m.id for m in cast.values() for n in m.names}
    out: list[str] = []
    for person in (*scene.players, *scene.company):
        member = company.cast.get(person.id)
        if member is not None:
            how = "by its cast: key" if person.cast else "by name"
            out.append(f"  {person.id}: {member.id} in the cast ({how})")
            continue
        near = difflib.get_close_matches(person.name.lower(), list(names), n=1, cutoff=0.75)
        if near and person.cast is None:
            out.append(f"{scene.path}:{person.line}:1: warning: {person.name!r} is nobody in the cast; did you mean "
                       f"{names[near[0]]!r}? (add `cast: {names[near[0]]}`, or `cast: none` to keep them your own)")
        else:
            out.append(f"  {person.id}: not in the cast (speaks in the {person.temper or 'neutral'} temper)")
    known = set(company.cast)
    for (a, b), word in sorted(company.manners.relation.items()):
        if a < b and not (a in known and b in known) and word not in ("none", "friend"):
            written = any({a, b} == {x, y} for x, y, _ in scene.extra.get("relations", ()))
            if not written:
                out.append(f"  assumed from the names: {a} is {b}'s {word} (say otherwise with relations:)")
    return out
