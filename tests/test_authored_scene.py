"""A scene written as an author new to Versus wrote it (tests/authored/): what she meant holds, and
`versus check` points at each thing in her first draft with its fix."""

from __future__ import annotations

from pathlib import Path

from versus.cli import main
from versus.scenes.load import load_scene
from versus.solve import solve
from versus.takes.playthrough import Playthrough

AUTHORED = Path(__file__).parent / "authored"
VICES = (7, 20, 25, 61)  # AUDACITY, CRUELTY, IMMODESTY, INGRATITUDE


def test_miss_bingley_is_marked_as_saying_only_the_author_s_lines():
    scene = load_scene(AUTHORED / "lucas-lodge.yaml")
    assert scene.person("caroline").only_mine is True
    assert scene.person("jane").only_mine is False and not any(p.only_mine for p in scene.players)


def test_her_remark_fires_on_the_first_vice_only_and_lydia_loses_once_solved():
    scene = load_scene(AUTHORED / "lucas-lodge.yaml")
    solution = solve(scene)
    play = Playthrough(scene, list(solution.spins))
    list(play.play_out())
    state = play.game.state
    assert state.winner is not None and state.winner != scene.seat("lydia") and state.turn <= 40
    assert dict(play.beats()) == {"someone wins within 40 turns": True, "lydia loses": True,
                                  "elizabeth lands on a vice": True}
    vices = [i for i, p in enumerate(play.played) for e in p.action.events
             if type(e).__name__ == "Landed" and e.player == 0 and e.space in VICES]
    remarks = [f for f in play.firings() if f.aside.say and f.aside.say[0][0] == "caroline"]
    assert vices and [f.action for f in remarks] == vices[:1]  # once (two vices: tests/test_story_patterns.py)
    lydia = [f for f in play.firings() if f.aside.when.text == "lydia loses"]
    assert len(lydia) == 1 and lydia[0].action == len(play.played) - 1


def test_check_names_the_three_things_in_her_draft_with_their_fixes(capsys, monkeypatch):
    monkeypatch.chdir(AUTHORED.parent.parent)
    draft = "tests/authored/lucas-lodge-draft.yaml"
    assert main(["check", draft]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        f"{draft}:12:19: warning: this line names the House of Correction, but `lydia is confined` also fires at "
        "Envy, Patience and the Stocks; use `lydia reaches House of Correction`",
        f"{draft}:14:21: an unquoted line holding a comma or a colon is cut short there, and what follows read as "
        "another speaker: put the whole line in quotes, e.g. caroline: \"Immodesty! Well, …\"",
        f"{draft}:16:11: unknown speaker 'miss_bingley' (did you mean 'caroline' (Miss Bingley)?); a speaker is a "
        "player or a member of the company",
    ]


def test_check_warns_of_a_game_too_short_to_finish(tmp_path, capsys):
    text = (AUTHORED / "lucas-lodge.yaml").read_text(encoding="utf-8") + "end:\n  max_turns: 39\n"
    (tmp_path / "short.yaml").write_text(text, encoding="utf-8")
    assert main(["check", str(tmp_path / "short.yaml")]) == 0
    warning = [line for line in capsys.readouterr().err.splitlines() if "max_turns" in line]
    assert len(warning) == 1 and warning[0].startswith(f"{tmp_path / 'short.yaml'}:")
    assert ": warning: max_turns 39 leaves 9" in warning[0] and "would let nine in ten finish" in warning[0]
    (tmp_path / "long.yaml").write_text(text.replace("max_turns: 39", "max_turns: 300"), encoding="utf-8")
    main(["check", str(tmp_path / "long.yaml")])
    assert "max_turns" not in capsys.readouterr().err


def test_a_block_line_with_a_colon_and_a_tab_are_named_as_such(tmp_path, capsys):
    colon = (AUTHORED / "lucas-lodge.yaml").read_text(encoding="utf-8").replace(
        'say: {lydia: "La! I shall not stay here long."}', "say:\n      lydia: La: I shall not stay here long.")
    (tmp_path / "colon.yaml").write_text(colon, encoding="utf-8")
    (tmp_path / "tab.yaml").write_text(colon.replace("  - {id: lydia", "\t- {id: lydia"), encoding="utf-8")
    assert main(["check", str(tmp_path / "colon.yaml"), str(tmp_path / "tab.yaml")]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"{tmp_path / 'colon.yaml'}:20:16: a colon and a space inside unquoted text read as a new key: "
                     "put the whole line in quotes (\"…\")",
                     f"{tmp_path / 'tab.yaml'}:10:1: a tab in the indentation: use spaces"]


def test_a_person_marked_only_mine_says_the_author_s_lines_and_nothing_else():
    from versus.narration import checks, compose
    from versus.narration.company import Company
    from versus.narration.words import curly

    scene = load_scene(AUTHORED / "lucas-lodge.yaml")
    people = checks.reader_names(Company(scene))
    pronouns = {p.id: p.pronoun for p in (*scene.players, *scene.company)}
    hers = {curly(line) for aside in scene.asides for who, line in aside.say if who == "caroline"}
    for seed in (0, 1, 2):
        play = Playthrough(scene, seed=seed)
        for _ in play.play_out():
            pass
        for pace in ("summary", "brisk", "full"):
            text = "\n\n".join(p.text for p in compose(play, pace).paragraphs)
            said = [line for _, who, _, line in checks.spoken_lines(text, people, pronouns) if who == "caroline"]
            assert said and all(any(part in mine for mine in hers) for part in said), said
