"""The house style of the prose as exported: apostrophes of elision and the manuscript's dashes.

The narrator curls quotes as it writes; these put right what it cannot know from one line (an
author's 'til is an elision, not a quotation) and set every em dash of the prose one way, as
manuscript.yaml's dashes: asks: closed (word—word, the default), spaced (word — word), or "--"
(word--word, as a Courier manuscript keeps them).
"""

from __future__ import annotations

import re

# Words that begin with an elision: 'til, 'tis, 'twas, 'em, 'n', 'cause, '90s … (never a quotation).
ELIDED = re.compile(
    r"(^|[\s(\[\u2014\u2013\u201c-])\u2018(?=(?:til|tis|twas|twere|twould|twill|twixt|em|gainst|neath|bout|cause)"
    r"n?\b|n\u2019|\d\ds?\b)",
    re.IGNORECASE)
DASH = re.compile(r"[ \u00a0]*\u2014[ \u00a0]*")
STYLES = {"closed": "\u2014", "spaced": " \u2014 ", "--": "--"}


def apostrophes(text: str) -> str:
    """An opening single quote before a word of elision (til, twas, em) is made an apostrophe."""
    return ELIDED.sub("\\1\u2019", text)


def dashes(text: str, style: str = "closed") -> str:
    """Every em dash of a paragraph in the house style; one at the start or end of a line is never spaced."""
    mark = STYLES[style]

    def one(match: re.Match[str]) -> str:
        start, end = match.start() == 0, match.end() == len(text)
        if mark.startswith(" ") and (start or end or _beside_quote(text, match)):
            return mark.strip()
        return mark

    return DASH.sub(one, text)


def _beside_quote(text: str, match: re.Match[str]) -> bool:
    """An interrupted speech (“But—” or —” ) keeps its dash closed against the quote."""
    before = text[match.start() - 1] if match.start() else ""
    after = text[match.end()] if match.end() < len(text) else ""
    return after in "\u201d\u2019" or before in "\u201c\u2018"


def house_style(text: str, style: str = "closed") -> str:
    return dashes(apostrophes(text), style)
