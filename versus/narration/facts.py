"""Content determination: plain records of what is true, from the events and states alone (docs/narration.md §2).

The narrator gives templates their slots and checks their `when:` conditions only against these
records, so that nothing it says can outrun what happened.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from versus.rules import events as ev
from versus.rules.board import Board
from versus.rules.game import Action
from versus.rules.state import State
from versus.scenes.model import Scene

TIMES = {  # words of a scene's setting that tell its time of day, first match wins
    "morning": re.compile(r"\b(morning|breakfast|forenoon|dawn)\b", re.I),
    "afternoon": re.compile(r"\b(afternoon|noon|midday)\b", re.I),
    "evening": re.compile(r"\b(evening|night|after dinner|after supper|candle-?light|dusk)\b", re.I),
}
PLACES = {  # words of a scene's setting that say where it is, first match wins
    "rosings": re.compile(r"\bRosings\b"), "hunsford": re.compile(r"\bHunsford\b|\bparsonage\b", re.I),
    "pemberley": re.compile(r"\bPemberley\b"), "netherfield": re.compile(r"\bNetherfield\b"),
    "longbourn": re.compile(r"\bLongbourn\b"), "lucas-lodge": re.compile(r"\bLucas Lodge\b"),
    "meryton": re.compile(r"\bMeryton\b"), "london": re.compile(r"\b(London|Gracechurch Street)\b"),
}
TOLD_KINDS = {"virtue", "vice", "offense", "toll", "sent"}  # named spaces that do something to the player


@dataclass(frozen=True, slots=True)
class Setting:
    """What the scene says of its time, its onlookers and whose house it is."""

    time: str  # morning | afternoon | evening | unknown
    company: bool
    onlookers: int
    visiting: bool
    players: int
    pov: int  # the point-of-view character's seat
    place: str = "elsewhere"  # where the scene is: rosings, longbourn, … (PLACES)


def setting_of(scene: Scene) -> Setting:
    declared = str(scene.extra.get("time") or "")
    time = declared or next((name for name, words in TIMES.items() if words.search(scene.setting)), "unknown")
    host = str(scene.extra.get("host") or "")
    people = {p.id for p in (*scene.players, *scene.company)}
    place = next((name for name, words in PLACES.items() if words.search(scene.setting)), "elsewhere")
    return Setting(time, bool(scene.company), len(scene.company), bool(host) and host not in people,
                   len(scene.players), scene.pov_seat, place)


@dataclass(frozen=True, slots=True)
class Lead:
    """Who leads alone after a state, by how many spaces, and since which state."""

    leader: int | None
    margin: int
    since: int  # index of the first state of this unbroken lead
    rounds: int  # whole rounds the lead has lasted


def leads(states: Sequence[State]) -> list[Lead]:
    """The lead after every state, in one pass."""
    out: list[Lead] = []
    for i, state in enumerate(states):
        ranked = sorted(state.pos, reverse=True)
        best = ranked[0]
        alone = best > 0 and (len(ranked) < 2 or ranked[1] < best)
        leader = state.pos.index(best) if alone else None
        margin = best - ranked[1] if alone and len(ranked) > 1 else 0
        since = out[-1].since if out and leader is not None and out[-1].leader == leader else i
        turns = state.turn - states[since].turn
        out.append(Lead(leader, margin, since, turns // max(1, state.players)))
    return out


@dataclass(frozen=True, slots=True)
class ActionFacts:
    """What one action did to its player and to the others."""

    index: int
    player: int
    spin: int | None
    frm: int
    to: int
    paid: int  # into the pool or bank, and to other players
    due: int  # what the direction asked for
    received: int
    winnings: int  # taken from the pool or bank on winning
    advanced: int  # spaces a direction advanced the player (a virtue's six, as counted), 0 for none
    landed: int | None  # the space the spin brought the player to, before its direction
    kind: str  # that space's kind, "" for none
    displaced: tuple[tuple[int, int, int], ...]  # (player, from, to) of those turned out by collision
    overshot: bool
    confined: int
    repeat: bool
    before: Lead
    after: Lead

    @property
    def moved(self) -> str:
        return "forward" if self.to > self.frm else "back" if self.to < self.frm else "still"

    @property
    def turned_back(self) -> bool:
        """Sent back from the square it came to, or back over the whole move: Immodesty turns a player back
        to where the spin began, which a reader counts as a reverse though the counter ends where it was."""
        return self.moved == "back" or bool(self.landed and self.to < self.landed)

    @property
    def misfortune(self) -> bool:
        """A vice, a crime, a confinement or a move back: what spoils a leader's steady luck."""
        return self.kind in ("vice", "offense", "sent") or bool(self.confined) or self.moved == "back"

    @property
    def overtook(self) -> bool:
        return self.after.leader == self.player and self.before.leader != self.player and self.to > self.frm

    @property
    def eventless(self) -> bool:
        return not (self.paid or self.received or self.displaced or self.confined or self.kind in TOLD_KINDS)

    def conditions(self, setting: Setting) -> dict[str, Any]:
        """The facts a phrasebook `when:` may name, for this action told about its player."""
        facts = scene_conditions(setting) | lead_conditions(self.after) | {
            "paid": self.paid, "due": self.due, "received": self.received, "moved": self.moved,
            "overshot": self.overshot, "lead": self.after.leader == self.player, "overtook": self.overtook,
            "repeat": self.repeat, "eventless": self.eventless, "kind": self.kind or "blank",
            "pov": self.player == setting.pov}
        if self.displaced:
            facts["displaced"] = "back" if all(to < frm for _, frm, to in self.displaced) else \
                "forward" if all(to > frm for _, frm, to in self.displaced) else "mixed"
        return facts


@dataclass(frozen=True, slots=True)
class StretchFacts:
    """What a stretch of actions gathered into a summary contained."""

    first: int
    last: int
    fines: int
    receipts: int
    virtues: int
    vices: int
    tolls: int
    collisions: int
    confinements: int
    before: Lead
    after: Lead
    leader_reverses: int = 0  # the new leader's vices, crimes, confinements and moves back in the stretch
    reverses: tuple[int, ...] = ()  # each player's moves back in the stretch
    gains: tuple[int, ...] = ()  # how far each player went up the board over it (end less start)
    payer: int | None = None  # the first of those its vices fined most often, where that was twice or more
    payer_fines: tuple[tuple[int, int], ...] = ()  # (space, counters) of each fine the payer paid at a vice

    @property
    def eventless(self) -> bool:
        return not (self.fines or self.receipts or self.virtues or self.vices or self.tolls or self.collisions
                    or self.confinements)

    def conditions(self, setting: Setting) -> dict[str, Any]:
        return scene_conditions(setting) | lead_conditions(self.after) | {
            "eventless": self.eventless, "fines": self.fines, "virtues": self.virtues, "vices": self.vices,
            "collisions": self.collisions, "leader_reverses": self.leader_reverses,
            "overtook": self.after.leader is not None
            and self.after.leader != self.before.leader, "lead": self.after.leader is not None}


def scene_conditions(setting: Setting) -> dict[str, Any]:
    return {"time": setting.time, "company": setting.company, "onlookers": setting.onlookers,
            "visiting": setting.visiting, "players": setting.players}


def lead_conditions(lead: Lead) -> dict[str, Any]:
    if lead.leader is None:
        return {}
    return {"margin": lead.margin, "led_for": lead.rounds}


class Facts:
    """Every action's facts for one game, worked out once; stretches on demand."""

    def __init__(self, board: Board, actions: Sequence[Action], states: Sequence[State]) -> None:
        self.board = board
        self.states = states
        self.lead = leads(states)
        self.actions = self._actions(actions)

    def _actions(self, actions: Sequence[Action]) -> list[ActionFacts]:
        seen: set[tuple[int, str]] = set()  # (player, kind) of every space landed on so far
        out = []
        for i, action in enumerate(actions):
            facts = self._one(i, action, seen)
            out.append(facts)
            if facts.kind:
                seen.add((action.player, facts.kind))
        return out

    def _one(self, i: int, action: Action, seen: set[tuple[int, str]]) -> ActionFacts:
        p = action.player
        before, after = self.states[i], self.states[i + 1]
        paid = due = received = winnings = confined = advanced = 0
        landed: int | None = None
        displaced, overshot = [], False
        for e in action.events:
            if isinstance(e, ev.Fined) and e.player == p:
                paid, due = paid + e.paid, due + e.due
            elif isinstance(e, ev.Paid) and e.player == p:
                paid += e.amount
            elif isinstance(e, ev.Received) and e.player == p:
                received += e.amount
            elif isinstance(e, ev.Landed) and landed is None:
                landed = e.space
            elif isinstance(e, ev.Displaced):
                displaced.append((e.player, e.frm, e.to))
            elif isinstance(e, ev.Overshot):
                overshot = True
            elif isinstance(e, ev.Confined) and e.player == p:
                confined = e.turns
            elif isinstance(e, ev.Advanced) and e.player == p:
                advanced += e.to - e.frm
        if any(isinstance(e, ev.Won) for e in action.events):
            winnings = after.counters[p] - before.counters[p] + paid
        kind = self.board.space(landed).kind if landed else ""
        kind = "" if kind == "blank" else kind
        return ActionFacts(i, p, action.spin, before.pos[p], after.pos[p], paid, due, received, winnings, advanced,
                           landed, kind, tuple(displaced), overshot, confined, (p, kind) in seen and bool(kind),
                           self.lead[i], self.lead[i + 1])

    def stretch(self, indices: Sequence[int]) -> StretchFacts:
        told = [self.actions[i] for i in indices]
        start, end = self.states[indices[0]].pos, self.states[indices[-1] + 1].pos
        fined = [a for a in told if a.paid > 0 and a.kind in ("vice", "offense") and a.landed]
        times = Counter(a.player for a in fined)
        most = max(times.values(), default=0)
        payer = min(k for k, n in times.items() if n == most) if most >= 2 else None
        return StretchFacts(
            indices[0], indices[-1], fines=sum(a.paid for a in told), receipts=sum(a.received for a in told),
            virtues=sum(a.kind == "virtue" for a in told),
            vices=sum(a.kind in ("vice", "offense", "sent") for a in told),
            tolls=sum(a.kind == "toll" for a in told), collisions=sum(len(a.displaced) for a in told),
            confinements=sum(bool(a.confined) for a in told),
            before=self.lead[indices[0]], after=self.lead[indices[-1] + 1],
            leader_reverses=sum(1 for a in told if a.player == self.lead[indices[-1] + 1].leader and a.misfortune),
            reverses=tuple(sum(1 for a in told if a.player == k and a.turned_back) for k in range(len(start))),
            gains=tuple(end[k] - start[k] for k in range(len(start))), payer=payer,
            payer_fines=tuple((a.landed or 0, a.paid) for a in fined if a.player == payer))
