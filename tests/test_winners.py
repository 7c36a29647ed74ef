"""The winner speaks at the win: in every example scene the brisk export's finish talk holds a line the
reader can put in the winner's mouth (docs/narration.md, the finish always has a conversation)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import brisk_page

from versus.narration import checks
from versus.narration.company import Company
from versus.narration.rules import builtin
from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
SCENES = sorted(p for p in (ROOT / "scenes").glob("*.yaml") if ".takes." not in p.name) + sorted(
    (ROOT / "tests" / "elsewhere").glob("*.yaml"))
CASES = [(p, seed) for p in SCENES for seed in (0, 1, 2, 3)]


def names(scene) -> list[tuple[str, list[str]]]:
    """Every name a reader finds a speaker by: full, as called, the short word ("the Colonel"), and aloud."""
    return checks.reader_names(Company(scene))


@pytest.mark.parametrize("path,seed", CASES, ids=[f"{p.stem}-{s}" for p, s in CASES])
def test_the_winner_speaks_at_the_finish(path, seed):
    scene = load_scene(path)
    play = Playthrough(scene, seed=seed)
    for _ in play.play_out():
        pass
    if play.game.state.winner is None:
        pytest.skip("a game put away unfinished has no winner")
    winner = scene.players[play.game.state.winner].id
    paragraphs = brisk_page(path, seed).paragraphs
    last = len(play.played) - 1
    at_finish = {k for k, p in enumerate(paragraphs) if p.first is not None and p.first <= last <= p.last}
    text = "\n\n".join(p.text for p in paragraphs)
    lines = checks.spoken_lines(text, names(scene), {p.id: p.pronoun for p in (*scene.players, *scene.company)})
    speakers = [who for k, who, _, _ in lines if k in at_finish]
    assert speakers, "the finish has no talk"
    assert winner in speakers, (winner, speakers)


PLAYERS = ["elizabeth", "jane", "mary", "kitty", "lydia", "mr_bennet", "mrs_bennet", "mr_gardiner", "mrs_gardiner", "bingley", "caroline", "louisa", "hurst", "darcy", "georgiana", "fitzwilliam", "lady_catherine", "anne", "collins", "sir_william", "charlotte", "maria", "wickham"]


@pytest.mark.parametrize("who", PLAYERS)
def test_every_player_of_the_cast_has_a_word_at_the_win_and_an_answer_to_congratulation(who):
    rules = builtin()
    written = {r.parent for r in rules if r.parent}
    openers = [r for r in rules if r.spoken and not r.parent and not r.answers
               and dict(r.criteria).get("speaker") == who and dict(r.criteria).get("event") == "finish"
               and dict(r.criteria).get("speaker_role") == "actor"]
    assert len([r for r in openers if r.id in written]) >= 2  # at least two, each with a reply under it
    answers = [r for r in rules if dict(r.criteria).get("speaker") == who and dict(r.criteria).get("won") is True
               and r.answers]
    assert answers
