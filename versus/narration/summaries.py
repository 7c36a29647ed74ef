"""Summaries: stretches of play gathered into a sentence or a few tallies, and the whole game told in a
paragraph or two (--pace summary, and the digests a small word budget is met with).

A mixin of the Narrator: it needs the narrator's state (self.play, self.facts, self.states, self.now,
self.scope, self.covered, self.lean, self.limit, self.pace) and its phrase/tell/won/close/exchange.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from versus.narration import moments
from versus.narration.truth import Unit
from versus.narration.words import listing, number, times
from versus.rules import events as ev

if TYPE_CHECKING:
    from versus.narration.narrator import Paragraph

Meeting = tuple[int, int, int, int, int]  # a collision: (action index, who turned the other out, the other, from, to)


class Summaries:
    # -- the whole game in a paragraph or two (--pace summary) ----------------------------------------
    def digest(self, out: list[Paragraph]) -> list[Paragraph]:
        """As Austen tells an evening at cards: the setting, a few results told inside character, the
        people's part, and the winner (or how things stood when play stopped)."""
        played = self.play.played
        told = [moments.score(i, p.action, self.board, self.states[i], self.states[i + 1], False)
                for i, p in enumerate(played)]  # a summary ranks by the game alone; asides are for longer prose
        last = len(played) - 1
        firings = self.play.firings_by_action() if self.asides else {}
        results = self.results(told, last)
        results += [told[i] for i in sorted(firings) if i != last and told[i] not in results]
        results.sort(key=lambda t: t.index)
        sentences: list = [Unit(self.opening(brief=True))]
        top = max(results, key=lambda t: t.score) if results and not self.lean else None
        for k, t in enumerate(results):
            if k and k % 4 == 0:  # a longer digest (a word budget) goes on in a new paragraph
                self.add(out, sentences)
                sentences = []
                self.voices.new_paragraph()
            self.moment(t.index)
            said = [x for x in self.tell(t.index, played[t.index].action, played[t.index].source) if x]
            telling = said[1:] if len(said) > 1 and not self.facts.actions[t.index].kind else said
            sentences.extend(Unit(x, t.index, t.index) for x in telling[:1])
            sentences.extend(Unit(self.aside(f), t.index, t.index, author=True) for f in firings.get(t.index, []))
            if t is top:  # the people's part, at the moment that mattered most
                self.voices.new_topic()
                mood = self.mood(t.index, played[t.index].action)
                talk = self.exchange(mood, played[t.index].action, certain=True) if mood else []
                sentences.extend(Unit(x, t.index, t.index) for x in talk)
        self.add(out, sentences)
        if last >= 0:
            self.moment(last)
            self.voices.new_paragraph()
            ending = [self.won(e, self.states[-1]) for e in played[last].action.events if isinstance(e, ev.Won)]
            close = self.close(brief=True)
            asides = [Unit(self.aside(f), last, last, author=True) for f in firings.get(last, [])]
            self.add(out, [Unit(x, last, last) for x in ending if x] + asides
                     + [Unit(x, last, last) for x in (close[:1] if self.lean else close) if x])
        return [para for para in out if para.text]

    def results(self, told: list[moments.Told], last: int) -> list[moments.Told]:
        """Two to four results for a summary: the most salient, of different kinds and players where it can."""
        ranked = sorted((t for t in told if t.index != last and t.score >= 30), key=lambda t: (-t.score, t.index))
        out: list[moments.Told] = []
        seen: set[tuple[int, str]] = set()
        for t in ranked:
            f = self.facts.actions[t.index]
            key = (f.player, f.kind or ("collision" if f.displaced else ""))
            if key not in seen:
                out.append(t)
                seen.add(key)
            if len(out) >= (3 if self.limit is None else self.limit):
                break
        return out

    # -- summaries ------------------------------------------------------------------------------
    def summary(self, stretch: list[int]) -> list[Unit]:
        """Sentences gathering a stretch of actions not told one by one; each tells the whole stretch."""
        if not stretch:
            return []
        first, last = self.states[stretch[0]], self.states[stretch[-1] + 1]
        actions = [self.play.played[i].action for i in stretch]
        turns = last.turn - first.turn
        if self.pace == "full" or (turns < 2 and not any(isinstance(e, ev.Displaced) for a in actions for e in a.events)):
            return []
        facts = self.facts.stretch(stretch)
        self.scope, self.now = (stretch[0], stretch[-1]), facts.conditions(self.setting)
        rounds = turns / len(self.scene.players)
        span = ("a turn or two" if rounds < 1 else "a round" if rounds < 1.5
                else f"{number(round(rounds))} rounds" if rounds < 7 else "a good many rounds")
        out: list[str] = []
        lead_after = facts.after.leader
        went_ahead = any(self.facts.actions[i].player == lead_after and self.facts.actions[i].moved == "forward"
                         for i in stretch)
        if lead_after is not None and lead_after != facts.before.leader and went_ahead:
            out.append(self.phrase("stretch_lead", span=span, **self.leader_values(lead_after)))
        else:
            out.append(self.phrase("stretch", span=span, **self.leader_values(lead_after)))
        out.extend(self.tallies(stretch, 1 if self.lean else 2))  # the rest goes without saying
        if rounds >= 1 and not self.lean and self.pace == "brisk":
            out.extend(self.table_talk(stretch))
        return [Unit(s, *self.scope) for s in out if s]

    def leader_values(self, seat: int | None) -> dict[str, str]:
        return {"leader": self.voices.person(seat).called} if seat is not None else {}

    def tallies(self, stretch: list[int], room: int) -> list[str]:
        """At most room sentences tallying the stretch, collisions first; only what they tell is covered."""
        meetings: dict[tuple[int, int], list[Meeting]] = {}  # each pair's collisions, whichever way
        virtues: dict[int, list[str]] = {}
        vices: dict[int, list[str]] = {}
        paid: dict[int, int] = {}
        confined: dict[int, list[int]] = {}
        for index in stretch:
            f = self.facts.actions[index]
            if f.confined:
                confined.setdefault(f.player, []).append(index)
            for e in self.play.played[index].action.events:
                if isinstance(e, ev.Displaced):  # a pair met, whichever of them gave way
                    pair = (min(e.by, e.player), max(e.by, e.player))
                    meetings.setdefault(pair, []).append((index, e.by, e.player, e.frm, e.to))
                elif isinstance(e, (ev.Fined, ev.Paid)):  # what each paid, on his own turn or another's
                    paid[e.player] = paid.get(e.player, 0) + (e.paid if isinstance(e, ev.Fined) else e.amount)
            if f.landed and self.mansion and f.kind in ("virtue", "vice"):
                found = virtues if f.kind == "virtue" else vices
                found.setdefault(f.player, []).append(self.board.space(f.landed).name)
        general = dict(self.now)
        out: list[tuple[str, list[int]]] = self.collision_tallies(meetings, room, general)  # (sentence, actions told)
        self.now = general
        for key, found in (("virtue_tally", virtues), ("vice_tally", vices)):
            for seat, names in sorted(found.items()):
                unique = list(dict.fromkeys(names))
                if len(unique) >= 2 and len(out) < 4:
                    out.append((self.phrase(key, spaces=listing(unique), **self.voices.values(seat)), []))
        for seat, indices in sorted(confined.items()):  # confinements a budget left untold one by one
            self.now = general | {"repeat": len(indices) > 1, "times": len(indices)}
            text = self.phrase("confinement_tally", times=times(len(indices)), **self.voices.values(seat))
            if text:
                out.append((text, indices))
        for seat, total in sorted(paid.items()):
            if total >= 2 and len(out) < 4:
                self.now = general | {"paid": total}
                out.append((self.phrase("payments_tally", count=number(total), **self.voices.values(seat)), []))
        self.now = general
        kept = [(text, told) for text, told in out if text][:room]
        for _, told in kept:
            self.covered.update(told)
        return [text for text, _ in kept]

    def collision_tallies(self, meetings: dict[tuple[int, int], list[Meeting]], room: int,
                          general: dict) -> list[tuple[str, list[int]]]:
        """The two pairs that met most, each told as a pair (more would read as a ledger), and the
        meetings of the pairs not told, gathered in one sentence. Where the room is for two sentences
        and three pairs or more met, the second is the rest, so that every meeting is told."""
        pairs = sorted(meetings.values(), key=lambda moves: (-len(moves), moves[0][0]))
        out: list[tuple[str, list[int]]] = []
        untold: list[list[Meeting]] = []
        named: set[int] = set()  # the players of the pairs told
        for k, moves in enumerate(pairs):
            tried = len(out) < room and (k == 0 or k == 1 and (len(pairs) == 2 or room > 2))
            text = self.pair_tally(moves, general) if tried else ""
            if text:
                out.append((text, [i for i, *_ in moves]))
                named |= {moves[0][1], moves[0][2]}
            else:
                untold.append(moves)
        rest = [m for moves in untold for m in moves]
        if rest and out and len(out) < room:
            others = not any({by, displaced} & named for _, by, displaced, *_ in rest)
            self.now = general | {"times": len(rest), "others": others}
            text = self.phrase("collision_rest", count=number(len(rest)), times=times(len(rest)))
            if text:
                out.append((text, [i for i, *_ in rest]))
            elif len(pairs) > 2 and len(untold) == len(pairs) - 1:  # no word for the rest: the second pair, then
                text = self.pair_tally(untold[0], general)
                if text:
                    out.append((text, [i for i, *_ in untold[0]]))
        self.now = general
        return out

    def pair_tally(self, moves: list[Meeting], general: dict) -> str:
        """One pair's meetings in the stretch: one way only ("each time it was Elizabeth who gave way"), or
        both ways, told from the side of the one who first turned the other out."""
        who, other = moves[0][1], moves[0][2]
        facts = general | {"times": len(moves), "paid": sum(self.facts.actions[i].paid for i, *_ in moves),
                           "displaced": "back" if all(to < frm for *_, frm, to in moves) else
                           "forward" if all(to > frm for *_, frm, to in moves) else "mixed"}
        values = self.voices.values(who, other)
        mine = sum(1 for _, by, *_ in moves if by == who)
        if mine == len(moves):
            self.now = facts
            text = self.phrase("collision_tally", times=times(len(moves)), **values)
        else:
            ways = [by for _, by, *_ in moves]
            self.now = facts | {"even": 2 * mine == len(moves),
                                "alternated": all(a != b for a, b in zip(ways, ways[1:]))}
            text = self.phrase("collision_tally_mutual", times=times(len(moves)), who_times=times(mine),
                               other_times=times(len(moves) - mine), **values)
        self.now = general
        return text
