"""Checks on exported prose, shared by the prose report and the tests: sentences, repeats, modern words."""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Iterable

from versus.narration.company import Company

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
    out: list[str] = []
    for para in text.split("\n\n"):
        para = para.strip()
        if para and not para.startswith(("#", "|", "---", "*The ledger")):
            out.extend(s.strip() for s in SENTENCE_END.split(para) if s.strip())
    return out


def repeated(text: str) -> list[str]:
    counts = Counter(s for s in sentences(text) if len(s.split()) > 3)
    return [s for s, n in counts.items() if n > 1]


PERIOD_IN_SPEECH = ("fun",)  # Lydia's "such fun" is the period's own, in speech; not the narrator's


def modern_words(text: str) -> list[str]:
    lowered, told = text.lower(), narration_only(text).lower()
    return [w for w in MODERN if re.search(rf"\b{re.escape(w)}\b", told if w in PERIOD_IN_SPEECH else lowered)]


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


VERB = r"(said|replied|observed|returned|added|cried|answered|remarked)"


def _paragraphs(text: str) -> list[str]:
    return [p for p in text.split("\n\n") if p.strip() and not p.startswith(("#", "<!--", "|", "---"))]


def spoken_lines(text: str, people: list[tuple[str, list[str]]],
                 pronouns: dict[str, str] | None = None) -> list[tuple[int, str, str, str]]:
    """(paragraph index, speaker id, verb, line) for each speech, as a reader finds its speaker: a tag
    by name; "said she" as the one of that sex who spoke last in this run of talk (or was named last
    before it); an untagged line as the one who spoke two lines before, where two alternate."""
    names = sorted({(n, pid) for pid, ns in people for n in ns if n}, key=lambda x: (-len(x[0]), x))
    who = "|".join(re.escape(n) for n, _ in names) + ("|he|she" if pronouns else "")
    tagged = re.compile(rf"“([^”]*)”\s+{VERB}\s+({who})\b")
    lookup = dict(names)
    out: list[tuple[int, str, str, str]] = []
    run: list[str] = []  # speakers since the last paragraph of narration
    heard = ""  # the words of the speech before, which may name the one who answers it ("said he")
    clause = ""  # the narration in the tag before ("cried Mr. Bingley, when Elizabeth came to …")
    for k, para in enumerate(_paragraphs(text)):
        speeches = SPEECH.findall(para)
        if not speeches or not para.startswith("“"):
            run, heard, clause = [], "", ""  # narration before the speech: "said she" is the one it has just named
        if not speeches:
            continue
        tags = list(tagged.finditer(para))
        for m in tags:
            name = m.group(3)
            speaker = lookup.get(name) or _last_named(clause, names, pronouns or {}, name) \
                or next((s for s in reversed(run) if (pronouns or {}).get(s) == name), None) \
                or _last_named(para[:m.start()], names, pronouns or {}, name) \
                or _last_named(heard, names, pronouns or {}, name)
            if speaker:
                out.append((k, speaker, m.group(2), m.group(1)))
                run.append(speaker)
        untagged = not tags and para.startswith("“")
        if untagged and len(run) >= 2 and run[-1] != run[-2]:
            out.append((k, run[-2], "", speeches[0].strip("“”")))  # strict alternation of two
            run.append(run[-2])
        elif untagged and len(run) == 1 and (answerer := _named_aloud(heard, names, run[-1])):
            out.append((k, answerer, "", speeches[0].strip("“”")))  # the one the line before named aloud
            run.append(answerer)
        heard = " ".join(speeches)
        # a tag that tells a moment names its people after the speaker's, and "said she" next means the
        # last of them ("… cried Mr. Bingley, when Elizabeth came to the Sabbath Breaker.” “…,” said she)
        after = SPEECH.sub(" ", para[tags[-1].end():]) if tags else ""
        clause = after if after.lstrip().startswith(",") else ""
    return out


def reader_names(company: Company) -> list[tuple[str, list[str]]]:
    """Each person with every name a reader knows them by: in full, as the narration calls them, and as the
    table calls them aloud ("Lizzy", "Miss Eliza")."""
    aloud = company.aloud
    return [(pid, [p.name, p.called, p.short, p.short[:1].upper() + p.short[1:],
                   *(form for form, who in aloud.items() if who == pid)])
            for pid, p in company.people.items()]


def _named_aloud(speech: str, names: list[tuple[str, str]], speaker: str) -> str:
    """The one person (other than its speaker) a speech names, as a reader takes the one addressed; ''
    where it names nobody or more than one."""
    named = {pid for name, pid in names if pid != speaker and re.search(rf"\b{re.escape(name)}\b", speech)}
    return next(iter(named)) if len(named) == 1 else ""


def _last_named(before: str, names: list[tuple[str, str]], pronouns: dict[str, str], pronoun: str) -> str | None:
    """Who 'he' or 'she' is: of that sex, the one named last before it; nobody a reader can know where
    the sentence just before names two of that sex ("Mrs. Bennet declared that Charlotte had played
    well. “Well,” said she": the subject or the last named?)."""
    last = re.split(r"(?<!\bMr\.)(?<!\bMrs\.)(?<=[.!?])\s+(?=[A-Z“])", before.strip())[-1] if before.strip() else ""
    if len({pid for name, pid in names if pronouns.get(pid) == pronoun and name in last}) > 1:
        return None
    best, where = None, -1
    for name, pid in names:
        at = before.rfind(name)
        if pronouns.get(pid) == pronoun and at > where:
            best, where = pid, at
    return best


def speech_share(text: str) -> float:
    """The share of the prose's words that are spoken."""
    body = _paragraphs(text)
    words = sum(len(p.split()) for p in body)
    spoken = sum(len(q.split()) for p in body for q in SPEECH.findall(p))
    return spoken / words if words else 0.0


def unknown_speakers(text: str, lines: list[tuple[int, str, str, str]]) -> list[str]:
    """Paragraphs of speech whose speaker a reader cannot know."""
    known = {k for k, *_ in lines}
    return [p[:80] for k, p in enumerate(_paragraphs(text)) if SPEECH.search(p) and k not in known]


def mixed_speakers(lines: list[tuple[int, str, str, str]]) -> list[int]:
    """Paragraphs that hold two people's lines (a novel gives each speaker a new paragraph)."""
    by_para: dict[int, set[str]] = {}
    for k, speaker, _, _ in lines:
        by_para.setdefault(k, set()).add(speaker)
    return sorted(k for k, who in by_para.items() if len(who) > 1)


def exchanges(lines: list[tuple[int, str, str, str]]) -> tuple[int, int]:
    """(paragraphs with speech, paragraphs of speech that answer another person's just before)."""
    paras: dict[int, str] = {}
    for k, speaker, _, _ in lines:
        paras.setdefault(k, speaker)
    answered = sum(1 for k, who in paras.items() if k - 1 in paras and paras[k - 1] != who)
    return len(paras), answered


def unanswered(lines: list[tuple[int, str, str, str]]) -> int:
    """'Replied', 'returned' or 'answered' where the speech just before was not another person's."""
    first: dict[int, str] = {}
    for k, speaker, _, _ in lines:
        first.setdefault(k, speaker)
    return sum(1 for k, speaker, verb, _ in lines
               if verb in ("replied", "returned", "answered") and first.get(k - 1, speaker) == speaker)


def repeated_phrases(text: str, names: set[str], most: int = 3) -> list[tuple[str, int]]:
    """Four-word phrases (names and places aside) said more than most times, with their counts."""
    counts = _grams(text, frozenset(n.lower() for n in names))
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


WORD = re.compile(r"[A-Za-z’']+")


# Two words a reader notices the second time: how often each may come in one export.
TICS: dict[tuple[str, ...], int] = {("very", "nearly"): 1, ("good", "deal"): 2, ("great", "deal"): 2,
                                    ("perfect", "composure"): 1, ("generally", "are"): 1, ("air", "of"): 1,
                                    ("colour",): 1, ("la",): 2, ("owing",): 1, ("acquaintance",): 1,
                                    ("compliment",): 1, ("back", "to", "the", "place"): 1, ("severe",): 1,
                                    ("give", "it"): 1, ("in", "plain"): 1}
# words counted as one tic however they are worded: a blush once an export, and Lydia's "La!" or "Lord!" twice
# in all (readers found her "leaning on La! and Lord!"); and
# words a reader remembers from one sentence to the next ("a compliment long owing", then "no more than was
# owing"; "an acquaintance whose character…", then "an old acquaintance"), once an export; and "sent back to the
# place she had come from", which readers quoted as the formula of every turning-out; and "severe", which came
# three times in one conversation ("You are very severe, sir", "do not be severe", "You are severe"); and "had
# to give it up" (three turnings-out in one export) and "the Mansion in plain view", which readers quoted as stock
GESTURES = {"colour": "colour", "coloured": "colour", "colouring": "colour", "la": "la", "lord": "la", "owing": "owing",
            "owed": "owing", "acquaintance": "acquaintance", "compliment": "compliment", "compliments": "compliment",
            "severe": "severe"}


class Phrases:
    """Counts the four-word phrases said so far, names and places aside, so none comes round a fourth time."""

    MOST = 3

    def __init__(self, names: Iterable[str]) -> None:
        self.names = frozenset(n.lower() for n in names)
        self.counts: Counter[tuple[str, ...]] = Counter()

    def would_exceed(self, text: str) -> bool:
        counts = self.counts
        return any(counts.get(g, 0) > room for g, room in _room(text, self.names))

    def add(self, text: str) -> None:
        self.counts.update(_grams(text, self.names))

    def grams(self, text: str) -> Counter[tuple[str, ...]]:
        """A text's four-word phrases (names aside) and tics, counted: what add would count."""
        return Counter(_grams(text, self.names))


@functools.lru_cache(maxsize=1 << 16)
def _room(text: str, names: frozenset[str]) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Each of a text's phrases and tics, with how many times it may have come before the text would take
    it past its allowance (asked of every rule that might be said next: worked out once a text)."""
    return tuple((g, TICS.get(g, Phrases.MOST) - n) for g, n in _grams(text, names).items())


@functools.lru_cache(maxsize=1 << 16)
def _grams(text: str, names: frozenset[str]) -> Counter[tuple[str, ...]]:
    """A text's four-word phrases without a name in them, and its tics, counted (each rule's text is
    weighed against the export many times a telling: read once). Callers must not change the result."""
    words = [w.lower() for w in WORD.findall(text)]
    fours = [g for g in zip(words, words[1:], words[2:], words[3:], strict=False) if not names.intersection(g)]
    grams: list[tuple[str, ...]] = [*fours, *(g for g in itertools.pairwise(words) if g in TICS)]
    return Counter(grams + [(GESTURES[w],) for w in words if w in GESTURES])
