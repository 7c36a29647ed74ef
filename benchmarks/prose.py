"""A report on the narrator's prose over every example scene and a few hundred seeded games.

    python benchmarks/prose.py [--games 300] [--truth 500]

Prints repeated sentences, paragraph openings reused (and reused twice running), mean narration
sentence length, modern words, contractions in narration, salient events missing from the prose,
and words per turn (proportion); then the false claims the truth checker finds, sentence by
sentence, over --truth seeded exports of every example scene at every pace, and over annotated
exports read back as a stranger would (versus/narration/truth.py).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from versus.export import render
from versus.narration import checks, truth
from versus.narration.narrator import PACES, Narrator
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
        narrator = Narrator(play, pace)
        text = "\n\n".join(narrator.paragraphs())
        repeats = checks.repeated(text)
        openings = checks.paragraph_openings(text)
        running = sum(1 for a, b in zip(openings, openings[1:]) if a == b)
        totals["exports"] += 1
        totals["sentences"] += len(checks.sentences(text))
        totals["repeated sentences"] += len(repeats)
        totals["paragraphs"] += len(openings)
        totals["openings reused"] += len(openings) - len(set(openings))
        totals["openings reused twice running"] += running
        totals["contractions in narration"] += len(checks.contractions(text))
        totals["salient events missing"] += len(narrator.missing())
        modern.update(checks.modern_words(text))
        lengths.append(checks.mean_sentence_words(text))
        verdicts.append(checks.short_verdict_share(text))
        if pace == "brisk":
            per_turn.append((play.game.state.turn, len(text.split())))
        examples.extend(repeats[:1])
    seconds = time.perf_counter() - start
    print(f"{totals['exports']} exports of {len(scenes)} scenes in {seconds:.1f} s")
    for key in ("sentences", "repeated sentences", "paragraphs", "openings reused", "openings reused twice running",
                "contractions in narration", "salient events missing"):
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
    conversation(scenes + [load_scene(p) for p in sorted((ROOT / "tests" / "elsewhere").glob("*.yaml"))])
    false_claims(scenes, args.truth)


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
            text = "\n\n".join(Narrator(play, "brisk").paragraphs())
            lines = checks.spoken_lines(text, [(p.id, [p.name, p.called]) for p in (*scene.players, *scene.company)])
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
                units = [u for para in Narrator(play, pace).told() for u in para.units]
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
