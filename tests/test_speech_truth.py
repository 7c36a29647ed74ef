"""Spoken lines say only what happened: the first rule of the narration, above every other.

Speech is chosen by the mood of a moment, and a reverse may be a vice, a crime, a fine, a confinement,
an overshoot or a collision; a success a virtue, a long spin or a receipt. A line whose words assert
one of these in particular must declare it in its `when:`, so that it is never said of another.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from versus.narration.conditions import Entry
from versus.narration.lint import walk
from versus.narration.narrator import Narrator
from versus.narration.phrasebook import HERE
from versus.rules import events as ev
from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
BOOKS = ("common", "exchange_openers", "exchange_answers")
SPOKEN = ("speech", "remark", "exchange")
GLAD = {"glad", "good", "compliment", "deflection"}  # keys of a success
GUILT = {"vice", "offense", "sent"}  # the kinds of space that find a player out

VICE = re.compile(r"\bvices?\b|\bvicious\b|\bwicked\b|\bfound (you |me |him |her |them )?out\b|\bfinds? (you |me )?out\b"
                  r"|\bdisgrace\b|\bfailing\b(?! entirely)|\byour faults\b", re.I)
VIRTUE = re.compile(r"\ba virtue\b|\bvirtue rewarded\b|\bvirtuous\b|\bmy reward\b", re.I)
OVERSHOT = re.compile(r"\btoo far\b|\bpast it\b|\b(ran|went|run) (straight |clean )?past\b|\bpast the goal\b"
                      r"|\boutran\b|\bovershot\b", re.I)
BACK = re.compile(r"\bback I go\b|\bsent back\b|\bgo back\b|\bgoing back\b|\bdown you go\b|\bback again\b", re.I)
FAR = re.compile(r"\bso far (back|down)\b|\bgo back so far\b|\ball that way\b|\blong way back\b|\blower end\b"
                 r"|\bbottom of the board\b|\bamong the beginners\b|\bsuch a distance\b|\bso much ground\b", re.I)
LANDED = re.compile(r"\bland(ed|s)? (there|here|on)\b|\bthat space\b", re.I)


def spoken() -> Iterator[tuple[str, tuple[str, ...], Entry]]:
    for book in BOOKS:
        data = yaml.safe_load((HERE / f"{book}.yaml").read_text(encoding="utf-8"))
        for path, e, never_told in walk(data):
            if path[0] in SPOKEN and not never_told:
                yield book, path, e


LINES = list(spoken())


def when(e: Entry) -> dict[str, Any]:
    return dict(e.when)


def kinds(e: Entry) -> set[str] | None:
    kind = when(e).get("kind")
    return None if kind is None else set(kind if isinstance(kind, list) else [kind])


def test_there_are_spoken_lines():
    assert len(LINES) > 900


@pytest.mark.parametrize("book,path,e", [x for x in LINES if VICE.search(x[2].text)],
                         ids=lambda x: x.text[:40] if isinstance(x, Entry) else None)
def test_a_line_that_finds_a_player_out_wants_a_vice(book, path, e):
    assert kinds(e) is not None and kinds(e) <= GUILT, f"{book}: {'.'.join(path)}: {e.text}"


@pytest.mark.parametrize("book,path,e", [x for x in LINES if set(x[1]) & GLAD and VIRTUE.search(x[2].text)],
                         ids=lambda x: x.text[:40] if isinstance(x, Entry) else None)
def test_a_glad_line_that_names_a_virtue_wants_one(book, path, e):
    assert kinds(e) == {"virtue"}, f"{book}: {'.'.join(path)}: {e.text}"


@pytest.mark.parametrize("book,path,e", [x for x in LINES if OVERSHOT.search(x[2].text)],
                         ids=lambda x: x.text[:40] if isinstance(x, Entry) else None)
def test_a_line_that_goes_past_the_goal_wants_an_overshoot(book, path, e):
    assert when(e).get("overshot") is True, f"{book}: {'.'.join(path)}: {e.text}"


@pytest.mark.parametrize("book,path,e", [x for x in LINES if BACK.search(x[2].text)],
                         ids=lambda x: x.text[:40] if isinstance(x, Entry) else None)
def test_a_line_that_goes_back_wants_a_move_back(book, path, e):
    assert when(e).get("moved") == "back", f"{book}: {'.'.join(path)}: {e.text}"


def test_no_line_says_how_far_back():
    """A move back may be two spaces (the Seat of Expectation from the sixty-second): no 'so far down'."""
    far = [f"{book}: {'.'.join(path)}: {e.text}" for book, path, e in LINES if FAR.search(e.text)]
    assert not far, "\n".join(far)


def test_a_line_about_the_space_landed_on_wants_a_landing():
    """An overshoot lands nowhere: 'I did not mean to land there' wants a named space."""
    wrong = [f"{book}: {'.'.join(path)}: {e.text}" for book, path, e in LINES
             if LANDED.search(e.text) and (kinds(e) is None or "blank" in kinds(e))]
    assert not wrong, "\n".join(wrong)


REVERSES = [("speech", "vexed"), ("speech", "taunt"), ("exchange", "taunt"), ("exchange", "condolence"),
            ("exchange", "retort"), ("exchange", "rebuff")]


def lines_for(first: str, situation: str, temper: str) -> list[Entry]:
    path = (first, temper, situation) if first == "speech" else (first, situation, temper)
    return [e for _, p, e in LINES if p == path]


def overshoot_facts() -> dict[str, Any]:
    """The facts of a real Mansion overshoot to the Seat of Expectation, as the narrator has them."""
    scene = load_scene(ROOT / "tests" / "elsewhere" / "breakfast.yaml")
    play = Playthrough(scene, seed=3)
    for _ in play.play_out():
        pass
    narrator = Narrator(play)
    for i, p in enumerate(play.played):
        if any(isinstance(e, ev.Overshot) and e.outcome == "seat" for e in p.action.events):
            facts = narrator.facts.actions[i].conditions(narrator.setting)
            if facts["moved"] == "back" and not facts["paid"]:
                return facts
    raise AssertionError("the game has no overshoot to the Seat")


def test_an_overshoot_is_never_called_a_vice_and_talk_does_not_dry_up():
    """Lydia overshoots and is sent to the Seat of Expectation: nobody may speak of her vice or her fine,
    and every temper still has something true to say."""
    facts = overshoot_facts()
    assert facts["kind"] == "blank" and facts["overshot"] is True
    tempers = {p[1] if p[0] == "speech" else p[2] for _, p, _ in LINES if p[0] in ("speech", "exchange")
               and len(p) == 3 and p[-1 if p[0] == "speech" else 1] in {s for _, s in REVERSES}}
    for first, situation in REVERSES:
        for temper in sorted(tempers):
            true = [e for e in lines_for(first, situation, temper) if e.holds(facts)]
            false = [e.text for e in true if VICE.search(e.text) or re.search(r"\bfine\b|\bpaid\b", e.text, re.I)]
            assert not false, (first, situation, temper, false)
            assert len(true) >= 2, (first, situation, temper, "dries up at an overshoot")
