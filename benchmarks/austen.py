"""How Austen-like an export's prose is, and proof that it never copies her.

    python benchmarks/austen.py [EXPORT.md ...]

With files, prints for each: its words, its Delta from Austen, the 95th percentile of the Deltas
of her own passages of that length, and every eight-word run it shares with her novels (none is
expected). With none, exports each example scene's prose in memory and prints the same, then the
median Delta over the scenes.

The corpus is her six novels as Debian's r-cran-janeaustenr carries them (public domain, Project
Gutenberg texts). They are never committed: `austen_novels()` reads a plain-text copy cached in
$VERSUS_AUSTEN_DIR or ~/.cache/versus/austen/, making it once with Rscript from the installed
package (`apt-get install r-cran-janeaustenr`).

Method: Burrows's Delta (Burrows 2002, "'Delta': a Measure of Stylistic Difference and a Guide to
Likely Authorship", Literary and Linguistic Computing 17.3). Words are runs of letters and
apostrophes, lowercased, with the curly apostrophe read as a straight one. The features are the
N (150) most frequent words of the six novels. Her text is cut into consecutive passages of the
same length as the text judged (none straddling two novels, the remainder of each dropped), and
each feature's relative frequency is taken in every passage; their mean is her centroid and their
standard deviation the unit. A text's Delta is the mean over the features of |z_text - z_centroid|,
where z = (frequency - mean) / sd; the centroid's z is 0 by construction. The passages have the
judged text's length because the spread of a word's frequency shrinks as passages grow, so a
Delta means nothing without a baseline of that length: `austen_baseline` gives the Deltas of
randomly placed passages of hers of that length (seeded), against which a benchmark can set an
export's Delta (at or under her 95th percentile: within her own range). Her passages are part of
the model that judges them, which flatters her a little; with some 700,000 words the effect is
small beside the gap between her and a pastiche.
"""

from __future__ import annotations

import functools
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent

# The package's R objects, in order of publication, with the titles the novels are known by.
NOVELS = {
    "sensesensibility": "Sense and Sensibility",
    "prideprejudice": "Pride and Prejudice",
    "mansfieldpark": "Mansfield Park",
    "emma": "Emma",
    "northangerabbey": "Northanger Abbey",
    "persuasion": "Persuasion",
}
INSTALL = "apt-get install r-cran-janeaustenr  (Debian's package of her six novels; it brings R)"

# Writes each novel's lines as UTF-8 into the folder given as the first argument.
R_EXPORT = """
dir <- commandArgs(trailingOnly = TRUE)[1]
suppressPackageStartupMessages(library(janeaustenr))
for (name in c({names})) {{
  con <- file(file.path(dir, paste0(name, ".txt")), open = "wb")
  writeLines(enc2utf8(get(name)), con, useBytes = TRUE)
  close(con)
}}
"""

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
# Chapter and volume headings are the printer's, not hers; the Northanger note is an editor's.
HEADING = re.compile(r"(?im)^[ \t]*(?:chapter|volume)[ \t]+[\w.]+[ \t]*$")
EDITOR_NOTE = "\nA NOTE ON THE TEXT\n"


class AustenUnavailable(RuntimeError):
    pass


def words(text: str) -> list[str]:
    """Lowercased words of letters and apostrophes; curly quotes become straight, other punctuation goes."""
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    return WORD.findall(text)


def cache_dir() -> Path:
    return Path(os.environ.get("VERSUS_AUSTEN_DIR") or Path.home() / ".cache" / "versus" / "austen")


def _make_cache(folder: Path) -> None:
    if folder.resolve().is_relative_to(ROOT):
        # A copy inside the work tree is one `git add` away from a commit.
        raise AustenUnavailable(f"{folder} is inside the repository; set VERSUS_AUSTEN_DIR outside it")
    rscript = shutil.which("Rscript")
    if rscript is None:
        raise AustenUnavailable(f"Austen's novels are not cached in {folder} and R is not installed: {INSTALL}")
    folder.parent.mkdir(parents=True, exist_ok=True)
    script = R_EXPORT.format(names=", ".join(f'"{n}"' for n in NOVELS))
    with tempfile.TemporaryDirectory(dir=folder.parent) as tmp:
        done = subprocess.run([rscript, "-e", script, tmp], capture_output=True, text=True)
        if done.returncode != 0:
            raise AustenUnavailable(f"Rscript could not load janeaustenr ({done.stderr.strip()[-200:]}): {INSTALL}")
        folder.mkdir(exist_ok=True)
        for name in NOVELS:  # moved in whole, so a half-written copy is never read as the cache
            os.replace(Path(tmp) / f"{name}.txt", folder / f"{name}.txt")


@functools.cache
def austen_novels() -> dict[str, str]:
    """Her six novels by title, from the cached copy, made from the Debian package when missing."""
    folder = cache_dir()
    if not all((folder / f"{name}.txt").is_file() for name in NOVELS):
        _make_cache(folder)
    novels = {}
    for name, title in NOVELS.items():
        text = (folder / f"{name}.txt").read_text(encoding="utf-8", errors="replace")
        novels[title] = HEADING.sub("", text.split(EDITOR_NOTE)[0])
    return novels


@dataclass(frozen=True)
class Model:
    """Her centroid for Delta: each feature word's mean and sd of relative frequency over passages."""

    words: tuple[str, ...]
    mean: np.ndarray
    sd: np.ndarray
    passage_words: int
    passages: int


def _ids(tokens: list[str], index: dict[str, int]) -> np.ndarray:
    # Words outside the features map to len(index), a bin that is counted and then dropped.
    other = len(index)
    return np.fromiter((index.get(t, other) for t in tokens), dtype=np.int64, count=len(tokens))


def _freqs(ids: np.ndarray, features: int) -> np.ndarray:
    return np.bincount(ids, minlength=features + 1)[:features] / len(ids)


def build_model(texts: Iterable[str], passage_words: int, n_words: int = 150) -> Model:
    """The Delta model of a corpus (one text per novel) for texts of `passage_words` words."""
    novels = [words(t) for t in texts]
    counts = Counter(w for tokens in novels for w in tokens)
    features = tuple(w for w, _ in counts.most_common(n_words))
    index = {w: i for i, w in enumerate(features)}
    rows = []
    for tokens in novels:
        ids = _ids(tokens, index)
        for start in range(0, len(ids) - passage_words + 1, passage_words):
            rows.append(_freqs(ids[start:start + passage_words], len(features)))
    if len(rows) < 2:
        raise ValueError(f"the corpus has fewer than two passages of {passage_words} words")
    table = np.array(rows)
    return Model(features, table.mean(axis=0), table.std(axis=0, ddof=1), passage_words, len(rows))


def _delta(freqs: np.ndarray, model: Model) -> float:
    # A feature that never varies across her passages has no unit; it is left out, not divided by 0.
    ok = model.sd > 0
    return float(np.mean(np.abs((freqs[ok] - model.mean[ok]) / model.sd[ok])))


def delta(text: str, corpus_model: Model) -> float:
    """Burrows's Delta of `text` from the model's centroid: mean |z| over the feature words."""
    tokens = words(text)
    if not tokens:
        raise ValueError("the text has no words")
    index = {w: i for i, w in enumerate(corpus_model.words)}
    return _delta(_freqs(_ids(tokens, index), len(index)), corpus_model)


@functools.cache
def austen_model(passage_words: int, n_words: int = 150) -> Model:
    return build_model(austen_novels().values(), passage_words, n_words)


def austen_baseline(length_words: int, samples: int = 500, seed: int = 0,
                    corpus: Mapping[str, str] | None = None) -> list[float]:
    """Deltas of `samples` passages of hers of `length_words` words, placed at random from `seed`."""
    texts = list((corpus if corpus is not None else austen_novels()).values())
    model = build_model(texts, length_words) if corpus is not None else austen_model(length_words)
    index = {w: i for i, w in enumerate(model.words)}
    novels = [_ids(words(t), index) for t in texts]
    # Each start in any novel is equally likely: a novel is drawn by its number of starts.
    starts = [max(0, len(ids) - length_words + 1) for ids in novels]
    rng = random.Random(seed)
    out = []
    for which in rng.choices(range(len(novels)), weights=starts, k=samples):
        start = rng.randrange(starts[which])
        out.append(_delta(_freqs(novels[which][start:start + length_words], len(index)), model))
    return out


def _ngram_hashes(texts: Iterable[str], n: int) -> set[int]:
    # Hashes, not tuples of strings: a tenth of the memory, and a false match needs a 64-bit collision.
    found: set[int] = set()
    for text in texts:
        tokens = words(text)
        found.update(hash(tuple(tokens[i:i + n])) for i in range(len(tokens) - n + 1))
    return found


@functools.cache
def _austen_ngrams(n: int) -> set[int]:
    return _ngram_hashes(austen_novels().values(), n)


def copied_runs(text: str, n: int = 8, corpus: Mapping[str, str] | None = None) -> list[str]:
    """Every run of n consecutive words of `text` that also occurs in her novels (or in `corpus`)."""
    theirs = _ngram_hashes(corpus.values(), n) if corpus is not None else _austen_ngrams(n)
    tokens = words(text)
    return [" ".join(tokens[i:i + n]) for i in range(len(tokens) - n + 1) if hash(tuple(tokens[i:i + n])) in theirs]


def report(name: str, text: str) -> float:
    """Prints one text's figures and returns its Delta."""
    length = len(words(text))
    d = delta(text, austen_model(length))
    hers = austen_baseline(length)
    runs = copied_runs(text)
    print(f"{name}: {length} words, Delta {d:.3f}, her 95th percentile {np.percentile(hers, 95):.3f} "
          f"(median {statistics.median(hers):.3f}), copied runs: {len(runs) or 'none'}")
    for run in runs:
        print(f"    {run}")
    return d


def main(argv: list[str]) -> int:
    try:
        austen_novels()
    except AustenUnavailable as err:
        print(err, file=sys.stderr)
        return 1
    if argv:
        for path in argv:
            report(path, Path(path).read_text(encoding="utf-8"))
        return 0
    from versus.narration import prose_markdown
    from versus.scenes.load import load_scene
    from versus.takes.playthrough import Playthrough

    deltas = []
    for path in sorted((ROOT / "scenes").glob("*.yaml")):
        if ".takes" in path.name:
            continue
        play = Playthrough(load_scene(path))
        for _ in play.play_out():
            pass
        deltas.append(report(path.stem, prose_markdown(play)))
    print(f"median Delta over {len(deltas)} scenes: {statistics.median(deltas):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
