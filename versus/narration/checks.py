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


VERB = r"(said|replied|observed|returned|added|cried|answered)"


def spoken_lines(text: str, people: list[tuple[str, list[str]]],
                 pronouns: dict[str, str] | None = None) -> list[tuple[int, str, str, str]]:
    """(paragraph index, speaker id, verb, line) for each attributed speech; people are (id, names).

    With pronouns (id: he/she), "said she" is read as the last woman named before it in the paragraph.
    """
    names = sorted(((n, pid) for pid, ns in people for n in ns if n), key=lambda x: -len(x[0]))
    who = "|".join(re.escape(n) for n, _ in names) + ("|he|she" if pronouns else "")
    pattern = re.compile(rf"“([^”]*)”\s+{VERB}\s+({who})\b")
    lookup = dict(names)
    out = []
    for k, para in enumerate(p for p in text.split("\n\n") if p.strip() and not p.startswith(("#", "<!--"))):
        for m in pattern.finditer(para):
            speaker = lookup.get(m.group(3)) or _last_named(para[:m.start()], names, pronouns or {}, m.group(3))
            if speaker:
                out.append((k, speaker, m.group(2), m.group(1)))
    return out


def _last_named(before: str, names: list[tuple[str, str]], pronouns: dict[str, str], pronoun: str) -> str | None:
    """Who 'he' or 'she' is: of that sex, the one named last before it."""
    best, where = None, -1
    for name, pid in names:
        at = before.rfind(name)
        if pronouns.get(pid) == pronoun and at > where:
            best, where = pid, at
    return best


def speech_share(text: str) -> float:
    """The share of the prose's words that are spoken."""
    body = [p for p in text.split("\n\n") if p.strip() and not p.startswith(("#", "|", "---", "<!--"))]
    words = sum(len(p.split()) for p in body)
    spoken = sum(len(q.split()) for p in body for q in SPEECH.findall(p))
    return spoken / words if words else 0.0


def exchanges(lines: list[tuple[int, str, str, str]]) -> tuple[int, int]:
    """(paragraphs with speech, paragraphs where two people speak)."""
    by_para: dict[int, set[str]] = {}
    for k, speaker, _, _ in lines:
        by_para.setdefault(k, set()).add(speaker)
    return len(by_para), sum(1 for s in by_para.values() if len(s) >= 2)


def unanswered(lines: list[tuple[int, str, str, str]]) -> int:
    """'Replied', 'returned' or 'answered' with nothing said by another before it in its paragraph."""
    count, before = 0, {}
    for k, speaker, verb, _ in lines:
        if verb in ("replied", "returned", "answered") and not (before.get(k, set()) - {speaker}):
            count += 1
        before.setdefault(k, set()).add(speaker)
    return count


def repeated_phrases(text: str, names: set[str], most: int = 3) -> list[tuple[str, int]]:
    """Four-word phrases (names and places aside) said more than most times, with their counts."""
    from versus.narration.phrasebook import Phrases

    counts = Counter(Phrases(names).grams(text))
    return sorted(((" ".join(g), n) for g, n in counts.items() if n > most), key=lambda x: -x[1])


def scene_names(scene, board) -> set[str]:
    """The words of people's names and the board's spaces, which phrase counts leave aside."""
    words = {w for p in (*scene.players, *scene.company) for w in (p.name + " " + p.called).split()}
    words |= {w for s in board.spaces for w in s.name.split() if w.lower() not in ("the", "a", "of")}
    return words | {"Mr", "Mrs", "Miss", "Lady", "Sir", "space"}


def shared_sentences(texts: dict[str, str], min_words: int = 6) -> list[tuple[str, str, str]]:
    """Sentences of min_words or more that two texts share: (first, second, sentence)."""
    seen: dict[str, str] = {}
    out = []
    for name, text in texts.items():
        body = text.split("\n---\n", 1)[-1]
        for sentence in set(sentences(body)):
            if len(sentence.split()) < min_words:
                continue
            if sentence in seen and seen[sentence] != name:
                out.append((seen[sentence], name, sentence))
            seen.setdefault(sentence, name)
    return out
