"""The narrator's phrasebook: templates kept as data, merged with the author's own, chosen without repeats.

A phrasebook is nested YAML mappings whose leaves are lists of templates. Keys are looked up as
paths ("spaces", "HUMILITY"); the board's file is consulted before common.yaml, and an author's
file (named by the scene's `phrasebook:` key) before both: its lists are tried first.

An item is a template, or `{text: …, when: {…}}` declaring the facts it asserts (conditions.py):
the chooser never picks an item whose conditions do not hold for the moment told.
"""

from __future__ import annotations

import hashlib
import random
import re
from functools import cache
from pathlib import Path
from collections import Counter
from typing import Any, Iterable, Mapping

import yaml

from versus.narration.conditions import Entry, entry, problems
from versus.narration.words import curly

HERE = Path(__file__).parent / "phrasebook"
PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")
POOL = re.compile(r"\bpool\b")
AFTER_STOP = re.compile(r"((?<!Mr)(?<!Mrs)(?<!Dr)[.!?]\s+)([a-z])")
SENTENCE = re.compile(r"(?<!\bMr\.)(?<!\bMrs\.)(?<=[.!?”])\s+(?=[A-Z“‘])")


class PhrasebookError(ValueError):
    """An author's phrasebook that cannot be read."""


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where present: the same data, faster


@cache
def _builtin(name: str) -> dict[str, Any]:
    path = HERE / f"{name}.yaml"
    return yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER) or {} if path.exists() else {}


MAX_AUTHOR_BYTES = 2_000_000


def load_author(path: str | None) -> dict[str, Any]:
    """The author's phrasebook: a regular file of bounded size, aliases bounded, no control characters."""
    from versus import yamlio
    from versus.files import Unreadable, read_bounded

    if not path:
        return {}
    try:
        text = read_bounded(path, MAX_AUTHOR_BYTES, "phrasebook").decode("utf-8")
        data = yamlio.load(text) or {}
    except yamlio.YamlProblem as error:
        raise PhrasebookError(f"{path}:{error.line}:{error.column}: {error.message}") from None
    except (Unreadable, UnicodeDecodeError) as error:
        raise PhrasebookError(f"{path}: cannot read the phrasebook ({str(error).splitlines()[0]})") from None
    control = _control_in(data)
    if control:
        raise PhrasebookError(f"{path}: {control}; take it out (it would reach the export and the terminal)")
    if not isinstance(data, dict):
        raise PhrasebookError(f"{path}: a phrasebook is a mapping of keys to lists of sentences")
    wrong = entry_problems(path, text)
    if wrong:
        raise PhrasebookError("\n".join(wrong))
    return data


def entry_problems(path: str, text: str) -> list[str]:
    """Every `when:` in an author's phrasebook (its text, already read within bounds) that names an
    unknown condition, as FILE:LINE:COLUMN."""
    root = yaml.compose(text, Loader=LOADER)
    out: list[str] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == "when":
                    data = yaml.load(yaml.serialize(value), Loader=LOADER)
                    mark = value.start_mark
                    out.extend(f"{path}:{mark.line + 1}:{mark.column + 1}: {p}" for p in problems(data))
                else:
                    stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return sorted(out)


def _control_in(data: Any, where: str = "") -> str | None:
    """Where the first control character (ESC, BEL, …) in the phrasebook's text is, if any."""
    from versus.files import has_control

    if isinstance(data, dict):
        items = [(f"{where}.{k}" if where else str(k), v) for k, v in data.items()]
        items += [(f"{where} (a key)", k) for k in data if isinstance(k, str)]
    elif isinstance(data, list):
        items = [(where, v) for v in data]
    else:
        found = has_control(data) if isinstance(data, str) else None
        return f"a control character ({found}) in {where or 'the file'}" if found else None
    return next((hit for key, value in items if (hit := _control_in(value, key))), None)


def _lookup(data: Mapping[str, Any], path: tuple[str, ...]) -> list[Entry]:
    node: Any = data
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return []
        node = node[key]
    items = [node] if isinstance(node, str) else node if isinstance(node, list) else []
    return [e for e in map(entry, items) if e is not None]


class Phrasebook:
    """Looks up template lists and fills them; remembers every sentence used so none comes twice."""

    def __init__(self, board_id: str, seed: int, author: dict[str, Any] | None = None,
                 pool_word: str = "pool", names: Iterable[str] = (), avoid: frozenset[str] = frozenset()) -> None:
        self.pool_word = pool_word  # Virtue Rewarded has a bank where the Mansion has a pool
        self.layers = [author or {}, _builtin("tallies"), _builtin(board_id), _builtin("common"),
                       _builtin("exchange_openers"), _builtin("exchange_answers")]
        self.rng = random.Random(seed)
        self.used: set[str] = set()
        self.decks: dict[tuple[str, ...], list[Entry]] = {}
        self.phrases = Phrases(names)
        self.avoid = avoid  # entries other exports of the same manuscript used
        self.chosen: list[str] = []  # the entries used, in order, for the manuscript's record

    def entries(self, *path: str) -> list[Entry]:
        """Every entry for the key: the author's first, then the board's and the common ones.

        An author's phrasebook with `override: true` replaces the built-in lists for the keys it defines.
        """
        author = _lookup(self.layers[0], path)
        if author and self.layers[0].get("override") is True:
            return list(author)
        out: list[Entry] = []
        for layer in self.layers:
            out.extend(t for t in _lookup(layer, path) if t not in out)
        return out

    def templates(self, *path: str) -> list[str]:
        """The texts of the key's entries that assert nothing (names, connectives)."""
        return [e.text for e in self.entries(*path) if not e.when]

    def say(self, path: tuple[str, ...], values: Mapping[str, str], avoid_opening: str = "",
            facts: Mapping[str, Any] | None = None, optional: bool = False) -> str | None:
        """A filled sentence for the key, never one used before (None when the key is exhausted).

        Entries whose conditions do not hold for facts, or whose placeholders are not all in values,
        are passed over. Preferred, in turn: an entry no earlier export of the manuscript used, one
        that does not open as the last paragraph did, one that brings no phrase round a fourth time.
        An optional sentence (a verdict, a remark) is left unsaid rather than repeat another export's.
        """
        deck = self._deck(path)
        facts = facts or {}
        mine = set(_lookup(self.layers[0], path))  # the author's own: worth a repeated opening
        for strict in (3, 2) if optional else (3, 2, 1, 0):
            for item in list(deck):
                text = self._filled(item, values, facts)
                if text is None:
                    continue
                parts = SENTENCE.split(text)
                if any(s in self.used for s in parts):
                    continue
                if strict >= 3 and avoid_opening and opening(text) == avoid_opening and item not in mine:
                    continue
                if strict >= 2 and entry_id(item) in self.avoid:
                    continue  # another export of this manuscript has it (issue 11)
                if strict >= 1 and self.phrases.would_exceed(text):
                    continue
                deck.remove(item)
                deck.append(item)  # to the back of the deck: used last next time (Ink's shuffle)
                self.used.update(parts)
                self.phrases.add(text)
                self.chosen.append(entry_id(item))
                return text
        return None

    def _filled(self, item: Entry, values: Mapping[str, str], facts: Mapping[str, Any]) -> str | None:
        if any(name not in values for name in PLACEHOLDER.findall(item.text)):
            return None  # a template needing what this moment cannot supply (e.g. no leader)
        if not item.holds(facts):
            return None  # it would assert what did not happen (STYLE.md rule 1)
        text = fill(item.text, values)
        return POOL.sub(self.pool_word, text) if self.pool_word != "pool" else text

    def _deck(self, path: tuple[str, ...]) -> list[Entry]:
        if path not in self.decks:
            templates = self.entries(*path)
            author = _lookup(self.layers[0], path)
            rest = [t for t in templates if t not in author]
            self.rng.shuffle(rest)
            self.decks[path] = list(author) + rest
        return self.decks[path]


def entry_id(item: Entry) -> str:
    """A short, stable name for a phrasing, for the manuscript's record of what it has used."""
    return hashlib.blake2b(item.text.encode("utf-8"), digest_size=6).hexdigest()


WORD = re.compile(r"[A-Za-z’']+")


class Phrases:
    """Counts the four-word phrases said so far, names and places aside, so none comes round a fourth time."""

    MOST = 3

    def __init__(self, names: Iterable[str]) -> None:
        self.names = {n.lower() for n in names}
        self.counts: Counter[tuple[str, ...]] = Counter()

    def grams(self, text: str) -> list[tuple[str, ...]]:
        words = [w.lower() for w in WORD.findall(text)]
        return [g for g in zip(words, words[1:], words[2:], words[3:]) if not self.names.intersection(g)]

    def would_exceed(self, text: str) -> bool:
        new = Counter(self.grams(text))
        return any(self.counts[g] + n > self.MOST for g, n in new.items())

    def add(self, text: str) -> None:
        self.counts.update(self.grams(text))


def fill(template: str, values: Mapping[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        return values.get(match.group(1), match.group(0))

    text = curly(PLACEHOLDER.sub(value, template))
    text = AFTER_STOP.sub(lambda m: m.group(1) + m.group(2).upper(), text)  # "… fined. The Colonel …"
    return text[:1].upper() + text[1:]


def opening(text: str) -> str:
    return " ".join(text.split()[:2]).lower()
