"""Length and pace are the author's to choose, and no phrase comes round too often."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from versus.cli import main
from versus.narration import checks, compose
from versus.scenes.load import load_scene, scene_from_bytes
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
ELSEWHERE = sorted((ROOT / "tests" / "elsewhere").glob("*.yaml"))


def played(scene, seed=None) -> Playthrough:
    play = Playthrough(scene, seed=seed)
    for _ in play.play_out():
        pass
    return play


@pytest.mark.parametrize("path", ELSEWHERE, ids=[p.stem for p in ELSEWHERE])
def test_a_summary_is_a_paragraph_or_two_that_names_the_winner(path):
    scene = load_scene(path)
    for seed in (1, 2):
        play = played(scene, seed)
        prose = compose(play, "summary")
        assert 1 <= len(prose.paragraphs) <= 2 and 90 <= prose.words <= 330
        winner = play.game.state.winner
        text = " ".join(p.text for p in prose.paragraphs)
        if winner is not None:
            person = scene.players[winner]
            assert person.called in prose.paragraphs[-1].text or person.name in prose.paragraphs[-1].text
        assert "“" in text  # the people's part


def test_an_unfinished_summary_says_how_things_stood():
    text = (ROOT / "tests" / "elsewhere" / "breakfast.yaml").read_text().replace("max_turns: 150", "max_turns: 30")
    scene = scene_from_bytes(text.encode(), "short.yaml")
    play = played(scene)
    assert play.game.state.winner is None
    last = compose(play, "summary").paragraphs[-1].text
    assert any(word in last for word in ("goal", "won", "undecided", "unfinished", "finished", "laid aside",
                                         "folded", "never"))


@pytest.mark.parametrize("path", ELSEWHERE, ids=[p.stem for p in ELSEWHERE])
@pytest.mark.parametrize("words", [150, 600, 1200])
def test_a_word_budget_is_met_within_fifteen_percent(path, words):
    prose = compose(played(load_scene(path), 3), "brisk", words)
    assert abs(prose.words - words) <= 0.15 * words, prose.warnings


@pytest.mark.parametrize("path", ELSEWHERE, ids=[p.stem for p in ELSEWHERE])
def test_brisk_has_a_length_an_author_would_paste(path):
    scene = load_scene(path)
    for seed in (0, 4):
        assert 400 <= compose(played(scene, seed)).words <= 1600


@pytest.mark.parametrize("path", ELSEWHERE, ids=[p.stem for p in ELSEWHERE])
def test_no_four_word_phrase_comes_round_more_than_three_times(path):
    scene = load_scene(path)
    for seed in (0, 5):
        play = played(scene, seed)
        text = "\n\n".join(p.text for p in compose(play).paragraphs)
        assert checks.repeated_phrases(text, checks.scene_names(scene, play.board)) == []


def test_a_manuscript_shares_no_sentence_and_the_same_take_exports_the_same(tmp_path, monkeypatch):
    (tmp_path / "scenes").mkdir()
    for path in ELSEWHERE:
        shutil.copy(path, tmp_path / "scenes" / path.name)
    monkeypatch.chdir(tmp_path)
    for path in ELSEWHERE:
        assert main(["export", f"scenes/{path.name}"]) == 0
    folder = tmp_path / "manuscript_exports"
    texts = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.md")}
    assert len(texts) == 4 and checks.shared_sentences(texts) == []
    before = sorted(folder.iterdir())
    assert main(["export", f"scenes/{ELSEWHERE[0].name}"]) == 0  # again: the same bytes, nothing new written
    assert sorted(folder.iterdir()) == before
    (folder / ".versus-phrasings.yaml").unlink()  # the README's reset: exports draw on every phrasing again
    assert main(["export", f"scenes/{ELSEWHERE[1].name}"]) == 0


def test_the_author_is_told_when_asides_alone_exceed_the_budget(project, capsys):
    assert main(["export", "scenes/netherfield.yaml", "--words", "60", "-o", "short.md"]) == 0
    assert "asides alone run to" in capsys.readouterr().err


def test_a_budget_must_be_a_sensible_number(project, capsys):
    assert main(["export", "scenes/netherfield.yaml", "--words", "12"]) == 2
    assert "from 50 to 100,000" in capsys.readouterr().err


def test_a_budget_no_shape_can_reach_is_found_out_in_a_few_drafts(monkeypatch):
    """A long budget for a short game: once the largest shape falls short, no smaller one is drafted (the
    search used to draft 121 shapes, each short, before telling every turn)."""
    from versus.narration import pipeline

    drafted = []
    real = pipeline.Telling._draft
    monkeypatch.setattr(pipeline.Telling, "_draft",
                        lambda self, pace, *rest: drafted.append(pace) or real(self, pace, *rest))
    prose = compose(played(load_scene(ROOT / "tests" / "elsewhere" / "netherfield-quiet.yaml"), 3), "brisk", 4000)
    assert len(drafted) <= 8 and drafted[-1] == "full"
    assert prose.warnings and "every turn" in prose.warnings[0]
