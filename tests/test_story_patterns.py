"""The patterns an author reaches for (docs/scenes.md §5): a kind of space, losing, finishing last, a
short game, leading at the end; as asides and beats (the vectorised tracker is held to the plain one with
these too: tests/test_odds_simulate.py)."""

from __future__ import annotations

import pytest

from versus.boards import space_kinds
from versus.scenes.load import scene_from_bytes
from versus.scenes.model import Pattern
from versus.scenes.problems import SceneError
from versus.takes.playthrough import Playthrough

SCENE = """
title: t
game: {game}
seed: {seed}
players:
  - {{id: elizabeth, name: Miss Elizabeth Bennet}}
  - {{id: lydia, name: Miss Lydia Bennet}}
  - {{id: bingley, name: Mr. Bingley}}
company:
  - {{id: caroline, name: Miss Bingley}}
  - {{id: jane, name: Miss Bennet}}
{more}
"""


def scene(more: str, game: str = "mansion-of-happiness", seed: int = 0):
    return scene_from_bytes(SCENE.format(game=game, seed=seed, more=more).encode(), "s.yaml")


def problems(more: str, game: str = "mansion-of-happiness") -> list[str]:
    with pytest.raises(SceneError) as caught:
        scene(more, game)
    return caught.value.lines()


def beat(text: str, game: str = "mansion-of-happiness") -> Pattern:
    return scene(f"beats: [{text}]", game).beats[0]


def test_each_board_names_its_kinds_as_data():
    mansion = {k.phrase: k.spaces for k in space_kinds("mansion-of-happiness")}
    assert mansion["a vice"] == (7, 20, 25, 61)  # AUDACITY, CRUELTY, IMMODESTY, INGRATITUDE
    assert 30 in mansion["a place of confinement"] and 11 not in mansion["a place of confinement"]  # not POVERTY
    virtue = {k.phrase: k.spaces for k in space_kinds("virtue-rewarded")}
    assert virtue["a place of confinement"] == (1, 9)  # the House of Correction, the Stocks
    assert "an offence" not in virtue  # the book's offences are its vices: an other name for them
    assert beat("lydia lands on an offence", "virtue-rewarded").spaces == beat("lydia lands on a vice",
                                                                                 "virtue-rewarded").spaces


@pytest.mark.parametrize("text,kind", [
    ("lydia lands on a vice", "lands-kind"), ("lydia lands on A Virtue", "lands-kind"),
    ("lydia lands on an offence", "lands-kind"), ("lydia reaches a place of confinement", "reaches-kind"),
    ("lydia lands on the Water", "lands"), ("lydia loses", "loses"), ("lydia finishes last", "last"),
    ("someone wins within 40 turns", "wins-within"), ("lydia wins within 30 turns", "wins-within"),
    ("lydia leads at the end", "leads-at-end"),
])
def test_the_new_patterns_read(text, kind):
    assert beat(text).kind == kind
    assert scene(f"asides: [{{when: {text}, say: {{caroline: \"La!\"}}}}]").asides[0].when.kind == kind


def test_a_kind_spelt_wrong_is_located_with_the_board_s_kinds():
    lines = problems("beats: [elizabeth lands on a vise]")
    assert lines == ["s.yaml:12:28: no space or kind of space called 'a vise' on mansion-of-happiness "
                     "(did you mean 'a vice'?); its kinds: a vice, a virtue, an offence, a place of confinement"]


def test_a_kind_no_spin_can_land_on_says_to_use_reaches():
    lines = problems("rules: {preset: zh}\nbeats: [elizabeth lands on a place of confinement]")
    assert "impossible: no spin is ever counted onto a place of confinement under these rules; try 'reaches'" \
        in lines[0]


def test_the_story_verbs_misused_are_located():
    assert "expected 'PLAYER finishes last'" in problems("beats: [lydia finishes first]")[0]
    assert problems("beats: [someone wins within forty turns]")[0].endswith("expected a whole number, not 'forty'")
    assert "expected 'someone wins within N turns'" in problems("beats: [someone loses]")[0]


def test_onlookers_in_beats_are_explained():
    lines = problems("beats: [jane wins]")
    assert lines == ["s.yaml:12:9: 'jane' is one of the company, an onlooker: onlookers do not spin, so beats "
                     "are about players (elizabeth, lydia, bingley)"]


def test_a_person_is_suggested_by_name_as_well_as_by_id():
    said = problems("asides: [{when: lydia loses, say: {miss_bingley: \"La!\"}}]")[0]
    assert "(did you mean 'caroline' (Miss Bingley)?)" in said
    moved = problems("beats: [miss_bingley wins]")[0]
    assert "Miss Bingley (caroline) is one of the company, an onlooker; onlookers do not spin" in moved


def test_an_aside_on_a_kind_fires_at_its_first_occasion_or_at_every_one():
    text = "asides: [{when: elizabeth lands on a vice, say: {caroline: \"A vice, Miss Eliza?\"}%s}]"
    for seed in range(200):
        play = Playthrough(scene(text % "", seed=seed))
        list(play.play_out())
        vices = [i for i, p in enumerate(play.played) for e in p.action.events
                 if type(e).__name__ == "Landed" and e.player == 0 and e.space in (7, 20, 25, 61)]
        if len(vices) >= 2:
            break
    assert len(vices) >= 2, "no game among the seeds has two vices of hers"
    assert [f.action for f in play.firings()] == [vices[0]]
    every = Playthrough(scene(text % ", every: true", seed=seed))
    list(every.play_out())
    assert [f.action for f in every.firings()] == vices


def test_the_end_asides_follow_the_last_event_and_beats_hold_only_at_the_end():
    s = scene("asides: [{when: lydia loses, say: {lydia: \"Lord!\"}}, {when: lydia finishes last, narrate: x}]\n"
              "beats: [lydia loses, elizabeth leads at the end]", seed=3)
    play = Playthrough(s)
    while not play.finished and len(play.played) < 10:
        play.step()
    assert play.firings() == [] and not any(held for _, held in play.beats())  # not over: nothing yet
    list(play.play_out())
    winner = play.game.state.winner
    assert winner is not None
    firings = play.firings()
    assert (winner != 1) == any(f.aside.say for f in firings)
    assert all(f.action == len(play.played) - 1 for f in firings)
    assert dict(play.beats())["elizabeth leads at the end"] == (winner == 0)


def test_the_schema_knows_the_board_s_kinds_and_only_mine():
    jsonschema = pytest.importorskip("jsonschema")
    from versus.scenes.schema import scene_schema

    validator = jsonschema.Draft202012Validator(scene_schema())
    data = {"title": "t", "game": "virtue-rewarded", "players": [{"id": "a", "name": "A", "only_mine": True},
                                                                 {"id": "b", "name": "B"}],
            "beats": ["a lands on a Vice", "b reaches a place of confinement", "someone wins within 40 turns"]}
    assert list(validator.iter_errors(data)) == []
    for bad in ("a lands on a vise", "a lands on a toll"):
        assert list(validator.iter_errors({**data, "beats": [bad]})), bad
    assert list(validator.iter_errors({**data, "players": [{"id": "a", "name": "A", "only_mine": "yes"}]}))
    assert "lands on KIND" in scene_schema()["properties"]["beats"]["items"]["description"]


def test_an_unquoted_narration_cut_at_a_comma_is_named_as_such():
    lines = problems("asides: [{when: lydia loses, narrate: She laughed, and went on}]")
    assert lines == ["s.yaml:12:39: an unquoted line holding a comma or a colon is cut short there, and what "
                     "follows read as another key: put the whole line in quotes, e.g. narrate: \"She laughed, …\""]
