"""An author's cast.yaml checked as a scene is: every problem at once, each at its line and column,
with the nearest known word suggested for a misspelt key, temper or relation."""

from __future__ import annotations

from pathlib import Path

import yaml

from versus.narration.manners import RELATIONS
from versus.scenes.load import tempers
from versus.scenes.nodes import at, compose, known_keys, mapping_items, scalar
from versus.scenes.problems import Problem, suggest

ROOT_KEYS = ("people", "lines")
PERSON_KEYS = ("names", "sex", "temper", "called", "relations", "address", "cares", "phrases", "never", "motifs",
               "short")
MORE_RELATIONS = ("patroness", "clergyman", "companion", "charge", "sister-in-law", "brother-in-law")
LIMIT = 2_000_000


def problems(path: Path) -> list[str]:
    """What is wrong with a cast.yaml, as FILE:LINE:COLUMN lines ([] when all is well)."""
    data = path.read_bytes()[: LIMIT + 1]
    text = compose(data)
    found = list(text.problems)
    if text.nodes is not None:
        found += _root(text.nodes)
    return [p.located(str(path)) for p in sorted(found, key=lambda p: (p.line, p.column))]


def _root(root: yaml.Node) -> list[Problem]:
    entries, found = known_keys(root, "a cast file", ROOT_KEYS)
    if "people" not in entries:
        return [*found, at(root, "a cast file needs `people:`, a mapping of each person's id to their entry")]
    node = entries["people"][1]
    if not isinstance(node, yaml.MappingNode):
        return [*found, at(node, "`people:` is a mapping of each person's id to their entry")]
    items, dup = mapping_items(node)
    found += dup
    for pid, _, entry in items:
        found += _person(pid, entry)
    return found


def _person(pid: str, node: yaml.Node) -> list[Problem]:
    entries, found = known_keys(node, f"the cast's {pid!r}", PERSON_KEYS)
    if "names" not in entries:
        found.append(at(node, f"{pid!r} needs `names:`, the names a scene may give them (e.g. [\"Mr. Thorne\"])"))
    elif not isinstance(entries["names"][1], yaml.SequenceNode):
        found.append(at(entries["names"][1], "`names:` is a list of names"))
    if "temper" in entries:
        temper = scalar(entries["temper"][1])
        if temper not in tempers():
            found.append(at(entries["temper"][1], f"unknown temper {temper!r}{suggest(str(temper), tempers())}"))
    if "relations" in entries and isinstance(entries["relations"][1], yaml.MappingNode):
        words = (*RELATIONS, *MORE_RELATIONS)
        for _, _, value in mapping_items(entries["relations"][1])[0]:
            word = scalar(value)
            if word not in words:
                found.append(at(value, f"unknown relation {word!r}{suggest(str(word), words)}"))
    return found
