"""Small words: numbers in words, ordinals, lists, curly quotes."""

from __future__ import annotations

import re

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
ORDINAL = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
           "nine": "ninth", "twelve": "twelfth"}


def number(n: int) -> str:
    """'seven', 'twenty', 'five-and-twenty': the period's way with the tens and units, as a narrator of the
    day wrote them (readers of the hand pages took "the nine-and-fiftieth square" for a person's)."""
    if n < 20:
        return ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return (f"{ONES[ones]}-and-" if ones else "") + TENS[tens]
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{ONES[hundreds]} hundred" + (f" and {number(rest)}" if rest else "")
    return str(n)


def ordinal(n: int) -> str:
    """'first', 'twentieth', 'nine-and-fiftieth'."""
    words = number(n)
    head, sep, last = words.rpartition("-")
    if last in ORDINAL:
        last = ORDINAL[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return head + sep + last


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'a counter', 'two counters'."""
    if n == 1:
        return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"  # nouns here are counter, month, turn
    return f"{number(n)} {plural or noun + 's'}"


def about(n: int, noun: str = "space") -> str:
    """A distance as a narrator gives one: exact while it is small ('seven spaces'), then to the nearest
    five ('nearly twenty spaces', 'fully twenty', 'above twenty'), since 'seventeen spaces behind' reads
    as a copy of the play record."""
    if n <= ROUGH_AFTER:
        return counted(n, noun)
    near = 5 * round(n / 5)
    word = "nearly" if n < near else "above" if n > near else "fully"
    return f"{word} {number(near)} {noun}s"


# Where a spoken line's sentence ends: after . ! or ?, but not after a title ("Mr. Darcy").
SENTENCE_END = r"(?<!\bMr\.)(?<!\bMrs\.)(?<!\bDr\.)(?<!\bSt\.)(?<=[.!?])\s+"
ROUGH_AFTER = 10  # distances above this are rounded to five; the truth checker allows two either way


def a_spin(n: int) -> str:
    """'a four', 'an eight'."""
    word = number(n)
    return f"{'an' if word.startswith(('eight', 'eleven')) else 'a'} {word}"  # "a one", "an eight"


def listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def times(n: int) -> str:
    return {1: "once", 2: "twice", 3: "thrice"}.get(n, f"{number(n)} times")


_OPEN = re.compile(r'(^|[\s(\[—–-])"')
_OPEN_SINGLE = re.compile(r"(^|[\s(\[—–-])'")


def curly(text: str) -> str:
    """Straight quotes to curly ones, and double hyphens to em dashes (for author-written lines)."""
    text = text.replace("--", "—")
    text = _OPEN.sub("\\1\u201c", text).replace('"', "\u201d")
    # An elision ('Tis, 'twas, 'em) takes an apostrophe, never an opening quote (docs/narration.md §1, rule 9),
    # whether typed straight or already turned the wrong way by a word processor.
    elided = r"(^|[\s(\[—–-])['\u2018](?=(?:tis|twas|twere|twould|twill|twixt|em|gainst|neath)n?\b)"
    text = re.sub(elided, "\\1\u2019", text, flags=re.IGNORECASE)
    text = _OPEN_SINGLE.sub("\\1\u2018", text).replace("'", "\u2019")
    return text


WHEN = ("on ", "one ", "after ", "before ", "during ", "that ", "late ", "early ", "in the ")


def setting_parts(setting: str) -> tuple[str, str] | None:
    """(where, when) of a setting written as a place and then a time ("the drawing-room at Rosings, after
    dinner"), so that a sentence may put the time where a novelist would ("After dinner, …") instead of
    setting the whole phrase in one slot; None where the setting is not written so."""
    where, sep, when = setting.partition(", ")
    if not sep or not where or not when.lower().startswith(WHEN):
        return None
    return where, when
