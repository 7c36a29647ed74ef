"""Who is who in the prose: pronouns where a novel would use them, and names once two are talking
(a name said again and again, where a novel would say "he" or "she", is the surest mark of a program)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from versus.narration import checks, narrate, voice
from versus.narration.manners import Manners
from versus.narration.referring import Referring
from versus.narration.truth import Unit
from versus.narration.voice import UNSAID, without_address
from versus.scenes.load import load_scene
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
ELSEWHERE = sorted((ROOT / "tests" / "elsewhere").glob("*.yaml"))


class Told(Referring):
    """The referring stage alone, over a scene's people."""

    def __init__(self, path: Path) -> None:
        self.scene = load_scene(path)
        self.pronouned: set[str] = set()

    def __call__(self, *sentences: str, author: int | None = None) -> list[str]:
        units = [Unit(s, 0, 0, author=(i == author)) for i, s in enumerate(sentences)]
        return [u.text for u in self.pronouns(units)]


@pytest.fixture
def told() -> Told:
    return Told(ROOT / "scenes" / "netherfield.yaml")  # Elizabeth, Mr. Darcy; Miss Bingley, Mrs. Hurst


def test_the_one_woman_named_just_before_is_she(told):
    out = told("Elizabeth spun a two.", "Elizabeth went forward to the fifth space.")
    assert out[1] == "She went forward to the fifth space."


def test_two_women_named_before_keep_their_names(told):
    out = told("Elizabeth passed Miss Bingley’s chair.", "Elizabeth went forward.")
    assert out[1] == "Elizabeth went forward."


def test_a_name_two_sentences_back_still_stands_if_nobody_of_her_sex_came_between(told):
    out = told("Elizabeth spun a two.", "The fire settled.", "Elizabeth paid a counter.")
    assert out[2] == "She paid a counter."
    out = told("Elizabeth spun a two.", "The fire settled.", "The pool grew.", "Elizabeth paid a counter.")
    assert out[3] == "Elizabeth paid a counter."  # three sentences back is too far


def test_the_author_s_sentence_breaks_the_chain(told):
    out = told("Elizabeth spun a two.", "Miss Bingley yawned.", "Elizabeth paid a counter.", author=1)
    assert out[1] == "Miss Bingley yawned." and out[2] == "Elizabeth paid a counter."


def test_a_speaker_just_spoken_of_says_it_herself(told):
    out = told("Mr. Darcy passed Elizabeth.", "\u201cYou take my place, sir,\u201d said Elizabeth.",
               "\u201cIt was the teetotum,\u201d observed Mr. Darcy.")
    assert out[1].endswith("said she.")
    assert out[2].endswith("said he.")  # "observed he" is not English


def test_objects_subjects_and_possessives_after_the_first_mention(told):
    out = told("Mr. Darcy spun a five.",
               "By the end of those rounds Mr. Darcy had paid a counter to Elizabeth and Elizabeth’s luck held.")
    assert out[1] == "By the end of those rounds he had paid a counter to Elizabeth and her luck held."


def test_a_relative_clause_keeps_the_name_it_hangs_from(told):
    out = told("Mr. Darcy spun a five.", "One spin carried Elizabeth past Mr. Darcy, whose lead was a loan.")
    assert out[1].endswith("past Mr. Darcy, whose lead was a loan.")


def test_a_pair_or_a_title_is_not_taken_for_a_subject(told):
    out = told("Elizabeth spun.", "Then Miss Bingley and Elizabeth were agreed.")
    assert out[1] == "Then Miss Bingley and Elizabeth were agreed."


@pytest.mark.parametrize("line, said", [
    (f"Impertinence, {UNSAID}, is not improved by being aimed at one’s betters.",
     "Impertinence is not improved by being aimed at one’s betters."),
    (f"It is not so very bad, {UNSAID}, is it?", "It is not so very bad, is it?"),
    (f"{UNSAID}, you are very kind.", "You are very kind."),
    (f"Oh—{UNSAID}, I never meant it.", "Oh—I never meant it."),
    (f"Well, {UNSAID}, you have won, and so.", "Well, you have won, and so."),
    (f"Humility, {UNSAID}?", "Humility?"),
    (f"You are too eager, {UNSAID}. Happiness waits.", "You are too eager. Happiness waits."),
    (f"I congratulate you, {UNSAID}, on the judgement.", "I congratulate you on the judgement."),
    (f"Take it to heart, {UNSAID}, for the board does not warn twice.",
     "Take it to heart, for the board does not warn twice."),
    (f"Come, {UNSAID}, that will make it exciting.", "Come, that will make it exciting."),
    (f"Yes, {UNSAID}, a virtue.", "Yes, a virtue."),
    (f"You have won, {UNSAID}, and I am glad.", "You have won, and I am glad."),
])
def test_a_form_of_address_left_unsaid_takes_its_commas_with_it(line, said):
    assert without_address(line) == said


def prose(scene, seed: int) -> str:
    play = Playthrough(scene, seed=seed)
    for _ in play.play_out():
        pass
    return "\n\n".join(narrate(play))


def everyone(scene):
    return [*scene.players, *scene.company]


@pytest.mark.parametrize("path", ELSEWHERE, ids=[p.stem for p in ELSEWHERE])
def test_every_said_he_and_said_she_is_read_as_the_one_who_spoke(path, monkeypatch):
    """What the narrator meant against what a reader takes: 'said she' is the last woman named before."""
    meant: list[tuple[str, str]] = []
    attribute = voice.Voices.attribute

    def recording(self, speaker, line, bare=False):
        text = attribute(self, speaker, line, bare)
        meant.append((speaker, text[1:text.index("\u201d")].rstrip(",")))
        return text

    monkeypatch.setattr(voice.Voices, "attribute", recording)
    scene = load_scene(path)
    people = [(p.id, [p.name, p.called]) for p in everyone(scene)]
    pronouns = {p.id: p.pronoun for p in everyone(scene)}
    read = 0
    for seed in range(3):
        meant.clear()
        text = prose(scene, seed)
        spoken = {line: who for who, line in meant}
        for _, who, _, line in checks.spoken_lines(text, people, pronouns):
            if line.rstrip(",") in spoken:
                assert who == spoken[line.rstrip(",")], line
                read += 1
    assert read > 10


@pytest.mark.parametrize("path", ELSEWHERE, ids=[p.stem for p in ELSEWHERE])
def test_two_talking_name_each_other_once_a_paragraph(path):
    """Once two have named each other in a paragraph, they talk on without the name (deference aside)."""
    scene = load_scene(path)
    manners = Manners(scene)
    people = [(p.id, [p.name, p.called]) for p in everyone(scene)]
    pronouns = {p.id: p.pronoun for p in everyone(scene)}
    pairs = 0
    for seed in range(3):
        by_para: dict[int, list[tuple[str, str]]] = {}
        for k, who, _, line in checks.spoken_lines(prose(scene, seed), people, pronouns):
            by_para.setdefault(k, []).append((who, line))
        for lines in by_para.values():
            named = []
            for who, line in lines:
                for other in pronouns:
                    form = manners.address(who, other) if other != who else ""
                    if form and not form.startswith(("your ", "sir", "ma")) \
                            and re.search(rf"(?:^|[,—]\s*){re.escape(form)}[,;:.?!—]", line):
                        named.append(frozenset((who, other)))
            assert len(named) == len(set(named)), lines
            pairs += len(named)
    assert pairs > 3  # the first line still names its hearer


def test_a_possessive_with_no_noun_after_it_is_hers(told):
    out = told("Elizabeth spun a six.", "Mr. Darcy had thought the first place Elizabeth’s by right.",
               "Mr. Darcy took Elizabeth’s place.")
    assert out[1] == "Mr. Darcy had thought the first place hers by right."
    assert out[2] == "He took her place."
