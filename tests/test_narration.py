"""The narrator judged as prose: no repeats, nothing modern, asides verbatim, salient events told, proportion."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from versus.narration import checks
from versus.narration.conditions import entry
from versus.narration.narrator import Narrator
from versus.narration.phrasebook import HERE, PLACEHOLDER
from versus.narration.words import curly
from versus.rules import events as ev
from versus.scenes.load import load_scene, scene_from_bytes
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
SCENES = sorted(p for p in (ROOT / "scenes").glob("*.yaml") if ".takes." not in p.name)
ALLOWED = {"who", "he", "him", "his", "himself", "He", "Him", "His", "Himself", "other", "other_his", "other_him",
           "other_he", "space", "dest", "fine", "spin", "spin_n", "turns", "months", "game", "setting", "players",
           "company", "leader", "span", "winner", "loser", "pool", "subject", "addressee", "times", "spaces", "nth",
           "count", "paid", "due", "received", "winnings", "advance", "spin_spaces", "margin", "who_times",
           "other_times"}


def played(path, seed=None, pace="brisk"):
    play = Playthrough(load_scene(path), seed=seed)
    for _ in play.play_out():
        pass
    narrator = Narrator(play, pace)
    return play, narrator, "\n\n".join(narrator.paragraphs())


CASES = [(p, seed, pace) for p in SCENES for seed, pace in ((None, "brisk"), (3, "brisk"), (11, "full"))]


@pytest.mark.parametrize("path,seed,pace", CASES, ids=[f"{p.stem}-{s}-{pace}" for p, s, pace in CASES])
def test_prose_reads_without_wincing(path, seed, pace):
    play, narrator, text = played(path, seed, pace)
    assert checks.repeated(text) == []
    assert checks.modern_words(text) == []
    assert checks.contractions(text) == []
    assert "{" not in text and "}" not in text  # every placeholder filled
    assert '"' not in text and "'" not in text  # curly quotes only
    assert narrator.missing() == []  # every confinement, collision, relief and the finish told
    assert "Fitzwilliam”" not in text and "Lady de Bourgh" not in text
    openings = checks.paragraph_openings(text)
    assert all(a != b for a, b in zip(openings, openings[1:]))


@pytest.mark.parametrize("path", SCENES, ids=[p.stem for p in SCENES])
def test_asides_appear_verbatim_where_they_fired(path):
    play, narrator, text = played(path)
    firings = play.firings()
    assert firings, "each example scene fires some aside"
    for firing in firings:
        if firing.aside.narrate:
            assert curly(firing.aside.narrate) in text
        for _, line in firing.aside.say:
            for part in re.split(r"(?<=[.!?])\s+", curly(line)):
                assert part.rstrip(".") in text


def test_the_finish_and_every_confinement_name_the_player():
    play, narrator, text = played(ROOT / "scenes" / "netherfield.yaml")
    paras = narrator.paragraphs()
    for p in play.played:
        for e in p.action.events:
            if isinstance(e, (ev.Confined, ev.Won)):
                person = play.scene.players[e.player]
                assert person.called in text or person.name in text
    assert play.game.state.winner is not None
    assert play.scene.players[play.game.state.winner].called in paras[-3] + paras[-2]


def test_the_same_take_gives_the_same_prose():
    assert played(SCENES[0])[2] == played(SCENES[0])[2]


def test_a_tally_covers_only_the_collisions_it_tells():
    """A lean draft keeps one tally a stretch: the collisions it leaves untold are reported missing."""
    play = Playthrough(load_scene(ROOT / "scenes" / "longbourn.yaml"), seed=4)
    for _ in play.play_out():
        pass
    narrator = Narrator(play, "brisk", limit=0, lean=True)
    first = narrator.told()[1]
    assert (first.first, first.last) == (0, 13) and "Mary and Jane met twice" in first.text
    missing = narrator.missing()
    assert 2 not in missing and 5 not in missing  # Mary turned Jane out at 3, and Jane Mary at 6: told
    assert {7, 9, 12} <= set(missing)  # Mary turned Lydia out at 8 and 13, Lydia Kitty at 10: not told


def test_long_games_get_proportionate_prose():
    words_per_turn = []
    for path in SCENES:
        play, _, text = played(path)
        words_per_turn.append((play.game.state.turn, len(text.split()) / play.game.state.turn))
    longest = max(words_per_turn)
    shortest = min(words_per_turn)
    assert longest[1] < shortest[1] and longest[1] < 20  # fewer words a turn as games grow long


def test_uneventful_play_is_summarised_in_brisk_but_not_full():
    brisk = played(SCENES[0], 5, "brisk")[2]
    full = played(SCENES[0], 5, "full")[2]
    assert len(full.split("\n\n")) > len(brisk.split("\n\n"))


def test_phrasebook_data_is_well_formed():
    for path in HERE.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))

        def leaves(node, where=()):
            if isinstance(node, dict):
                for key, value in node.items():
                    yield from leaves(value, (*where, key))
            else:
                yield where, node

        for where, leaf in leaves(data):
            if where and where[0] in ("names", "remark_voice_other_sex", "connective"):
                continue
            assert isinstance(leaf, list) and leaf, (path.name, where)
            for item in leaf:
                e = entry(item)
                assert e is not None, (path.name, where, item)  # a string, or {text, when} with known conditions
                assert set(PLACEHOLDER.findall(e.text)) <= ALLOWED, (path.name, where, e.text)


def test_every_space_of_both_boards_has_its_own_commentary():
    from versus.boards import load_board

    for board_id in ("mansion-of-happiness", "virtue-rewarded"):
        data = yaml.safe_load((HERE / f"{board_id}.yaml").read_text(encoding="utf-8"))
        named = [s.name for s in load_board(board_id).spaces if s.name and s.kind != "goal"]
        assert all(len(data["spaces"][name]) >= 5 for name in named), board_id


def test_an_author_phrasebook_overrides(tmp_path):
    scene_text = (ROOT / "scenes" / "netherfield.yaml").read_text()
    (tmp_path / "mine.yaml").write_text('spaces:\n  HUMILITY:\n    - "{who} was humbled, as the author insisted."\n')
    path = tmp_path / "s.yaml"
    path.write_text(scene_text + "phrasebook: mine.yaml\n")
    _, _, text = played(path)
    assert re.search(r"(Mr\. Darcy|He) was humbled, as the author insisted\.", text)  # he, if just named


def test_forms_of_address_in_company_speech():
    text = played(ROOT / "scenes" / "netherfield.yaml")[2]
    for speech in re.findall(r"“[^”]*”[^“]*?(?:said|replied|observed|returned|added|cried) Miss Bingley", text):
        assert "Miss Elizabeth" not in speech


def synthetic_scene(board: str, rules: str, players: int, max_turns: int, seed: int):
    names = [("elizabeth", "Miss Elizabeth Bennet", "Elizabeth", "she", "lively"),
             ("darcy", "Mr. Darcy", "Mr. Darcy", "he", "proud"),
             ("jane", "Miss Bennet", "Jane", "she", "gentle"),
             ("bingley", "Mr. Bingley", "Mr. Bingley", "he", "amiable"),
             ("collins", "Mr. Collins", "Mr. Collins", "he", "obsequious"),
             ("charlotte", "Miss Lucas", "Charlotte", "she", None)]
    lines = [f"title: Synthetic\ngame: {board}\nrules: {rules}\nseed: {seed}\nend: {{max_turns: {max_turns}}}",
             "players:"]
    for pid, name, called, pronoun, temper in names[:players]:
        lines.append(f"  - {{id: {pid}, name: {name}, called: {called}, pronoun: {pronoun}"
                     + (f", temper: {temper}}}" if temper else "}"))
    return scene_from_bytes("\n".join(lines).encode(), "synthetic.yaml")


@pytest.mark.parametrize("board,rules,players,max_turns", [
    ("mansion-of-happiness", "ives", 2, 10), ("mansion-of-happiness", "zh", 6, 300),
    ("mansion-of-happiness", "ives", 6, 300), ("virtue-rewarded", "darton", 2, 10),
    ("virtue-rewarded", "darton", 6, 300), ("mansion-of-happiness", "zh", 3, 40),
])
def test_any_board_preset_size_and_length(board, rules, players, max_turns):
    for seed in range(3):
        play = Playthrough(synthetic_scene(board, rules, players, max_turns, seed))
        for _ in play.play_out():
            pass
        for pace in ("brisk", "full"):
            narrator = Narrator(play, pace)
            text = "\n\n".join(narrator.paragraphs())
            assert text and checks.repeated(text) == [] and "{" not in text
            assert narrator.missing() == []


def test_envy_is_kept_for_rivals():
    text = played(ROOT / "scenes" / "netherfield.yaml")[2]
    remarks = re.findall(r"“([^”]*)”[^“]*?(?:said|replied|observed|returned|added|cried) Miss Bingley", text)
    envious_of_darcy = [r for r in remarks if "Mr. Darcy" in r and "luck" in r]
    assert remarks and not envious_of_darcy


def test_an_author_phrasebook_can_replace_a_list(tmp_path):
    scene_text = (ROOT / "scenes" / "netherfield.yaml").read_text()
    (tmp_path / "mine.yaml").write_text('override: true\nstretch:\n  - "Time passed."\n')
    path = tmp_path / "s.yaml"
    path.write_text(scene_text + "phrasebook: mine.yaml\n")
    _, narrator, text = played(path)
    assert narrator.book.templates("stretch") == ["Time passed."]
    assert text.count("Time passed.") <= 1  # used once, then the key is exhausted: never repeated


def test_virtue_rewarded_has_a_bank_not_a_pool():
    for seed in (None, 0, 1, 2, 3):
        _, _, text = played(ROOT / "scenes" / "rosings.yaml", seed)
        assert not re.search(r"\bpool\b", text)


def test_a_toll_and_the_price_of_the_place_taken_after_it_are_told_apart():
    """Netherfield, turn 6: Mr. Darcy pays a counter for THE WATER, goes on to 10, and pays another for
    Elizabeth's place there. Each sentence states its own counter, not the action's two."""
    play = Playthrough(load_scene(ROOT / "scenes" / "netherfield.yaml"), take_spins=[3, 5, 5, 2, 2, 1], seed=12)
    for _ in play.play_out():
        pass
    fines = [e for e in play.played[5].action.events if isinstance(e, ev.Fined)]
    assert [f.paid for f in fines] == [1, 1] and any(isinstance(e, ev.Displaced) for e in play.played[5].action.events)
    told = [u.text for p in Narrator(play, "full").told() for u in p.units if (u.first, u.last) == (5, 5)]
    stated = [m for text in told for m in re.findall(r"\b(a|one|two) counters?\b", text)]
    assert stated and set(stated) <= {"a", "one"}, told
