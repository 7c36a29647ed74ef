"""A report on the narrator's prose over every example scene and a few hundred seeded games.

    python benchmarks/prose.py [--games 300] [--truth 500]

Prints repeated sentences, paragraph openings reused (and reused twice running), mean narration
sentence length, modern words, contractions in narration, paragraphs holding two speakers' lines,
and words per turn (proportion); then the false claims the truth checker finds, sentence by
sentence, over --truth seeded exports of every example scene at every pace, and over annotated
exports read back as a stranger would (versus/narration/truth.py).
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter
from pathlib import Path

from versus.export.markdown import render
from versus.narration import checks, compose, truth
from versus.narration.checks import Phrases
from versus.narration.pipeline import PACES
from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--truth", type=int, default=500, help="seeded exports per scene and pace for the checker")
    args = parser.parse_args()
    scenes = [load_scene(p) for p in sorted((ROOT / "scenes").glob("*.yaml")) if ".takes." not in p.name]
    totals: Counter[str] = Counter()
    modern: Counter[str] = Counter()
    lengths: list[float] = []
    verdicts: list[float] = []
    per_turn: list[tuple[int, int]] = []
    examples: list[str] = []
    start = time.perf_counter()
    for g in range(args.games):
        scene = scenes[g % len(scenes)]
        pace = "full" if g % 10 == 9 else "brisk"
        play = Playthrough(scene, seed=None if g < len(scenes) else g)
        for _ in play.play_out():
            pass
        paragraphs = compose(play, pace).paragraphs
        text = "\n\n".join(p.text for p in paragraphs)
        repeats = checks.repeated(text)
        openings = checks.paragraph_openings(text)
        running = sum(1 for a, b in itertools.pairwise(openings) if a == b)
        totals["exports"] += 1
        totals["sentences"] += len(checks.sentences(text))
        totals["repeated sentences"] += len(repeats)
        totals["paragraphs"] += len(openings)
        totals["openings reused"] += len(openings) - len(set(openings))
        totals["openings reused twice running"] += running
        totals["contractions in narration"] += len(checks.contractions(text))
        totals["speech paragraphs holding two speakers"] += len(checks.mixed_speakers(checks.spoken_lines(
            text, [(q.id, [q.name, q.called]) for q in (*scene.players, *scene.company)],
            {q.id: q.pronoun for q in (*scene.players, *scene.company)})))
        modern.update(checks.modern_words(text))
        lengths.append(checks.mean_sentence_words(text))
        verdicts.append(checks.short_verdict_share(text))
        if pace == "brisk":
            per_turn.append((play.game.state.turn, len(text.split())))
        examples.extend(repeats[:1])
    seconds = time.perf_counter() - start
    print(f"{totals['exports']} exports of {len(scenes)} scenes in {seconds:.1f} s")
    for key in ("sentences", "repeated sentences", "paragraphs", "openings reused", "openings reused twice running",
                "contractions in narration", "speech paragraphs holding two speakers"):
        print(f"  {key:32} {totals[key]}")
    print(f"  {'mean narration sentence length':32} {sum(lengths) / len(lengths):.1f} words")
    print(f"  {'paragraphs with a short verdict':32} {100 * sum(verdicts) / len(verdicts):.0f}%")
    print(f"  {'modern words found':32} {dict(modern) or 'none'}")
    for low, high in ((0, 60), (60, 150), (150, 10**6)):
        band = [(t, w) for t, w in per_turn if low <= t < high]
        if band:
            turns = sum(t for t, _ in band) / len(band)
            words = sum(w for _, w in band) / len(band)
            print(f"  brisk games of {low}-{high if high < 10**6 else '…'} turns: {len(band)}, "
                  f"mean {turns:.0f} turns, {words:.0f} words, {words / turns:.1f} words a turn")
    for sentence in examples[:5]:
        print(f"  repeated, e.g.: {sentence[:100]}")
    elsewhere = [load_scene(p) for p in sorted((ROOT / "tests" / "elsewhere").glob("*.yaml"))]
    conversation(scenes + elsewhere)
    austen_likeness(scenes + elsewhere)
    length(scenes + elsewhere)
    phrases(scenes + elsewhere)
    manuscript(scenes)
    false_claims(scenes, args.truth)


def played(scene, seed=None) -> Playthrough:
    play = Playthrough(scene, seed=seed)
    for _ in play.play_out():
        pass
    return play


def length(scenes, seeds: int = 3) -> None:
    """Words produced against words asked: each pace, and budgets of 150, 600 and 1,200 words."""
    print(f"length: {seeds} seeds of each scene (words of the prose body)")
    for pace in PACES:
        counts = [compose(played(s, seed), pace).words for s in scenes for seed in range(seeds)]
        print(f"  {pace:8} min {min(counts)}, median {sorted(counts)[len(counts) // 2]}, max {max(counts)}")
    for asked in (150, 300, 600, 1200, 2000):
        made = [compose(played(s, seed), "brisk", asked) for s in scenes for seed in range(seeds)]
        off = [abs(c.words - asked) / asked for c in made]
        asides = sum(1 for c in made if any("asides alone" in w for w in c.warnings))
        short = sum(1 for c in made if any("every turn told" in w for w in c.warnings))
        fewest = sum(1 for c in made if any("the fewest" in w for w in c.warnings))
        print(f"  --words {asked:5}: median {sorted(c.words for c in made)[len(made) // 2]}, worst {max(off):.0%} off,"
              f" within 15% in {sum(o <= 0.15 for o in off)}/{len(off)}"
              f" (told why otherwise: asides alone longer {asides}, the fewest words the game and its asides"
              f" allow {fewest}, game too short {short})")


def phrases(scenes, seeds: int = 5) -> None:
    """Four-word phrases (names and places aside) that come round more than three times in a brisk export."""
    over: Counter[str] = Counter()
    worst = 0
    for scene in scenes:
        for seed in range(seeds):
            play = played(scene, seed)
            text = "\n\n".join(p.text for p in compose(play).paragraphs)
            counts = Counter(" ".join(g) for g in Phrases(checks.scene_names(scene, play.board)).grams(text))
            worst = max(worst, max(counts.values(), default=0))
            over.update({g: n for g, n in counts.items() if n > 3})
    print(f"phrases: brisk, {seeds} seeds of {len(scenes)} scenes; the most any four-word phrase comes round"
          f" in one export: {worst}; phrases over three: {len(over)} {over.most_common(5) or ''}")


def manuscript(scenes) -> None:
    """Sentences of six words or more shared by the example scenes' exports, in one manuscript folder
    (with its memory) and each exported alone (without)."""
    import os
    import shutil
    import tempfile

    from versus.export.markdown import export_play

    with tempfile.TemporaryDirectory() as folder:
        together, alone = {}, {}
        here = os.getcwd()
        os.chdir(folder)  # the working folder's manuscript_exports/ keeps the manuscript's memory
        for scene in scenes:
            play = played(scene)
            path = export_play(play, "bench").path
            together[scene.name] = path.read_text(encoding="utf-8")
            path = export_play(play, "bench", Path(folder) / scene.name / f"{scene.name}.md").path
            alone[scene.name] = path.read_text(encoding="utf-8")
        os.chdir(here)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"manuscript: sentences of six words or more shared among the {len(scenes)} example exports:"
          f" {len(checks.shared_sentences(together))} in one folder, {len(checks.shared_sentences(alone))}"
          f" exported apart")


def austen_likeness(scenes) -> None:
    """Burrows's Delta of each brisk export from Austen's six novels against her own passages of the same
    length (benchmarks/austen.py), and any eight-word run taken from her. Needs r-cran-janeaustenr."""
    import statistics
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import austen

        austen.austen_novels()
    except Exception as error:  # the corpus is the developer's to install, never the project's to ship
        print(f"austen: not measured ({error})")
        return
    deltas, limits, copied = [], [], []
    for scene in scenes:
        text = "\n\n".join(p.text for p in compose(played(scene)).paragraphs)
        length = len(austen.words(text))
        deltas.append(austen.delta(text, austen.austen_model(length)))
        limits.append(statistics.quantiles(austen.austen_baseline(length, 300), n=20)[-1])
        copied.extend(austen.copied_runs(text))
    print(f"austen: median Delta {statistics.median(deltas):.3f} (each: {', '.join(f'{d:.2f}' for d in deltas)});"
          f" her 95th percentile at the same lengths, median {statistics.median(limits):.3f};"
          f" eight-word runs taken from her: {len(copied)} {copied[:3] or ''}")


def conversation(scenes, seeds: int = 10) -> None:
    """Speech and manners in brisk exports: the share of words spoken, the share of speaking paragraphs
    where two people speak, address faults (manners.faults), and 'replied' with nothing to reply to."""
    from versus.narration.manners import faults

    print(f"conversation: brisk, {seeds} seeds of each scene")
    for scene in scenes:
        shares, speaking, exchanges, wrong, unanswered, ladyship = [], 0, 0, [], 0, 0
        for seed in range(seeds):
            play = Playthrough(scene, seed=seed)
            for _ in play.play_out():
                pass
            text = "\n\n".join(p.text for p in compose(play).paragraphs)  # brisk, as it is exported
            everyone = (*scene.players, *scene.company)
            lines = checks.spoken_lines(text, [(p.id, [p.name, p.called]) for p in everyone],
                                        {p.id: p.pronoun for p in everyone})
            shares.append(checks.speech_share(text))
            paras, two = checks.exchanges(lines)
            speaking, exchanges = speaking + paras, exchanges + two
            wrong.extend(faults(scene, [(who, line) for _, who, _, line in lines]))
            unanswered += checks.unanswered(lines)
            ladyship += "your Ladyship" in text
        print(f"  {scene.name:22} speech {100 * sum(shares) / len(shares):4.0f}% of words;"
              f" exchanges in {exchanges}/{speaking} speaking paragraphs ({100 * exchanges / max(1, speaking):.0f}%);"
              f" address faults {len(wrong)}; unanswered replies {unanswered}; 'your Ladyship' in {ladyship}/{seeds}")
        for fault in sorted(set(wrong))[:3]:
            print(f"      e.g. {fault}")


def false_claims(scenes, seeds: int) -> None:
    """The truth checker over seeded exports: every sentence against its actions, and annotated exports
    read back from their front matter alone (the first twenty seeds of each scene and pace)."""
    start = time.perf_counter()
    found: Counter[str] = Counter()
    annotated: Counter[str] = Counter()
    examples: list[str] = []
    exports = 0
    for scene in scenes:
        for pace in PACES:
            for seed in range(seeds):
                play = Playthrough(scene, seed=seed)
                for _ in play.play_out():
                    pass
                units = [u for para in compose(play, pace).paragraphs for u in para.units]
                wrong = truth.falsehoods(truth.Replay(scene, play.spins()), units)
                if seed < 20:
                    annotated.update(f.claim.split(" '")[0]
                                     for f in truth.audit_export(render(play, "bench", pace, annotate=True), scene))
                found.update(f.claim.split(" '")[0] for f in wrong)
                examples.extend(f"{scene.name}/{pace}/{seed}: {f}"[:200] for f in wrong[:1])
                exports += 1
    seconds = time.perf_counter() - start
    print(f"truth: {exports} exports ({seeds} seeds x {len(scenes)} scenes x {len(PACES)} paces) in {seconds:.0f} s")
    print(f"  {'false claims, sentence by sentence':40} {sum(found.values())}  {dict(found) or ''}")
    print(f"  {'false claims, annotated exports read back':40} {sum(annotated.values())}  {dict(annotated) or ''}")
    for line in examples[:8]:
        print(f"  e.g. {line}")


if __name__ == "__main__":
    main()
