"""The narrator's phrasebook: templates kept as data, merged with the author's own, chosen without repeats.

A phrasebook is nested YAML mappings whose leaves are lists of templates. Keys are looked up as
paths ("spaces", "HUMILITY"); the board's file is consulted before common.yaml, and an author's
file (named by the scene's `phrasebook:` key) before both: its lists are tried first.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from versus.narration.words import curly

HERE = Path(__file__).parent / "phrasebook"
PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")
POOL = re.compile(r"\bpool\b")
AFTER_STOP = re.compile(r"((?<!Mr)(?<!Mrs)(?<!Dr)[.!?]\s+)([a-z])")
SENTENCE = re.compile(r"(?<!\bMr\.)(?<!\bMrs\.)(?<=[.!?”])\s+(?=[A-Z“‘])")


class PhrasebookError(ValueError):
    """An author's phrasebook that cannot be read."""


@cache
def _builtin(name: str) -> dict[str, Any]:
    path = HERE / f"{name}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {} if path.exists() else {}


def load_author(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError, UnicodeDecodeError) as error:
        raise PhrasebookError(f"{path}: cannot read the phrasebook ({str(error).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise PhrasebookError(f"{path}: a phrasebook is a mapping of keys to lists of sentences")
    return data


def _lookup(data: Mapping[str, Any], path: tuple[str, ...]) -> list[str]:
    node: Any = data
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return []
        node = node[key]
    if isinstance(node, str):
        return [node]
    return [str(t) for t in node] if isinstance(node, list) else []


class Phrasebook:
    """Looks up template lists and fills them; remembers every sentence used so none comes twice."""

    def __init__(self, board_id: str, seed: int, author: dict[str, Any] | None = None,
                 pool_word: str = "pool") -> None:
        self.pool_word = pool_word  # Virtue Rewarded has a bank where the Mansion has a pool
        self.layers = [author or {}, _builtin("tallies"), _builtin(board_id), _builtin("common")]
        self.rng = random.Random(seed)
        self.used: set[str] = set()
        self.decks: dict[tuple[str, ...], list[str]] = {}

    def templates(self, *path: str) -> list[str]:
        """Every template for the key: the author's first, then the board's and the common ones.

        An author's phrasebook with `override: true` replaces the built-in lists for the keys it defines.
        """
        author = _lookup(self.layers[0], path)
        if author and self.layers[0].get("override") is True:
            return list(author)
        out: list[str] = []
        for layer in self.layers:
            out.extend(t for t in _lookup(layer, path) if t not in out)
        return out

    def say(self, path: tuple[str, ...], values: Mapping[str, str], avoid_opening: str = "") -> str | None:
        """A filled sentence for the key, never one used before (None when the key is exhausted).

        Templates whose placeholders are not all in values are passed over.
        """
        deck = self._deck(path)
        for attempt in range(2):
            for template in list(deck):
                if any(name not in values for name in PLACEHOLDER.findall(template)):
                    continue  # a template needing what this moment cannot supply (e.g. no leader)
                text = fill(template, values)
                if self.pool_word != "pool":
                    text = POOL.sub(self.pool_word, text)
                parts = SENTENCE.split(text)
                if any(s in self.used for s in parts) or (
                        attempt == 0 and avoid_opening and opening(text) == avoid_opening):
                    continue
                deck.remove(template)
                deck.append(template)  # to the back of the deck: used last next time (Ink's shuffle)
                self.used.update(parts)
                return text
        return None

    def _deck(self, path: tuple[str, ...]) -> list[str]:
        if path not in self.decks:
            templates = self.templates(*path)
            author = _lookup(self.layers[0], path)
            rest = [t for t in templates if t not in author]
            self.rng.shuffle(rest)
            self.decks[path] = list(author) + rest
        return self.decks[path]


def fill(template: str, values: Mapping[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        return values.get(match.group(1), match.group(0))

    text = curly(PLACEHOLDER.sub(value, template))
    text = AFTER_STOP.sub(lambda m: m.group(1) + m.group(2).upper(), text)  # "… fined. The Colonel …"
    return text[:1].upper() + text[1:]


def opening(text: str) -> str:
    return " ".join(text.split()[:2]).lower()
