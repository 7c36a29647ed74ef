"""What a phrasebook entry asserts, as data: its `when:` conditions, checked against a moment's facts.

An entry is a plain template, or `{text: "...", when: {paid: ">0", moved: back, time: evening}}`.
A condition's value is a word or a number that must equal the fact, true/false, a list of allowed
values, or a comparison (">0", ">=8", "<=3"). A fact the moment lacks fails every condition on it.
"""

from __future__ import annotations

import difflib
import functools
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# The facts a condition may name, and what each means (facts.py gives their values).
CONDITIONS: dict[str, str] = {
    "paid": "counters the player told of paid in this action (0 when nothing was paid)",
    "due": "counters the direction asked for, paid or not",
    "received": "counters the player received in this action",
    "moved": "which way the player went in this action: forward, back or still",
    "displaced": "which way a player turned out by a collision went: back or forward",
    "sent_to": "where the one a collision turned out back went: off-board or named (a space the prose"
               " can name; the line's {sent_to} says it); absent for a blank square or a move forward",
    "overshot": "true when the player spun past the goal in this action",
    "lead": "true when the player told of leads alone after this action",
    "fell": "true when the one in front when the game was put away had a setback the reader was told of",
    "margin": "spaces between the leader and the next player after the action or stretch",
    "led_for": "rounds the leader has led alone, without a break, after the action or stretch",
    "overtook": "true when the player told of took the lead alone in this action or stretch",
    "kind": "the kind of space the player came to: virtue, vice, offense, toll, sent, place, named, goal or blank",
    "pov": "true when the player told of is the scene's point-of-view character",
    "repeat": "true when the player had come to a space of the same kind earlier in the game",
    "eventless": "true when the stretch or action held no fine, virtue, vice, collision or confinement",
    "fines": "counters paid in the whole stretch",
    "leader_reverses": "vices, crimes and confinements of the stretch's new leader within it, or in the round"
                       " before it (steady luck wants 0)",
    "virtues": "landings on virtues in the stretch",
    "vices": "landings on vices and crimes in the stretch",
    "collisions": "collisions in the stretch",
    "time": "the scene's time of day: morning, afternoon, evening or unknown",
    "company": "true when the scene has onlookers",
    "onlookers": "how many onlookers the scene has (a line that makes them plural wants '>1')",
    "visiting": "true when the scene's host is someone outside it, so that its people go home after",
    "players": "how many players there are",
    "times": "how many times a tally counts what it tells (a pair's collisions, whichever way; confinements)",
    "even": "true when the two of a pair who met both ways in a stretch turned each other out equally often",
    "others": "true when the collisions a stretch tells together after the pairs it names are all between others",
    "alternated": "true when a pair's collisions in a stretch went one way, then the other, by turns",
    # the query of a response rule (docs/narration.md): who speaks, to whom, about what
    "event": "the moment: opening, lead, crime, fall, confined, collision, overshoot, virtue, finish, unfinished,"
             " close",
    "beat": "for narration: opening, setting, seated (the players, after an opening that set the place without"
            " them), seat (one player's clause of a setting's {seated}), stretch, approach, upset (the run to the"
            " finish when the reader was last told another led),"
            " moment, interlude, finish, unfinished, close, step",
    "speaker": "who speaks: a cast id (elizabeth, darcy, …) or, for someone the cast does not know, the scene's id",
    "hearer": "who is spoken to, as speaker",
    "actor": "whom the moment befell, as speaker",
    "speaker_temper": "the speaker's temper (for a seat: the player's)",
    "rest": "for a seat clause: how many players come to the table together after those seated one by one",
    "parted": "true where the scene's setting is a place and then a time ('the drawing-room at Rosings, after"
              " dinner'), so that a line may use {where} and {when} apart",
    "seats": "true where the pace has room to seat each player in a clause of their own ({seated}): not in a summary",
    "speaker_known": "true when the cast knows the speaker",
    "speaker_role": "the speaker's part in the moment: actor, other, player or onlooker",
    "hearer_role": "the hearer's part in the moment: actor, other, player or onlooker",
    "relation": "what the hearer is to the speaker: sister, mother, aunt, cousin, friend, patroness, … or none",
    "rivals": "true when the two people concerned are the scene's rivals",
    "addressed": "true when the speaker is the one the line before spoke to",
    "space": "the space concerned, by its printed name (HUMILITY, A CHEAT)",
    "board": "the board's id: mansion-of-happiness or virtue-rewarded",
    "late": "true in the last third of the game",
    "again": "true for a second overshoot, which sends the player back to the start",
    "waits": "true when the moment makes the player sit out turns",
    "missing": "players an opening left unnamed, whom the sentence after it seats (beat: seated; one is {actor})",
    "making_up": "for a setting: how many players the stake after it leaves unnamed, who make up the table ({others})",
    "frm": "the plain square the player spun from in this action (0 for off the board or a named square), told"
           " in {from_square}: 'the sixty-second square' (a number where it matters: how near the goal they were)",
    "sent": "true when the square a moment's player came to sent them on or back elsewhere, told in {dest}",
    "frm_named": "true when the square the player spun from is a named one, told in {from_name} ('Humility')",
    "wanted": "a near miss: the spin that would have won from the square spun from, where one could, else 0;"
              " told in {wanted}: 'she wanted a four' (the truth checker holds it to the replay)",
    "to_go": "a near miss: the spaces from the square spun from to the goal, else 0; told in {to_go}: 'eight"
             " spaces' (rounded past ten, as every distance)",
    "first_told": "true when the page has told an earlier overshoot of the one a moment befell ('a second time' of"
                  " a first never told reads as a slip)",
    "twice": "true when the page has told of a setback of the one a moment befell at that very space before (a"
             " 'once more' the reader never saw the first of reads as a slip)",
    "lost_lead": "true when a leader's crime, fall or confinement left another in front (that one is {other})",
    "led": "true when the one a moment befell led alone just before it",
    "first_round": "true for a moment in the game's first round, before every player has spun",
    "near": "a setback within one spin of the goal (a near miss): the spaces the player still wanted, else 0;"
            " its sentence names them as {short}",
    "won": "true when the speaker won (finish, close)",
    "lost": "true when the speaker played and did not win (finish, close)",
    "won_by_pov": "true when the point-of-view character won",
    "finished": "true when someone won (close)",
    "held": "true when one player led alone throughout a stretch",
    "turns": "actions in a stretch",
    "rounds": "whole rounds in a stretch",
    "confinements": "confinements in a stretch",
    "spun": "true when the action used a spin (not a turn sat out)",
    "waiting": "true when the action was a turn sat out",
    "advanced": "spaces a direction advanced the player in this action (a Mansion virtue's six, as counted)",
    "present": "cast ids (or scene ids) who must all be at the table, playing or looking on",
    "absent": "cast ids (or scene ids) none of whom may be at the table (a line that speaks of them as away)",
    "watching": "cast ids (or scene ids) who must all be looking on, not playing (a setting that names one of them"
                " apart from the players)",
    "place": "where the scene is, read from its setting: longbourn, netherfield, rosings, hunsford, pemberley,"
             " lucas-lodge, meryton, london or elsewhere",
    "reverses": "the most moves back any one player made in a stretch (its {unlucky})",
    "gain": "the most spaces any one player went up the board over a stretch (its {gainer}, {gain})",
    "gainer": "who went furthest up the board over a stretch (its {gainer}), as speaker: a line that gives them"
              " a character (vanity, modesty) names whose it is",
    "unlucky": "who went back most often in a stretch (its {unlucky}), as speaker",
    "lifts": "how many different virtues advanced the stretch's {gainer} in it (named in {lifts}: 'Sincerity and"
             " Truth')",
    "setbacks": "how many times a space sent the stretch's {unlucky} back in it (an overshoot is not counted), named"
                " in {setbacks}: 'Immodesty twice and Cruelty once'",
    "ousted": "how many times others came to the stretch's {unlucky}'s square and turned them out in it, named in"
              " {ousted_by}: 'twice by Jane and once by Lydia'",
    "restarts": "how many players spun past the goal a second time in a stretch and had to begin the road again"
                " from the start (named in {restarted}, in the order it befell them: 'Jane, Elizabeth and Mary')",
    "fined": "how many fines at a vice the stretch's {payer} (whom its vices fined most often) paid in it, named in"
             " {fined_at}: 'Avarice cost her five counters, and Hypocrisy two'",
    "spotless": "true when the reader has been told of no vice, crime, confinement or move back of the stretch's"
                " {leader} so far in the scene (a line about the whole road, not the stretch, wants it)",
    "promoted": "true when the one a collision turned out was carried up the board by it and into the lead",
    "lead_known": "true when the one overtaken at a change of lead is the one the reader was last told led",
    "hushed": "true at a moment the author's own aside speaks to (a line telling of silence wants false)",
    # the run to the finish (beat: approach)
    "upset": "true when the winner leads and the reader was last told that somebody else did (beat: upset)",
    "close": "true when the winner, just before winning, led the nearest of the others by six spaces or fewer",
    "runaway": "true when the winner, just before winning, led the nearest of the others by twenty or more",
    "climbed": "true when the winner came up in the run to the finish from the named square ({came_from}: 'Ruin')"
               " where a setback the reader was told of had put them",
    "overtaken": "true when, just before the winning spin, someone other than the winner led",
    "unheard": "true when none of the winner's moments has been told before the run to the finish",
    "need": "spaces the winner still wanted, just before the winning spin",
    "behind": "spaces the nearest of the others still wanted, just before the winning spin",
    "approached": "true when the run to the finish has been told (finish)",
    "exact": "true when the winning spin was exactly the distance the winner still wanted (finish)",
    "gap": "spaces between the winner and the nearest of the others, just before the winning spin",
    "recall": "memory keys that earlier lines wrote, all of which must have been said",
    "unless": "memory keys none of which may have been said",
    "motif": "a motif the speaker or the hearer carries (the cast's `motifs:`)",
}

COMPARISON = re.compile(r"^\s*(>=|<=|>|<|==|!=)\s*(-?\d+)\s*$")
OPS = {">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "==": operator.eq,
       "!=": operator.ne}


@dataclass(frozen=True, slots=True)
class Entry:
    """One phrasing and the facts it needs."""

    text: str
    when: tuple[tuple[str, Any], ...] = ()

    def holds(self, facts: Mapping[str, Any]) -> bool:
        return all(holds(value, facts[name]) if name in facts else False for name, value in self.when)


def holds(wanted: Any, actual: Any) -> bool:
    if isinstance(wanted, list):
        return any(holds(w, actual) for w in wanted)
    if isinstance(wanted, str) and isinstance(actual, (int, float)) and not isinstance(actual, bool):
        comparison = _comparison(wanted)
        if comparison:
            return comparison[0](actual, comparison[1])
    return wanted == actual


@functools.cache
def _comparison(wanted: str) -> tuple[Callable[[Any, Any], bool], int] | None:
    """A criterion such as ">= 3" read once (rules are matched many thousand times a telling)."""
    match = COMPARISON.match(wanted)
    return (OPS[match.group(1)], int(match.group(2))) if match else None


BEATS = ("opening", "setting", "seated", "seat", "stretch", "approach", "upset", "moment", "interlude", "finish",
         "unfinished", "close", "step")  # what a narration rule's `beat:` may be (see "beat" above)


def beat_problems(beat: Any) -> list[str]:
    """What is wrong with a narration rule's `beat:`, in words for the author (empty when all is well): a rule
    with a beat the narrator never asks for is never told, and its author would not know why."""
    return [] if isinstance(beat, str) and beat in BEATS else [_unknown("beat", beat, BEATS)]


def _unknown(kind: str, name: Any, known: Sequence[str]) -> str:
    """"unknown condition 'speaker_rol' (did you mean speaker_role?)": the near one, ties to the longer common
    start, else every one known."""
    near = sorted(difflib.get_close_matches(str(name), list(known), n=3), key=lambda c: -_common_start(c, str(name)))
    hint = f" (did you mean {near[0]}?)" if near else f" (known: {', '.join(known)})"
    return f"unknown {kind} {name!r}{hint}"


def problems(when: Any) -> list[str]:
    """What is wrong with a `when:` mapping, in words for the author (empty when all is well)."""
    if not isinstance(when, Mapping):
        return ["`when:` is a mapping of conditions, e.g. {paid: \">0\"}"]
    out = []
    for name, value in when.items():
        if name not in CONDITIONS:
            out.append(_unknown("condition", name, list(CONDITIONS)))
        elif not isinstance(value, (str, int, bool, list)):
            out.append(f"condition {name!r} takes a word, a number, true/false, a list or a comparison")
    return out


def entry(item: Any) -> Entry | None:
    """A phrasebook list item as an Entry (None when it is neither a string nor {text, when})."""
    if isinstance(item, str):
        return Entry(item)
    if isinstance(item, Mapping) and isinstance(item.get("text"), str):
        when = item.get("when") or {}
        if problems(when):
            return None
        return Entry(item["text"], tuple(sorted(when.items())))
    return None


def _common_start(a: str, b: str) -> int:
    """How many characters two names share from their start."""
    return next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
