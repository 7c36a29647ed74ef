"""Forms of address worked out as the period would, without a map (docs/scenes.md §2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from versus.narration import checks, narrate
from versus.narration.company import Company
from versus.narration.manners import KIN, Manners, faults
from versus.scenes.load import load_scene, scene_from_bytes, vocabulary
from versus.scenes.problems import SceneError
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
ELSEWHERE = sorted((ROOT / "tests" / "elsewhere").glob("*.yaml"))


def manners(path: str) -> Manners:
    return Manners(load_scene(ROOT / "tests" / "elsewhere" / path))


def test_sisters_use_christian_names_and_children_say_mama():
    m = manners("breakfast.yaml")
    assert m.address("jane", "lizzy") == "Elizabeth" and m.address("lizzy", "jane") == "Jane"
    assert m.address("lydia", "mary") == "Mary"
    assert m.address("lizzy", "mama") == "Mama" and m.address("mama", "lydia") == "Lydia"
    assert m.spoken_of("lizzy", "mama") == "Mama"


def test_the_eldest_is_miss_bennet_and_her_sisters_miss_elizabeth_outside_the_family():
    text = ("title: t\ngame: mansion-of-happiness\nplayers:\n"
            "  - {id: jane, name: Miss Bennet, called: Jane, pronoun: she}\n"
            "  - {id: lizzy, name: Miss Elizabeth Bennet, called: Elizabeth, pronoun: she}\n"
            "  - {id: darcy, name: Mr. Darcy, pronoun: he}\n")
    m = Manners(scene_from_bytes(text.encode(), "t.yaml"))
    assert m.address("darcy", "jane") == "Miss Bennet" and m.address("darcy", "lizzy") == "Miss Elizabeth"
    assert m.address("lizzy", "darcy") == "Mr. Darcy"


def test_a_titled_lady_is_your_ladyship_to_those_beneath_her_and_mama_to_her_daughter():
    m = manners("rosings-cards.yaml")
    assert m.address("eliza", "catherine") == "your Ladyship" and m.address("collins", "catherine") == "your Ladyship"
    assert m.spoken_of("collins", "catherine") == "her Ladyship"
    assert m.address("anne", "catherine") == "Mama"
    assert m.address("catherine", "anne") == "Anne"  # her Christian name, never "Miss de Bourgh"


def test_a_sister_says_brother_and_a_brother_her_christian_name():
    m = manners("pemberley-music.yaml")
    assert m.address("georgiana", "darcy") == "brother" and m.address("darcy", "georgiana") == "Georgiana"
    assert m.address("elizabeth", "georgiana") == "Miss Darcy"
    m = manners("netherfield-quiet.yaml")
    assert m.address("caroline", "bingley") == "brother"


def test_relations_say_what_cannot_be_inferred_and_address_overrides_all():
    text = ("title: t\ngame: mansion-of-happiness\nplayers:\n"
            "  - {id: lizzy, name: Mrs. Darcy, called: Elizabeth, pronoun: she}\n"
            "  - {id: darcy, name: Mr. Darcy, pronoun: he}\n"
            "  - {id: louisa, name: Mrs. Hurst, pronoun: she, address: {darcy: Louisa}}\n"
            "  - {id: bingley, name: Mr. Bingley, pronoun: he}\n"
            "relations: {bingley: {louisa: brother}}\n")
    m = Manners(scene_from_bytes(text.encode(), "t.yaml"))
    assert m.address("darcy", "lizzy") == "my dear" and m.address("lizzy", "darcy") == "Mr. Darcy"
    assert m.address("louisa", "bingley") == "brother" and m.address("darcy", "louisa") == "Louisa"


def test_an_unknown_relation_is_a_located_error_with_a_suggestion():
    text = ("title: t\ngame: mansion-of-happiness\nplayers:\n"
            "  - {id: a, name: Mr. Darcy}\n  - {id: b, name: Miss Darcy}\nrelations: {a: {b: bruther}}\n")
    with pytest.raises(SceneError) as error:
        scene_from_bytes(text.encode(), "t.yaml")
    assert error.value.lines() == ["t.yaml:6:20: unknown relation 'bruther' (did you mean 'brother'?)"]


def test_every_relation_word_has_its_converse():
    assert set(vocabulary()["relations"]) == set(KIN)


def prose(scene, seed=None) -> str:
    """The brisk prose of a seeded game, as it is exported."""
    play = Playthrough(scene, seed=seed)
    for _ in play.play_out():
        pass
    return "\n\n".join(narrate(play))


def people(scene) -> list[tuple[str, list[str]]]:
    return checks.reader_names(Company(scene))  # "Lizzy" tells a reader who is meant


def pronouns(scene) -> dict[str, str]:
    return {p.id: p.pronoun for p in (*scene.players, *scene.company)}


@pytest.mark.parametrize("path", ELSEWHERE, ids=[p.stem for p in ELSEWHERE])
def test_scenes_without_maps_speak_with_manners(path):
    scene = load_scene(path)
    for seed in range(4):
        text = prose(scene, seed)
        lines = checks.spoken_lines(text, people(scene), pronouns(scene))
        assert lines, "people speak"
        assert faults(scene, [(who, line) for _, who, _, line in lines]) == []
        assert checks.unanswered(lines) == 0
        assert "Lady de Bourgh" not in text


def test_the_formal_full_name_is_for_introductions_only():
    scene = load_scene(ROOT / "tests" / "elsewhere" / "netherfield-quiet.yaml")
    text = prose(scene)
    spoken = " ".join(line for *_, line in checks.spoken_lines(text, people(scene)))
    assert "Miss Elizabeth Bennet" not in spoken  # never across a table


def test_people_talk_to_each_other_in_scenes_written_elsewhere():
    shares, speaking, exchanges = [], 0, 0
    for path in ELSEWHERE:
        scene = load_scene(path)
        for seed in range(3):
            text = prose(scene, seed)
            shares.append(checks.speech_share(text))
            paras, two = checks.exchanges(checks.spoken_lines(text, people(scene), pronouns(scene)))
            speaking, exchanges = speaking + paras, exchanges + two
    assert sorted(shares)[len(shares) // 2] >= 0.25  # a quarter of the words are speech (Austen: about half)
    assert exchanges >= speaking / 3  # a third of the speaking paragraphs hold an exchange


def test_her_ladyship_is_your_ladyship_at_rosings():
    text = prose(load_scene(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml"), seed=1)
    assert "your Ladyship" in text and "Lady de Bourgh" not in text
