"""Document planning: how much of the game to tell, so that the prose runs to the length the author asks.

The narrator tells the most salient moments one by one and gathers the rest into summary; here the
number of moments told is chosen so that the body comes within 15% of a word budget. Brisk, the
default, has a budget of its own that grows with the game but stays between 450 and 1,400 words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from versus.narration import moments
from versus.narration.narrator import Narrator, Paragraph

if TYPE_CHECKING:
    from versus.takes.playthrough import Playthrough

TOLERANCE = 0.15
DIGEST_MOST = 700  # up to this a digest (a summary with more results) may serve; beyond it, brisk


@dataclass(frozen=True, slots=True)
class Composition:
    """The prose planned for a budget, and what the author should be told about it."""

    paragraphs: tuple[Paragraph, ...]
    words: int
    asked: int | None
    warnings: tuple[str, ...] = ()


def brisk_words(turns: int) -> int:
    """Brisk's own budget: a chapter's worth, more for a longer game, never past 1,400 words."""
    return max(450, min(1400, 330 + 5 * turns))


def body_words(paragraphs: list[Paragraph] | tuple[Paragraph, ...]) -> int:
    return sum(len(p.text.split()) for p in paragraphs)


def compose(play: "Playthrough", pace: str = "brisk", words: int | None = None) -> Composition:
    """The prose at a pace, or within 15% of words (a budget for the body, headings not counted)."""
    if words is None and pace in ("summary", "full"):
        paragraphs = tuple(Narrator(play, pace).told())
        return Composition(paragraphs, body_words(paragraphs), None)
    target = words if words is not None else brisk_words(play.game.state.turn)
    best = closest(target, candidates(play, target) if words is not None else search(play, target))
    return Composition(best, body_words(best), words, warnings(play, target, best if words else ()))


def candidates(play: "Playthrough", target: int) -> list[tuple[Paragraph, ...]]:
    """The drafts worth trying for a target: summaries for a short one, else brisk with more or fewer moments."""
    drafts: list[tuple[Paragraph, ...]] = []
    if target <= DIGEST_MOST:
        drafts.extend(tuple(Narrator(play, "summary", limit=k, lean=lean).told())
                      for k in range(13) for lean in (True, False))
        if any(abs(body_words(d) - target) <= TOLERANCE * target for d in drafts):
            return drafts
    drafts.extend(search(play, target))
    return drafts


def search(play: "Playthrough", target: int) -> list[tuple[Paragraph, ...]]:
    """Bisect the number of moments told (the prose grows with it, if not smoothly) towards target; when
    even the fewest run long, the lean drafts (no verdicts, one tally a stretch) are searched too."""
    made: dict[tuple[bool, int], tuple[Paragraph, ...]] = {}

    def draft(lean: bool, k: int) -> tuple[Paragraph, ...]:
        if (lean, k) not in made:
            made[lean, k] = tuple(Narrator(play, "brisk", limit=k, lean=lean).told())
        return made[lean, k]

    top = most(play)
    if body_words(draft(False, top)) < target * (1 - TOLERANCE):
        return [draft(False, top), tuple(Narrator(play, "full").told())]
    lean = body_words(draft(False, 0)) > target * (1 + TOLERANCE)
    low, high = 0, top
    while high - low > 1:
        middle = (low + high) // 2
        if body_words(draft(lean, middle)) < target:
            low = middle
        else:
            high = middle
    for k in (low, high, low - 1, high + 1):  # the neighbours too, since the growth is not smooth
        if 0 <= k <= top:
            draft(lean, k)
    return list(made.values())


def most(play: "Playthrough") -> int:
    """How many moments a budget may choose among (the finish and the asides are always told)."""
    states, firings = play.game.states, play.firings_by_action()
    return moments.candidates([moments.score(i, p.action, play.board, states[i], states[i + 1], i in firings)
                               for i, p in enumerate(play.played)])


def closest(target: int, drafts: Iterable[tuple[Paragraph, ...]]) -> tuple[Paragraph, ...]:
    return min(drafts, key=lambda d: (abs(body_words(d) - target), -len(d)))


def warnings(play: "Playthrough", target: int, chosen: tuple[Paragraph, ...]) -> tuple[str, ...]:
    """A word to the author when the budget cannot be kept: the asides alone are longer than it."""
    if not chosen:
        return ()
    asides = sum(len(u.text.split()) for p in chosen for u in p.units if u.author)
    if asides > target:
        return (f"your asides alone run to {asides} words, more than the {target} asked; every one is kept",)
    words = body_words(chosen)
    if words < target * (1 - TOLERANCE):
        return (f"with every turn told the prose runs to {words} words, short of the {target} asked",)
    if words > target * (1 + TOLERANCE):
        return (f"the prose runs to {words} words, the fewest this game can be told in; {target} were asked",)
    return ()
