"""benchmarks/austen.py's measures on made-up corpora: no test reads her novels or needs R."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "austen.py"
spec = importlib.util.spec_from_file_location("benchmarks_austen", PATH)
assert spec and spec.loader
austen = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = austen  # dataclasses look their module up by name
spec.loader.exec_module(austen)

VOCAB = [f"w{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(200)]
OTHER = [f"z{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(200)]


@pytest.fixture(autouse=True)
def no_real_novels(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every measure must take the injected corpus; reaching for hers is a failure, not a slow pass.
    def refuse() -> dict[str, str]:
        raise AssertionError("a test reached for Austen's novels")

    monkeypatch.setattr(austen, "austen_novels", refuse)


def zipf_text(rng: random.Random, vocab: list[str], n: int) -> str:
    weights = [1 / (rank + 1) for rank in range(len(vocab))]
    return " ".join(rng.choices(vocab, weights=weights, k=n))


def corpus(seed: int = 1) -> dict[str, str]:
    rng = random.Random(seed)
    return {f"novel {i}": zipf_text(rng, VOCAB, 20_000) for i in range(3)}


def test_delta_is_smaller_for_a_text_like_the_corpus_than_for_a_shuffled_vocabulary() -> None:
    books = corpus()
    model = austen.build_model(books.values(), passage_words=1000, n_words=50)
    like = zipf_text(random.Random(7), VOCAB, 1000)
    swap = VOCAB[:]
    random.Random(3).shuffle(swap)
    shuffled = " ".join(dict(zip(VOCAB, swap, strict=False))[w] for w in like.split())
    assert austen.delta(like, model) < 1.2 < austen.delta(shuffled, model)


def test_baseline_is_seeded_and_of_the_asked_size() -> None:
    books = corpus()
    first = austen.austen_baseline(500, samples=40, seed=5, corpus=books)
    assert len(first) == 40 and first == austen.austen_baseline(500, samples=40, seed=5, corpus=books)
    assert first != austen.austen_baseline(500, samples=40, seed=6, corpus=books)


def test_copied_runs_finds_the_planted_run_and_nothing_else() -> None:
    books = corpus()
    source = books["novel 1"].split()
    planted = source[5000:5008]
    rng = random.Random(11)
    # Her words with curly quotes, capitals and punctuation must still match; seven words must not.
    dressed = "\u201c" + planted[0].upper() + ", " + " ".join(planted[1:6]) + " \u2018" + planted[6] + "\u2019 " + planted[7] + "!\u201d"
    text = " ".join([zipf_text(rng, OTHER, 300), dressed, zipf_text(rng, OTHER, 300), " ".join(source[100:107])])
    assert austen.copied_runs(text, corpus=books) == [" ".join(planted)]
