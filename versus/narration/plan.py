"""Document planning: the shape of the scene. Which turning points get a conversation, which a sentence,
and how the play between them is gathered into a clause; the word budget spent on the turning points
first (a drama manager in the manner of *Façade*: the next beat chosen by tension).

The plan is plain data (Beats); talk, refer and realise turn it into prose.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from versus.narration.turning import TurningPoint

PACES = ("summary", "brisk", "full")
LEAD_GAP = 4  # two changes of lead this close read as a garble ("Past Jane went Mary. Jane took the lead from Mary")
INTERLUDE_TALKS = 3  # conversations a shape holds before one leaves the board (a tight budget keeps the play)
LEADS = 2  # changes of lead told as moments of their own: readers found who was in front "reported again and again"


@dataclass(frozen=True, slots=True)
class Beat:
    """One beat of the scene: what it tells (actions, 0-based inclusive; None for none) and how."""

    kind: str  # opening | stretch | approach | moment | interlude | finish | unfinished | close | aside | step
    first: int | None = None
    last: int | None = None
    point: TurningPoint | None = None
    talk: int = 0  # lines of conversation wanted after it (an aside: 1 where the one it spoke of may answer)
    aside: int = -1  # for kind aside: which firing (index into the take's firings)
    quiet: bool = False  # a stretch told by no sentence of its own (too short, or a summary's)
    hushed: bool = False  # a moment the author's own aside speaks to: no talk of ours (but the answer to her
    # line of the one it spoke of, told with the aside), no silence told


@dataclass(frozen=True, slots=True)
class Shape:
    """How much to tell: conversations (and their length), moments told in a sentence, opening talk."""

    talks: int
    lines: int
    moments: int
    opening_talk: int = 2
    closing_talk: int = 2
    lean: bool = False  # a tight budget: the shorter sentences, and no closing narration in a summary
    reserved: bool = True  # the proud and the shy say their say and let it stand (off only to fill a budget)


def brisk_words(turns: int) -> int:
    """Brisk's own budget: a chapter's worth, more for a longer game, never past 1,400 words."""
    return max(450, min(1400, 330 + 5 * turns))


def choose(points: Sequence[TurningPoint], shape: Shape) -> tuple[set[int], set[int]]:
    """(turning points given a conversation, those told in a sentence), as indices into points.

    The finish always talks. The rest are spread over the game: each stretch of it (as many as there
    are beats to give) offers its most salient point that may be told, then the rest go by salience;
    never two conversations on one action nor on actions close together, so that the scene breathes
    between them and the middle of the game is not left untold."""
    order = sorted(range(len(points)), key=lambda k: (-points[k].salience, points[k].index))
    talks: set[int] = {k for k in order if points[k].event == "finish"}
    told = {points[k].index for k in talks}
    actions = max((p.index for p in points), default=0) + 1
    gap = max(3, actions // (2 * shape.talks + 2)) if shape.talks else 3  # conversations spread over the game

    def leads_left(k: int, chosen: set[int]) -> bool:  # a setback that hands the lead on tells it too
        return not _changes_lead(points[k]) or sum(_changes_lead(points[c]) for c in chosen) < LEADS

    def may_talk(k: int) -> bool:
        return not any(abs(points[k].index - a) < gap for a in told) and not _same(points, k, talks) \
            and leads_left(k, talks)

    def may_tell(k: int) -> bool:
        return k not in talks and k not in moments and points[k].index not in told \
            and not _same(points, k, talks | moments) and leads_left(k, talks | moments)

    _take(points, order, talks, told, shape.talks, shape.talks, actions, may_talk)
    moments: set[int] = set()
    _take(points, order, moments, told, shape.moments, shape.talks + shape.moments, actions, may_tell)
    if shape.talks and not shape.lean:  # a summary, or a tight budget, keeps the turning points alone
        _seen_once(points, order, talks | moments, moments, told, may_tell)
    return talks, moments


def _changes_lead(point: TurningPoint) -> bool:
    """A moment whose telling says who is now in front: a change of lead, or a setback that put another there
    ("…and this time the lead went with it to Lydia")."""
    return point.event == "lead" or bool(point.lost)


def _seen_once(points: Sequence[TurningPoint], order: list[int], chosen: set[int], moments: set[int],
               told: set[int], may: Callable[[int], bool]) -> None:
    """Every player's own most salient moment is told, where none of theirs is: a player the page never
    shows at the board (Miss de Bourgh, met first at the close) reads as a player left out."""
    shown = {points[k].actor for k in chosen} | {points[k].other for k in chosen if points[k].event == "collision"}
    for k in order:
        p = points[k]
        if p.actor not in shown and p.event != "finish" and may(k):
            moments.add(k)
            told.add(p.index)
            shown.add(p.actor)


def _take(points: Sequence[TurningPoint], order: list[int], chosen: set[int], told: set[int], wanted: int,
          parts: int, actions: int, may: Callable[[int], bool]) -> None:
    """Adds up to wanted points to chosen: first the best that may be told in each of parts equal
    stretches of the game that holds no told action yet, then the rest by salience."""
    goal = len(chosen) + wanted
    worth = [k for k in order if points[k].event != "finish" and points[k].salience >= 30]
    for part in range(parts if wanted > 0 else 0):
        lo, hi = actions * part // parts, actions * (part + 1) // parts
        if len(chosen) >= goal or any(lo <= a < hi for a in told):
            continue
        best = next((k for k in worth if lo <= points[k].index < hi and may(k)), None)
        if best is not None:
            chosen.add(best)
            told.add(points[best].index)
    for k in worth:
        if len(chosen) >= goal:
            break
        if k not in chosen and may(k):
            chosen.add(k)
            told.add(points[k].index)


def weights(points: Sequence[TurningPoint], talks: set[int], lines: int) -> dict[int, int]:
    """Lines of talk for each conversation: the weightiest turning point talked of longest, the slightest
    with a word or two, so that every stretch of play does not weigh the same."""
    ranked = sorted((k for k in talks if points[k].event != "finish"), key=lambda k: (-points[k].salience, k))
    out = {k: lines for k in talks}
    if len(ranked) >= 2 and lines:
        out[ranked[0]] = min(6, lines + 2)  # the turn of the evening: readers found every stretch alike
        for k in ranked[1:][-(len(ranked) // 2):]:
            out[k] = max(1, lines - 1)
    return out


def quieten(beats: list[Beat], players: int) -> list[Beat]:
    """A stretch gets a sentence of its own only when it is two rounds or more, and not straight after
    another stretch's sentence: a clause between turning points, never a string of them."""
    out: list[Beat] = []
    said = False  # the last beat that said anything was a stretch
    for beat in beats:
        if beat.kind == "stretch" and beat.first is not None and beat.last is not None:
            quiet = said or beat.last - beat.first + 1 < 2 * players
            out.append(dataclasses.replace(beat, quiet=quiet))
            said = said or not quiet
        else:
            out.append(beat)
            said = False if beat.talk else said  # one stretch sentence between two conversations
    return out


def approach(beats: list[Beat]) -> list[Beat]:
    """The play just before the finish is told as the run to it (where the winner stood, how far behind
    the nearest of the others), so that the end is seen coming rather than announced."""
    out = list(beats)
    for k in range(1, len(out)):
        if out[k].kind == "finish" and out[k - 1].kind == "stretch":
            out[k - 1] = dataclasses.replace(out[k - 1], kind="approach", quiet=False)
    return out


def interlude(beats: list[Beat], lines: int, players: int) -> list[Beat]:
    """Talk of what lies between the people, not of the board, after the longest stretch of play (two
    rounds at least): a game in a novel goes quiet while the talk goes on, and the stake the opening set
    is spoken of."""
    stretches = [k for k, b in enumerate(beats) if b.kind == "stretch" and _length(b) >= 2 * players]
    if not lines or not stretches:
        return beats
    k = max(stretches, key=lambda k: (_length(beats[k]), -k))
    return [*beats[:k + 1], Beat("interlude", talk=lines), *beats[k + 1:]]


def _length(beat: Beat) -> int:
    """The actions a beat tells."""
    return 0 if beat.first is None or beat.last is None else beat.last - beat.first + 1


def _same(points: Sequence[TurningPoint], k: int, chosen: set[int]) -> bool:
    """A moment of the same kind at the same space as one already told (a second Passion reads as the
    first told twice), or a second of the same kind befalling the same person (the Colonel shut up at
    one moment and shut up again at the next reads as the game's record, not a scene), or a change of lead
    close after another. A near miss at the goal, and a setback that cost the lead, are moments of their
    own, whatever was told of the same person before."""
    p = points[k]
    return p.event != "finish" and any(points[c].event == p.event and bool(points[c].near) == bool(p.near)
                                       and points[c].lost == p.lost
                                       and (points[c].space == p.space or points[c].actor == p.actor
                                            or (p.event == "lead" and abs(points[c].index - p.index) <= LEAD_GAP))
                                       for c in chosen)


def beats(points: Sequence[TurningPoint], shape: Shape, actions: int, asides: Sequence[tuple[int, int]],
          finished: bool, players: int = 2, hushed: frozenset[int] = frozenset()) -> list[Beat]:
    """The scene as beats in order: opening, stretches and moments, asides where they fired, the end.
    hushed: the actions at which an aside of the author's speaks; the talk there is hers, and the answer to it."""
    talks, moments = choose(points, shape)
    if not finished:  # a game put away ends on its last turning point: a virtue told after it read as out of order
        last = max((points[k].index for k in talks | moments if points[k].event != "virtue"), default=-1)
        moments = {k for k in moments if points[k].event != "virtue" or points[k].index < last}
    weight = weights(points, talks, shape.lines)
    told = {points[k].index: (k, k in talks) for k in sorted(talks | moments, key=lambda k: points[k].index)}
    aside_at: dict[int, list[int]] = {}
    for firing, action in asides:
        aside_at.setdefault(action, []).append(firing)
    for k, point in enumerate(points):  # an aside answers its moment: the moment is told before it
        if point.index in aside_at and point.index not in told:
            told[point.index] = (k, False)
    out = [Beat("opening", talk=shape.opening_talk)]
    start = 0
    for i in range(actions):
        if i not in told and i not in aside_at:
            continue
        if i in told:
            k, talk = told[i]
            if start < i:
                out.append(Beat("stretch", start, i - 1))
            kind = "finish" if points[k].event == "finish" else "moment"
            lines = weight.get(k, shape.lines) if talk and i not in hushed else 0
            out.append(Beat(kind, i, i, points[k], lines, hushed=i in hushed))
            start = i + 1
        elif i >= start:  # an aside answers its action: with no turning point there, the action is told plainly
            if start < i:
                out.append(Beat("stretch", start, i - 1))
            out.append(Beat("step", i, i))
            start = i + 1
        for firing in aside_at.get(i, []):
            if i >= start:
                out.append(Beat("stretch", start, i))
                start = i + 1
            out.append(Beat("aside", i, i, talk=1 if shape.lines else 0, aside=firing))
    if start < actions:
        out.append(Beat("stretch", start, actions - 1))
    talky = shape.talks >= INTERLUDE_TALKS
    out = interlude(approach(quieten(out, players)), shape.lines if talky else 0, players)
    if not finished:
        out.append(Beat("unfinished"))  # the last stretch told the last action
    # a game given up is told so once: the close after it is the people's word alone
    out.append(Beat("close", talk=shape.closing_talk, quiet=not finished))
    return out


def full_beats(points: Sequence[TurningPoint], actions: int, asides: Sequence[tuple[int, int]],
               finished: bool, lines: int, hushed: frozenset[int] = frozenset()) -> list[Beat]:
    """Every action told: a step each, the turning points with a conversation."""
    by_action: dict[int, TurningPoint] = {}
    for p in sorted(points, key=lambda p: -p.salience):
        by_action.setdefault(p.index, p)
    aside_at: dict[int, list[int]] = {}
    for firing, action in asides:
        aside_at.setdefault(action, []).append(firing)
    out = [Beat("opening", talk=2)]
    for i in range(actions):
        point = by_action.get(i)
        if point is not None and point.salience >= 40:
            out.append(Beat("finish" if point.event == "finish" else "moment", i, i, point,
                            0 if i in hushed else lines, hushed=i in hushed))
        else:
            out.append(Beat("step", i, i, point))
        out.extend(Beat("aside", i, i, talk=1 if lines else 0, aside=f) for f in aside_at.get(i, []))
    if not finished:
        out.append(Beat("unfinished"))
    out.append(Beat("close", talk=2, quiet=not finished))
    return out


def summary_beats(points: Sequence[TurningPoint], actions: int, asides: Sequence[tuple[int, int]],
                  finished: bool, moments: int, lean: bool = False, hushed: frozenset[int] = frozenset()) -> list[Beat]:
    """The whole game in a paragraph or two: the opening, a few results, the finish, the close, and one
    word spoken after it (and the author's own asides)."""
    shape = Shape(talks=0, lines=0, moments=moments, opening_talk=0, closing_talk=1, lean=lean)
    out = []
    for b in beats(points, shape, actions, asides, finished, hushed=hushed):
        if b.kind == "finish":
            b = Beat("finish", b.first, b.last, b.point, 0)
        elif b.kind in ("stretch", "approach"):
            b = dataclasses.replace(b, kind="stretch", quiet=True)  # a summary tells results, not the play between them
        elif b.kind == "close" and lean:
            b = dataclasses.replace(b, quiet=True)  # the end told, and one word after it, no more
        out.append(b)
    return out
