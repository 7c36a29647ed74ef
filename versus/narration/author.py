"""The author's own rules: a scene's `phrasebook:` file of `lines:` and `narration:` in the bundled
form, tried before the bundled rules (and, with `override: true`, instead of them for the same moment).

A rule that names a person by the scene's id speaks for that person whatever the cast calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from versus.narration.cast import author_lines
from versus.narration.phrasebook import load_author
from versus.narration.rules import Rule, parse

if TYPE_CHECKING:
    from versus.narration.company import Company
    from versus.scenes.model import Scene

AUTHOR_WEIGHT = 3  # the author's rule beats a bundled one of the same criteria


def author_rules(scene: Scene, company: Company) -> list[Rule]:
    """The scene's phrasebook and its folder's cast.yaml `lines:`, as rules that outrank the bundled."""
    rules = parse(load_author(scene.phrasebook), "author") + parse(author_lines(scene), "cast")
    if not rules:
        return []
    ids = {pid: person.who for pid, person in company.people.items()}
    out = []
    for rule in rules:
        criteria = tuple((k, ids.get(v, v) if k in ("speaker", "hearer", "actor") and isinstance(v, str) else v)
                         for k, v in rule.criteria)
        weight = tuple(("author", True) for _ in range(AUTHOR_WEIGHT))
        out.append(Rule(rule.id, rule.text, rule.spoken, criteria + weight, rule.concept, rule.answers,
                        rule.parent, rule.gist, rule.remember, rule.manner, rule.beat, rule.source))
    return out
