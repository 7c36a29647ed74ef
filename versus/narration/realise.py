"""Realisation: the last touches to a sentence, as a novel prints it (docs/narration.md §1, rules 9 and 10).

Space names come out as a Regency novel would name them ("Humility", "the Pillory", "the House of
Correction") unless the scene asks for the board's capitals (`names: printed`); a word after a
semicolon is not capitalised unless it is a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from versus.narration.truth import Unit
from versus.narration.words import SENTENCE_END, curly

SMALL = {"of", "the", "a", "an", "to", "and", "in"}


def novel_name(printed: str) -> str:
    """THE HOUSE OF CORRECTION -> the House of Correction; A CHEAT -> a Cheat; PIETY -> Piety; and a place
    the board prints bare takes the article a novel would give it: SUMMIT OF DISSIPATION -> the Summit
    of Dissipation, WHIPPING POST -> the Whipping Post, SABBATH BREAKER -> a Sabbath Breaker."""
    words = printed.split()
    out = []
    for k, word in enumerate(words):
        lower = word.lower()
        out.append(lower if lower in SMALL and (k > 0 or len(words) > 1) else word.capitalize())
    return article(printed) + " ".join(out)


def article(name: str) -> str:
    """The article a bare name of a place or of a kind of person wants ("" when it has one, or wants none)."""
    upper = name.upper()
    if len(upper.split()) < 2 or upper.split()[0] in ("THE", "A", "AN"):
        return ""
    if upper.endswith("BREAKER"):
        return "a "
    return "the " if " OF " in upper or " TO " in upper or upper.endswith(" POST") else ""


def space_name(name: str, printed: bool) -> str:
    """A space as the prose names it: the board's capitals as a novel prints them; a name the board prints
    in mixed case with its article in the middle of a sentence ("the Stocks", "the House of Correction")."""
    if printed or not name:
        return name
    if name.isupper():
        told = novel_name(name)
        return "the " + told[2:] if told.startswith("a ") else told  # "came to the Robber", not "to a Robber"
    if name.startswith("The "):
        return "the " + name[4:]
    return article(name) + name


class Realiser:
    """Turns the board's printed names into the novel's, and mends capitals after semicolons."""

    def __init__(self, printed_names: Iterable[str], proper: Iterable[str], printed: bool) -> None:
        names = sorted({n for n in printed_names if n and n.isupper()}, key=len, reverse=True)
        self.pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b") if names else None
        self.proper = set(proper) | {"I", "Mr.", "Mrs.", "Miss", "Lady", "Sir", "Colonel", "Captain", "Lord"}
        self.printed = printed
        # the spaces a sentence may open on by their bare names ("Honesty carried Elizabeth on …")
        self.proper_spaces = tuple(n for n in map(novel_name, names) if not n.startswith(("the ", "a ", "an ")))

    def names(self, text: str) -> str:
        """The board's capitals as the novel names them: 'the THE WATER' -> 'the Water'."""
        if self.pattern is not None and not self.printed:
            text = self.pattern.sub(lambda m: novel_name(m.group(1)), text)
            text = re.sub(r"\b(the|The) the\b", r"\1", text)
            text = re.sub(r"\b(a|an|A|An) (a|an) ", r"\1 ", text)
        return text

    def sentence(self, text: str) -> str:
        text = self.names(text)
        text = re.sub(r"(^|(?<!\bMr)(?<!\bMrs)(?<!\bDr)(?<!\bSt)[.!?]\s+|“)([a-z])",
                      lambda m: m.group(1) + m.group(2).upper(), text)  # not "Mr. And Mrs. Bennet"
        return re.sub(r";\s+([A-Z][\w.’]*)", self._semicolon, text)

    def lowered(self, text: str) -> str:
        """A sentence carried on after another word ("But", "and when her turn came,"): its first letter small,
        unless it opens on a name or a square named bare ("Honesty carried…")."""
        if text.split(" ", 1)[0] in self.proper or text.startswith(self.proper_spaces):
            return text
        return text[:1].lower() + text[1:]

    def _semicolon(self, match: re.Match[str]) -> str:
        word = match.group(1)
        if word in self.proper or (word.isupper() and len(word) > 1):
            return match.group(0)
        return "; " + word[0].lower() + word[1:]


# -- paragraphs as a novel prints them ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph of the prose: its text, the actions it tells (0-based, inclusive; None for the opening
    and the close), its sentences with the actions each speaks of, and whether it is a spoken line
    (whose actions are the moment it answers, not a span of its own)."""

    text: str
    first: int | None
    last: int | None
    units: tuple[Unit, ...]
    talk: bool = False



def speech(line: str, name: str, pronoun: str, verb: str, manner: str, tag_name: bool, tagged: bool,
           cry: bool = True) -> str:
    """A line as a novel prints it: curly quotes, and the tag after its first sentence ('said he'); with cry,
    "cried he" after an exclamation."""
    line = line.strip()
    if not tagged:
        return curly(f'"{line}"')
    parts = re.split(SENTENCE_END + r"(?=[A-Z“\"])", line, maxsplit=1)
    head, rest = parts[0], parts[1] if len(parts) > 1 else ""
    if cry and head.endswith("!") and verb in ("said", "observed", "remarked"):  # not "“The Mansion!” observed he"
        verb = "cried"
    who = f"{verb} {name}" if tag_name else f"{verb} {pronoun}"
    tail = f", {manner}" if manner else ""
    if head.endswith("."):
        head = head[:-1] + ","
    elif not head.endswith(("?", "!", ",", "—")):
        head += ","
    tag = f"{who}{tail}."
    return curly(f'"{head}" {tag}' + (f' "{rest}"' if rest else ""))
