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
from versus.narration.phrasebook import load_author

if TYPE_CHECKING:
    from versus.takes.playthrough import Playthrough

TOLERANCE = 0.15
DIGEST_MOST = 700  # up to this a digest (a summary with more results) may serve; beyond it, brisk
WORDS_A_MOMENT = 40  # roughly what a moment told one by one adds to the prose, to start the search


@dataclass(frozen=True, slots=True)
class Draft:
    """One way of telling the game, and the phrasings it used."""

    paragraphs: tuple[Paragraph, ...]
    phrasings: tuple[str, ...]

    @property
    def words(self) -> int:
        return sum(len(p.text.split()) for p in self.paragraphs)


@dataclass(frozen=True, slots=True)
class Composition:
    """The prose planned for a budget, the phrasings it used, and what the author should be told."""

    paragraphs: tuple[Paragraph, ...]
    words: int
    asked: int | None
    phrasings: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def brisk_words(turns: int) -> int:
    """Brisk's own budget: a chapter's worth, more for a longer game, never past 1,400 words."""
    return max(450, min(1400, 330 + 5 * turns))


class Drafter:
    """Makes drafts of one game, each once, all drawing around the same phrasings."""

    def __init__(self, play: "Playthrough", avoid: frozenset[str]) -> None:
        self.play, self.avoid = play, avoid
        self.author = load_author(play.scene.phrasebook)  # one read of the author's phrasebook for every draft
        self.made: dict[tuple[str, int | None, bool], Draft] = {}  # (pace, limit, lean) -> draft

    def __call__(self, pace: str, limit: int | None = None, lean: bool = False) -> Draft:
        if (pace, limit, lean) not in self.made:
            narrator = Narrator(self.play, pace, limit=limit, lean=lean, avoid=self.avoid,
                                asides=limit is not None, author=self.author)  # a budget's digest keeps asides
            paragraphs = tuple(narrator.told())
            self.made[pace, limit, lean] = Draft(paragraphs, tuple(narrator.book.chosen))
        return self.made[pace, limit, lean]


def compose(play: "Playthrough", pace: str = "brisk", words: int | None = None,
            avoid: frozenset[str] = frozenset()) -> Composition:
    """The prose at a pace, or within 15% of words (a budget for the body, headings not counted);
    avoid names phrasings other exports of the same manuscript used, to be drawn around."""
    draft = Drafter(play, avoid)
    if words is None and pace in ("summary", "full"):
        best = draft(pace)
        return Composition(best.paragraphs, best.words, None, best.phrasings)
    target = words if words is not None else brisk_words(play.game.state.turn)
    tried = candidates(draft, target) if words is not None else search(draft, target)
    best = min(tried, key=lambda d: (abs(d.words - target), -len(d.paragraphs)))
    notes = warnings(target, best) if words is not None else ()
    return Composition(best.paragraphs, best.words, words, best.phrasings, notes)


def candidates(draft: Drafter, target: int) -> list[Draft]:
    """The drafts worth trying: digests (a summary's shape, more or fewer results) for a short budget,
    else brisk with more or fewer moments."""
    digests = [draft("summary", k, lean) for k in range(13) for lean in (True, False)] if target <= DIGEST_MOST \
        else []
    if any(abs(d.words - target) <= TOLERANCE * target for d in digests):
        return digests
    return digests + search(draft, target)


def search(draft: Drafter, target: int) -> list[Draft]:
    """Bisect the number of moments told (the prose grows with it, if not smoothly) towards target; when
    even the fewest run long, the lean drafts (no verdicts, one tally a stretch) are searched instead.

    The bracket starts at a moment for every WORDS_A_MOMENT words asked and doubles only while the
    prose falls short, so a long game is never drafted with all its thousands of moments. The prose
    does not grow smoothly: where one moment more takes the full drafts from short of the budget to
    past it, the lean drafts, which grow more slowly, are searched as well."""
    top = most(draft.play)
    lean = draft("brisk", 0).words > target * (1 + TOLERANCE)
    found = bisect(draft, target, top, lean)
    if not lean and not any(abs(d.words - target) <= TOLERANCE * target for d in found):
        found += bisect(draft, target, top, True)
    return found


def bisect(draft: Drafter, target: int, top: int, lean: bool) -> list[Draft]:
    """The drafts of lean or full brisk either side of target, bisecting the number of moments told."""
    low, high = 0, min(top, max(1, target // WORDS_A_MOMENT))
    while draft("brisk", high, lean).words < target and high < top:
        low, high = high, min(top, 2 * high)
    if draft("brisk", high, lean).words < target * (1 - TOLERANCE):  # every moment told is not enough
        return [draft("brisk", high, lean), draft("full")]
    while high - low > 1:
        middle = (low + high) // 2
        if draft("brisk", middle, lean).words < target:
            low = middle
        else:
            high = middle
    near = [k for k in (low - 1, low, high, high + 1) if 0 <= k <= top]  # the growth is not smooth
    return [draft("brisk", k, lean) for k in near] + [draft("brisk", 0)]


def most(play: "Playthrough") -> int:
    """How many moments a budget may choose among (the finish and the asides are always told)."""
    states, firings = play.game.states, play.firings_by_action()
    return moments.candidates([moments.score(i, p.action, play.board, states[i], states[i + 1], i in firings)
                               for i, p in enumerate(play.played)])


def warnings(target: int, chosen: Draft) -> tuple[str, ...]:
    """A word to the author when the budget cannot be kept, or the asides alone are longer than it."""
    asides = sum(len(u.text.split()) for p in chosen.paragraphs for u in p.units if u.author)
    if asides > target:
        return (f"your asides alone run to {asides} words, more than the {target} asked; every one is kept",)
    if chosen.words < target * (1 - TOLERANCE):
        return (f"with every turn told the prose runs to {chosen.words} words, short of the {target} asked",)
    if chosen.words > target * (1 + TOLERANCE):
        return (f"the prose runs to {chosen.words} words, the fewest this game can be told in; {target} were asked",)
    return ()


def body_words(paragraphs: Iterable[Paragraph]) -> int:
    return sum(len(p.text.split()) for p in paragraphs)
