"""Checks on exported prose, shared by the prose report and the tests: sentences, repeats, modern words."""

from __future__ import annotations

import re
from collections import Counter

MODERN = ("okay", "ok", "focus", "stressed", "weird", "boring", "guy", "guys", "roll the dice", "rolled", "rolls",
          "dice", "comeback", "level up", "awesome", "kid", "kids", "fun", "mindset", "teenager",
          "basically", "literally", "totally", "mad at", "snack", "nice try", "fair enough", "move on",
          "bounce back", "game over", "winner takes all", "check out", "deal with it", "get over")
CONTRACTION = re.compile(r"\b\w+(?:n[’']t|[’'](?:ll|re|ve|d|m))\b", re.IGNORECASE)
SPEECH = re.compile(r"“[^”]*”")
SENTENCE_END = re.compile(r"(?<!\bMr\.)(?<!\bMrs\.)(?<!\bDr\.)(?<!\bSt\.)(?<=[.!?”])\s+(?=[A-Z“‘])")


def narration_only(text: str) -> str:
    """The text with speech removed (contractions and sentence lengths are judged on narration)."""
    return SPEECH.sub(" ", text)


def sentences(text: str) -> list[str]:
    out = []
    for para in text.split("\n\n"):
        para = para.strip()
        if para and not para.startswith(("#", "|", "---", "*The ledger")):
            out.extend(s.strip() for s in SENTENCE_END.split(para) if s.strip())
    return out


def repeated(text: str) -> list[str]:
    counts = Counter(s for s in sentences(text) if len(s.split()) > 3)
    return [s for s, n in counts.items() if n > 1]


def modern_words(text: str) -> list[str]:
    lowered = text.lower()
    return [w for w in MODERN if re.search(rf"\b{re.escape(w)}\b", lowered)]


def contractions(text: str) -> list[str]:
    return CONTRACTION.findall(narration_only(text))


def paragraph_openings(text: str) -> list[str]:
    paras = [p for p in text.split("\n\n") if p.strip() and not p.startswith(("#", "|", "---"))]
    return [" ".join(p.split()[:2]).lower() for p in paras]


def mean_sentence_words(text: str) -> float:
    """Mean words per sentence of narration: sentences with speech in them are left out."""
    marked = SPEECH.sub("“…”", text)  # a quotation of several sentences becomes one mark
    lengths = [len(s.split()) for s in sentences(marked) if "“" not in s and len(s.split()) > 1]
    return sum(lengths) / len(lengths) if lengths else 0.0


def short_verdict_share(text: str) -> float:
    """The share of narrative paragraphs holding a sentence of eight words or fewer."""
    paras = [p for p in text.split("\n\n") if p.strip() and not p.startswith(("#", "|", "---"))]
    with_verdict = [p for p in paras
                    if any(len(s.split()) <= 8 for s in sentences(SPEECH.sub("“…”", p)) if "“" not in s)]
    return len(with_verdict) / len(paras) if paras else 0.0
