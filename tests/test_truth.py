"""The prose never says what did not happen (docs/narration.md, rule 1).

The truth checker is tested first on sentences made by hand against real games, one for each kind of
falsehood the prose used to tell; then the narrator's own prose is held to it, on the example scenes
and on scenes written here (a morning without onlookers, a game with no setting at all).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from helpers import with_phrasebook

from versus.export.markdown import render
from versus.narration import compose, lint, truth
from versus.narration.phrasebook import PhrasebookError, load_author
from versus.narration.pipeline import PACES
from versus.narration.truth import Replay, Unit, falsehoods
from versus.rules import events as ev
from versus.scenes.load import load_scene, scene_from_bytes
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
SCENES = sorted(p for p in (ROOT / "scenes").glob("*.yaml") if ".takes." not in p.name)
PEOPLE = [("elizabeth", "Miss Elizabeth Bennet", "Elizabeth", "she"), ("darcy", "Mr. Darcy", "Mr. Darcy", "he"),
          ("jane", "Miss Bennet", "Jane", "she"), ("bingley", "Mr. Bingley", "Mr. Bingley", "he")]


def scene_text(game="mansion-of-happiness", rules="ives", players=2, setting="", extra="", company=False,
               seed=1, turns=200) -> str:
    lines = [f"title: Written Elsewhere\ngame: {game}\nrules: {rules}\nseed: {seed}\nend: {{max_turns: {turns}}}",
             f"setting: {setting}" if setting else "", extra, "players:"]
    lines += [f"  - {{id: {i}, name: {n}, called: {c}, pronoun: {p}}}" for i, n, c, p in PEOPLE[:players]]
    if company:
        lines += ["company:", "  - {id: lucas, name: Sir William Lucas, called: Sir William, pronoun: he}"]
    return "\n".join(line for line in lines if line) + "\n"


def scene(**kw):
    return scene_from_bytes(scene_text(**kw).encode(), "elsewhere.yaml")


def play_of(sc) -> Playthrough:
    play = Playthrough(sc)
    for _ in play.play_out():
        pass
    return play


def find(predicate, seeds=range(1, 120), **kw):
    """The first game (and action index) among seeded games where predicate(action, before, after) holds."""
    for seed in seeds:
        sc = scene(seed=seed, **kw)
        play = play_of(sc)
        states = play.game.states
        for i, p in enumerate(play.played):
            if predicate(p.action, states[i], states[i + 1]):
                return sc, play, i
    raise AssertionError("no game found with that moment")


def false(sc, play, text, first, last=None) -> list[str]:
    replay = Replay(sc, play.spins())
    return [f.claim for f in falsehoods(replay, [Unit(text, first, first if last is None else last)])]


def name(sc, seat: int) -> str:
    return sc.players[seat].called


# -- the checker catches each falsehood the prose used to tell ---------------------------------------
def test_a_fine_told_at_its_printed_amount_when_nothing_was_paid():
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Fined) and e.due and not e.paid for e in a.events))
    who = name(sc, play.played[i].action.player)
    assert "payment" in false(sc, play, f"{who} paid a counter for it.", i)
    assert "fine_spoken" in false(sc, play, "“A fine, and I had so few counters to spare,” said Jane.", i)


def test_an_amount_must_be_the_amount_paid():
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Fined) and e.paid == 1 for e in a.events))
    who = name(sc, play.played[i].action.player)
    assert "payment" in false(sc, play, f"{who} paid three counters for it.", i)
    assert false(sc, play, f"{who} paid a counter for it.", i) == []


def test_nothing_happened_over_a_stretch_with_a_fine():
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Fined) and e.paid for e in a.events))
    assert "eventless" in false(sc, play, "It was a dull march, but an honest one.", max(0, i - 3), i)
    assert "eventless" in false(sc, play, "Nothing happened, and it happened slowly.", i)


def test_nothing_happened_holds_over_plain_moves():
    sc, play, i = find(lambda a, b, c: a.spin and all(isinstance(e, (ev.TurnBegan, ev.Spun, ev.Moved, ev.Landed))
                                                      for e in a.events) and c.pos[a.player] < 60
                       and b.pos[a.player] > 0)
    plain = next(e for e in play.played[i].action.events if isinstance(e, ev.Landed))
    if play.board.space(plain.space).kind == "blank":
        assert false(sc, play, "Nothing happened, and it happened slowly.", i) == []


def test_sent_back_when_a_collision_moved_the_player_forward():
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Displaced) and e.to > e.frm for e in a.events),
                       players=4)
    moved = next(e for e in play.played[i].action.events if isinstance(e, ev.Displaced))
    assert "back" in false(sc, play, f"{name(sc, moved.player)} was sent back whence the other had come.", i)


def test_an_overshoot_told_as_coming_short_of_the_goal():
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Overshot) for e in a.events))
    who = name(sc, play.played[i].action.player)
    assert "short_of_goal" in false(sc, play, f"{who} came short of the goal, and play went on.", i)
    assert false(sc, play, f"{who} overshot the Mansion of Happiness.", i) == []


def test_by_a_little_when_the_lead_is_wide():
    sc, play, i = find(lambda a, b, c: sorted(c.pos)[-1] - sorted(c.pos)[-2] >= 9)
    leader = name(sc, play.game.states[i + 1].pos.index(max(play.game.states[i + 1].pos)))
    assert "lead_narrow" in false(sc, play, f"{leader} led, by a little, and dully.", i)
    assert false(sc, play, f"{leader} was far ahead.", i) == []


def test_had_led_so_long_after_one_turn():
    sc, play, i = find(lambda a, b, c: b.turn > 6 and len(set(c.pos)) == len(c.pos) and len(set(b.pos)) == len(b.pos)
                       and c.pos.index(max(c.pos)) != b.pos.index(max(b.pos)) and max(b.pos) > 0)
    after = play.game.states[i + 1]
    new = name(sc, after.pos.index(max(after.pos)))  # leads since this very turn
    assert "lead_long" in false(sc, play, f"{new} had led so long that nobody remembered otherwise.", i)


def test_drew_ahead_while_sitting_in_the_stocks():
    sc, play, i = find(lambda a, b, c: a.spin is None and c.pos.index(max(c.pos)) == a.player, game="virtue-rewarded",
                       rules="darton", players=3)
    who = name(sc, play.played[i].action.player)
    assert "took_lead" in false(sc, play, f"{who} drew ahead of the others.", i)


def test_the_bank_paid_what_it_paid():
    sc, play, i = find(lambda a, b, c: c.winner is not None, game="virtue-rewarded", rules="darton", players=3)
    p = play.played[i].action.player
    got = sum(e.amount for e in play.played[i].action.events if isinstance(e, ev.Received) and e.player == p)
    assert got > 0
    wrong = got + 7
    assert "receipt" in false(sc, play, f"{name(sc, p)} swept {wrong} counters from the bank.", i)
    assert false(sc, play, f"{name(sc, p)} swept {got} counters from the bank.", i) == ["figures in the prose"]


def test_invented_history_in_speech():
    sc, play, i = find(lambda a, b, c: a.spin and b.turn < 3)
    assert "history" in false(sc, play, "“You did laugh at me once more, sir,” said Elizabeth.", i)


def test_the_setting_holds():
    sc, play, i = find(lambda a, b, c: True, setting="the breakfast-parlour, one bright morning")
    assert "evening" in false(sc, play, "The candles burned lower.", i)
    assert "company" in false(sc, play, "The company professed themselves shocked.", i)
    assert "going_home" in false(sc, play, "In the carriage home they spoke of nothing else.", i)
    assert false(sc, play, "The morning wore on.", i) == []


def test_grammar_and_names():
    sc, play, i = find(lambda a, b, c: a.spin == 1)
    who = name(sc, play.played[i].action.player)
    assert "“one spaces”" in false(sc, play, f"{who} went forward one spaces.", i)
    assert "a wrong article" in false(sc, play, "It was a eight.", i)
    assert any(c.startswith("a capital after a semicolon") for c in false(sc, play, "It rained; The end came.", i))
    assert any(c.startswith("printed capitals") for c in false(sc, play, f"{who} arrived at HUMILITY.", i))


def test_little_decided_by_the_spin_that_gave_the_lead():
    sc, play, i = find(lambda a, b, c: b.turn > 4 and len(set(c.pos)) == len(c.pos) and len(set(b.pos)) == len(b.pos)
                       and c.pos.index(max(c.pos)) == a.player != b.pos.index(max(b.pos)) and max(b.pos) > 0)
    who = name(sc, play.played[i].action.player)
    assert "nothing_decided" in false(sc, play, f"Little was decided by the one that {who} spun.", i)


def test_a_stretch_total_is_the_whole_payment_not_one_action():
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Fined) and e.paid == 1 for e in a.events), players=2)
    p = play.played[i].action.player
    j = next(k for k in range(i + 1, len(play.played))
             if any(isinstance(e, ev.Fined) and e.paid and e.player == p for e in play.played[k].action.events))
    states = play.game.states
    whole = sum(e.paid for q in play.played[i:j + 1] for e in q.action.events if isinstance(e, ev.Fined) and e.player == p)
    who = name(sc, p)
    assert whole >= 2
    said = f"{who} paid out {'a counter' if whole == 2 else 'two counters'} in that stretch."
    assert "stretch_total" in false(sc, play, said.replace("a counter", "one counter"), i, j)
    right = f"{who} paid out {truth.ONES[whole]} counters in that stretch."
    assert "stretch_total" not in false(sc, play, right, i, j)
    assert states[j + 1].counters[p] <= states[i].counters[p] - whole


def test_squares_named_by_the_way_they_sent_a_player_sent_that_player_that_way_as_often_as_said():
    """"Lydia was helped on by Gratitude and Truth": each square named after "up by" or "on by" carried the
    one the sentence names on from it, each after "down by" or "back by" sent them back, and a count is the
    count."""
    from versus.narration.realise import space_name

    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Landed) and c.pos[e.player] > e.space
                                           and _named(e.space) for e in a.events), players=2)
    landed = next(e for e in play.played[i].action.events if isinstance(e, ev.Landed))
    who, board = name(sc, landed.player), Replay(sc, play.spins()).board
    square = space_name(board.space(landed.space).name, False)
    assert "route" not in false(sc, play, f"{who} went up by {square}.", i)
    assert "route" in false(sc, play, f"{who} went down by {square}.", i)  # it carried them on
    assert "route" in false(sc, play, f"{who} went up by {square} twice.", i)  # once
    other = next(space_name(s.name, False) for n, s in enumerate(board.spaces)
                 if s.name and s.name != board.space(landed.space).name and n > 0)
    assert "route" in false(sc, play, f"{who} went up by {square} and {other}.", i)  # never there
    someone = name(sc, 1 - landed.player)
    assert "route" in false(sc, play, f"{someone} went up by {square}.", i)  # it was not theirs


def test_a_square_named_by_its_number_is_one_the_player_stood_on_or_came_to():
    """"From the sixty-second square she overshot the Mansion": a square told by its number is one a player the
    sentence names stood on, spun from or came to in its actions, whatever the words ("the 62nd square")."""
    from versus.narration.words import ordinal

    def apart(a, b, c):  # a move from beyond the twentieth square, with the other player somewhere else again
        them = b.pos[1 - a.player]
        return b.pos[a.player] > 20 and c.pos[a.player] != b.pos[a.player] and them > 0 \
            and them not in (b.pos[a.player], c.pos[a.player]) and them == c.pos[1 - a.player]

    sc, play, i = find(apart, players=2)
    p = play.played[i].action.player
    before, after, theirs = (play.game.states[i].pos[p], play.game.states[i + 1].pos[p],
                             play.game.states[i].pos[1 - p])
    who = name(sc, p)
    assert "square_number" not in false(sc, play, f"From the {ordinal(before)} square {who} spun on.", i)
    assert "square_number" not in false(sc, play, f"{who} came at last to the {after}th space.", i)
    landed = [e.space for e in play.played[i].action.events if isinstance(e, ev.Landed)]
    never = next(n for n in range(1, 60) if n not in (before, after, theirs, *landed))
    assert "square_number" in false(sc, play, f"From the {ordinal(never)} square {who} spun on.", i)
    assert "square_number" in false(sc, play, f"{who} stood upon the {ordinal(theirs)} square.", i)  # the other's


def _named(space: int) -> bool:
    from versus.boards import load_board

    return bool(load_board("mansion-of-happiness").space(space).name)


def test_throughout_a_round_someone_else_led():
    sc, play, i = find(lambda a, b, c: b.turn > 4 and len(set(c.pos)) == len(c.pos) and len(set(b.pos)) == len(b.pos)
                       and c.pos.index(max(c.pos)) != b.pos.index(max(b.pos)) and max(b.pos) > 0)
    before = name(sc, play.game.states[i].pos.index(max(play.game.states[i].pos)))
    said = f"It was {before} whom the teetotum preferred throughout the round."
    assert "held_throughout" in false(sc, play, said, max(0, i - 1), i)


def test_took_up_the_teetotum_again_after_the_last_spin():
    sc, play, i = find(lambda a, b, c: c.winner is not None, players=2)
    loser = 1 - play.played[i].action.player
    last = max(k for k, q in enumerate(play.played) if q.action.player == loser and q.action.spin is not None)
    said = f"{name(sc, loser)} was shut up once, and took up the teetotum again afterwards."
    assert "spun_afterwards" in false(sc, play, said, last, len(play.played) - 1)


def test_another_month_when_the_month_was_the_last():
    sc, play, i = find(lambda a, b, c: a.spin is None and any(isinstance(e, ev.Released) for e in a.events), players=2)
    who = name(sc, play.played[i].action.player)
    assert "still_waiting" in false(sc, play, f"{who} was shut up in the House of Correction for another month.", i)
    j = next(k for k in range(i) if any(isinstance(e, ev.Confined) for e in play.played[k].action.events)
             and play.game.states[k + 1].waiting[play.played[i].action.player] > 0)
    assert "still_waiting" not in false(sc, play, f"{who} was still shut up.", j)


def test_an_advantage_that_had_not_lasted_was_once_held():
    def sole(state):
        top = sorted(state.pos, reverse=True)
        return state.pos.index(top[0]) if top[0] > 0 and top[0] != top[1] else None

    # the first action after which a player leads alone: the other has never led alone before it
    sc, play, i = find(lambda a, b, c: sole(c) is not None, players=2)
    leader = sole(play.game.states[i + 1])
    said = f"{name(sc, 1 - leader)}’s advantage had not lasted: by then {name(sc, leader)} was in front."
    assert "lead_lost" in false(sc, play, said, i)
    # later, after the other has led: the same sentence holds
    states = play.game.states
    j = next(k for k in range(i + 1, len(play.played)) if sole(states[k]) == 1 - leader and sole(states[k + 1]) == leader)
    assert "lead_lost" not in false(sc, play, said, j)


def test_the_whole_table_behind_one_who_did_not_lead():
    """A near miss told of the leader ("had the whole table behind her … when Anger sent her down") is
    false of a player who did not lead alone just before it."""
    def sole(state):
        top = sorted(state.pos, reverse=True)
        return state.pos.index(top[0]) if top[0] > 0 and top[0] != top[1] else None

    sc, play, i = find(lambda a, b, c: sole(b) is not None and a.player != sole(b), players=2)
    leader = sole(play.game.states[i])
    trailer = play.played[i].action.player
    def behind(seat: int) -> str:
        return f"{name(sc, seat)} had the whole table behind {'him' if sc.players[seat].pronoun == 'he' else 'her'}."

    assert "led_before" in false(sc, play, behind(trailer), i)
    assert "led_before" not in false(sc, play, behind(leader), i)


# -- the narrator tells only what happened ---------------------------------------------------------
def told_falsehoods(sc, seed: int, pace: str) -> list[str]:
    play = Playthrough(sc, seed=seed)
    for _ in play.play_out():
        pass
    units = [u for para in compose(play, pace).paragraphs for u in para.units]
    return [str(f) for f in falsehoods(Replay(sc, play.spins()), units)]


CASES = [(p, seed, pace) for p in SCENES for seed in (0, 7, 23) for pace in PACES]


@pytest.mark.parametrize("path,seed,pace", CASES, ids=[f"{p.stem}-{s}-{pace}" for p, s, pace in CASES])
def test_the_example_scenes_say_nothing_false(path, seed, pace):
    assert told_falsehoods(load_scene(path), seed, pace) == []


ELSEWHERE = {
    "virtue-morning-alone": dict(game="virtue-rewarded", rules="darton", players=3,
                                 setting="the library at Longbourn, on a wet morning"),
    "mansion-no-setting": dict(players=4),
    "mansion-zh-company": dict(rules="zh", players=3, company=True, extra="time: afternoon"),
    "virtue-evening-printed": dict(game="virtue-rewarded", rules="darton", players=2, extra="names: printed",
                                   setting="the parlour after supper", company=True),
}


@pytest.mark.parametrize("key", ELSEWHERE)
def test_scenes_written_elsewhere_say_nothing_false(key):
    kw = ELSEWHERE[key]
    for seed in (2, 5):
        sc = scene(seed=seed, **kw)
        for pace in PACES:
            assert told_falsehoods(sc, seed, pace) == []


def test_a_morning_without_onlookers_has_no_evening_and_no_company():
    sc = scene(**ELSEWHERE["virtue-morning-alone"])
    for seed in range(4):
        text = " ".join(p.text for p in compose(play_of(scene(seed=seed, **ELSEWHERE["virtue-morning-alone"])),
                                                       "brisk").paragraphs)
        assert not re.search(r"\b(evening|candles?|supper|tonight|onlookers?|spectators|the company)\b", text, re.I)
    assert sc.extra == {}


def test_annotated_exports_read_back_true_and_cover_every_action_once():
    for path in SCENES:
        sc = load_scene(path)
        for pace in PACES:
            play = play_of(sc)
            markdown = render(play, "test", pace, annotate=True)
            assert truth.audit_export(markdown, sc) == []
            _, units = truth.annotated_units(markdown)
            notes = re.findall(r"<!-- versus: (actions|talk) (none|(\d+)-(\d+)) -->", markdown)
            assert len(notes) == len(units)
            spans = [(int(a) - 1, int(b) - 1) for kind, _, a, b in notes if kind == "actions" and a]  # narration
            if pace != "summary":  # a summary is one or two paragraphs that tell the whole game
                assert notes[0][1] == "none" and notes[-1][1] == "none"  # the opening and the close
            assert spans[0][0] == 0 and spans[-1][1] == len(play.played) - 1
            assert all(b[0] == a[1] + 1 and b[0] <= b[1] for a, b in itertools.pairwise(spans))  # in order, no gaps


def test_annotations_are_dropped_by_renderers():
    from markdown_it import MarkdownIt

    play = play_of(load_scene(SCENES[1]))
    html = MarkdownIt("commonmark").render(render(play, "test", "brisk", annotate=True).split("\n---\n", 1)[1])
    assert "<!-- versus: actions" in html and "versus: actions" not in re.sub(r"<!--.*?-->", "", html)


def test_names_as_a_novel_prints_them_unless_the_scene_asks_for_capitals():
    novel = " ".join(p.text for p in compose(play_of(load_scene(ROOT / "scenes" / "netherfield.yaml")), "full").paragraphs)
    assert not re.search(r"\b[A-Z]{2,}\b", novel)
    assert re.search(r"\bthe (House of Correction|Pillory|Stocks|Water|Inn)\b", novel)
    printed = scene(extra="names: printed", players=3, seed=4)
    text = " ".join(p.text for p in compose(play_of(printed), "full").paragraphs)
    assert re.search(r"\b(HUMILITY|PRUDENCE|THE WATER|POVERTY|THE INN|IDLENESS|[A-Z]{4,})\b", text)


def test_every_builtin_template_declares_what_it_claims():
    assert [str(f) for f in lint.builtin_faults()] == []


def test_an_author_phrasebook_is_held_to_known_conditions(tmp_path):
    book = tmp_path / "mine.yaml"
    book.write_text('narration:\n  - text: "{Actor} was humbled."\n    when: {recieved: ">0"}\n')
    with pytest.raises(PhrasebookError, match=r"mine.yaml:3:\d+: unknown condition 'recieved' \(did you mean received\?\)"):
        load_author(str(book))


def test_an_author_rule_is_told_only_when_its_criteria_hold(tmp_path):
    rules = ('narration:\n'
             '  - {text: "{Actor} came to the finish in the evening.", beat: finish, when: {time: evening}}\n'
             '  - {text: "{Actor} came to the finish in the morning.", beat: finish, when: {time: morning}}\n')
    path = with_phrasebook(tmp_path, ROOT / "scenes" / "netherfield.yaml", rules)
    play = play_of(load_scene(path))
    assert play.game.state.winner is not None
    prose = " ".join(p.text for p in compose(play, "brisk").paragraphs)
    assert "came to the finish in the evening." in prose and "in the morning" not in prose


# -- collisions counted: who met whom, how often, and who gave way ------------------------------------
def seed4():
    """The Longbourn take of seed 4, whose fourth paragraph (actions 22-75) once told Jane and Elizabeth
    meeting thrice, Elizabeth giving way each time: they met four times, and at 67 Jane gave way."""
    sc = load_scene(ROOT / "scenes" / "longbourn.yaml")
    play = Playthrough(sc, seed=4)
    for _ in play.play_out():
        pass
    jane_and_lizzy = [(i + 1, e.by, e.player) for i, p in enumerate(play.played) for e in p.action.events
                      if isinstance(e, ev.Displaced) and {e.by, e.player} == {0, 1} and 21 <= i <= 74]
    assert jane_and_lizzy == [(31, 0, 1), (61, 0, 1), (67, 1, 0), (71, 0, 1)]
    return sc, play


def test_a_count_of_meetings_is_held_to_the_collisions_either_way():
    sc, play = seed4()
    said = "The board being narrow, Jane and Elizabeth met thrice, and each time it was Elizabeth who gave way."
    assert false(sc, play, said, 21, 73) == ["collisions_counted"]  # the stretch the tally told
    paragraph = falsehoods(Replay(sc, play.spins()), [Unit(said, 21, 74)], strict=False)  # its paragraph, read whole
    assert [f.claim for f in paragraph] == ["collisions_counted"]
    assert "collisions_counted" in false(sc, play, said.replace("thrice", "four times"), 21, 73)  # not each time
    for true in ("Jane and Elizabeth met four times.",
                 "Jane displaced Elizabeth thrice before the game was much older.",
                 "Elizabeth displaced Jane once.",
                 "Kitty made Elizabeth give up her place twice, and grew less apologetic each time.",
                 "Jane turned Elizabeth out of her place thrice, and Elizabeth returned the compliment once.",
                 "The board being narrow, Jane and Elizabeth met four times, and the honours were divided: thrice it "
                 "was Elizabeth who gave way, and once Jane.",
                 "Jane and Elizabeth came four times to the same square, and it was not always the same one who "
                 "gave way."):
        assert false(sc, play, true, 21, 73) == [], true
    for wrong in ("Jane displaced Elizabeth four times.", "Elizabeth displaced Jane twice.",
                  "Jane and Elizabeth met four times upon the narrow board, and gave way to one another by turns.",
                  "Jane and Elizabeth turned each other out twice apiece."):
        assert false(sc, play, wrong, 21, 73) == ["collisions_counted"], wrong
    # Mary turned Lydia out at 8 and 13, and Lydia never turned Mary out before 14
    assert false(sc, play, "Mary and Lydia met twice, and each time it was Lydia who gave way.", 0, 12) == []
    assert false(sc, play, "Lydia and Mary met twice, and each time it was Mary who gave way.", 0, 12) \
        == ["collisions_counted"]


def test_squares_named_with_how_often_they_sent_a_player_back_are_counted():
    """A stretch may name its squares ("whom Passion twice turned back"): each count is held to the
    times that square sent a player the sentence names back within its actions."""
    sc = load_scene(ROOT / "scenes" / "longbourn.yaml")
    play = Playthrough(sc, seed=2)
    for _ in play.play_out():
        pass
    states = play.game.states
    sent = [(i, e.space) for i, p in enumerate(play.played) for e in p.action.events
            if isinstance(e, ev.Landed) and e.player == 0 and 35 <= i <= 57 and states[i + 1].pos[0] < states[i].pos[0]]
    passion = next(n for n, s in enumerate(play.game.board.spaces) if s.name == "PASSION")
    assert sent == [(sent[0][0], passion), (sent[1][0], passion)]  # Jane went back from Passion twice in 36-58
    said = "The road to the Mansion of Happiness proved a long one for Jane, whom Passion twice turned back on it."
    assert false(sc, play, said, 35, 57) == []
    assert false(sc, play, said.replace("twice", "thrice"), 35, 57) == ["setbacks_counted"]
    assert false(sc, play, said.replace("Passion", "Immodesty"), 35, 57) == ["setbacks_counted"]
    assert "setbacks_counted" in false(sc, play, said.replace("Jane", "Lydia"), 35, 57)  # not hers
    assert false(sc, play, said, sent[1][0] + 1, 57) == ["setbacks_counted"]  # after both


def test_a_square_that_turned_a_player_back_to_where_the_spin_began_is_a_setback():
    """Mr. Darcy, at 21, spins four to Immodesty and is sent back to 21: his counter ends where it began,
    but a reader counts the reverse, and so do the stretch's facts and the checker."""
    from versus.narration.facts import Facts

    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Landed) and e.space > c.pos[a.player] == b.pos[a.player]
                                           for e in a.events), players=2)
    facts = Facts(play.game.board, [p.action for p in play.played], play.game.states)
    a = facts.actions[i]
    assert a.moved == "still" and a.turned_back and facts.stretch([i]).reverses[a.player] == 1
    square = play.game.board.spaces[a.landed].name.title()
    said = f"It was {name(sc, a.player)} whom {square} once turned back."
    assert false(sc, play, said, i) == []
    assert false(sc, play, said.replace("once", "twice"), i) == ["setbacks_counted"]


def test_a_square_named_with_its_article_is_counted_too():
    """"whom the Perjurer twice turned back": the board prints A PERJURER, the prose says "the Perjurer"."""
    sc = load_scene(ROOT / "scenes" / "netherfield.yaml")
    play = Playthrough(sc, seed=12)
    for _ in play.play_out():
        pass
    said = "The road to the Mansion of Happiness proved a long one for Elizabeth, whom the Perjurer twice turned back on it."
    assert false(sc, play, said, 99, 110) == []
    assert false(sc, play, said.replace("twice", "thrice"), 99, 110) == ["setbacks_counted"]



def test_a_round_figure_of_spaces_holds_within_two_of_the_truth():
    from versus.boards import load_board
    from versus.narration.words import about, number

    assert about(7) == "seven spaces" and about(17) == "above fifteen spaces" and about(19) == "nearly twenty spaces"
    assert about(30) == "fully thirty spaces"
    goal = load_board("mansion-of-happiness").goal
    sc, play, i = find(lambda a, b, c: b.turn > 3 and goal - c.pos[a.player] >= 30 and (goal - c.pos[a.player]) % 5)
    seat = play.played[i].action.player
    far, who = goal - play.game.states[i + 1].pos[seat], name(sc, seat)
    assert "distance" not in false(sc, play, f"{who} stood {about(far)} from the Mansion of Happiness.", i)
    assert "distance" in false(sc, play, f"{who} stood some {number(5 * round(far / 5) + 15)} spaces from it.", i)
    assert "distance" in false(sc, play, f"{who} stood {number(far + 3)} spaces from it.", i)
    wrong = "above" if about(far).startswith("nearly") else "nearly"  # each points one way: the other is false
    assert "distance" in false(sc, play, f"{who} stood {wrong} {number(5 * round(far / 5))} spaces from it.", i)


def test_a_spin_named_is_a_spin_its_player_made():
    """"Charlotte spun a five and walked into the Mansion": the number is the one the teetotum showed."""
    from versus.narration.words import a_spin

    sc, play, i = find(lambda a, b, c: a.spin == 5)
    who = name(sc, play.played[i].action.player)
    assert "spin_named" not in false(sc, play, f"{who} spun {a_spin(5)} and went on.", i)
    assert "spin_named" in false(sc, play, f"{who} spun {a_spin(3)} and went on.", i)
    assert "spin_named" in false(sc, play, f"The teetotum showed {a_spin(2)} for {who}.", i)


def test_a_spin_wanted_is_how_far_its_player_stood_from_the_goal():
    """"She stood upon the sixty-third square and wanted a four": the number is the spin that would have carried
    the player home from where the action began, not a spin anybody made."""
    from versus.boards import load_board
    from versus.narration.words import a_spin

    goal = load_board("mansion-of-happiness").goal
    sc, play, i = find(lambda a, b, c: 0 < goal - b.pos[a.player] <= 6 and a.spin != goal - b.pos[a.player]
                       and b.pos[1 - a.player] != b.pos[a.player], players=2)
    assert Replay(sc, play.spins()).board.goal == goal
    p = play.played[i].action.player
    wanted, spun = goal - play.game.states[i].pos[p], play.played[i].action.spin
    who, other = name(sc, p), name(sc, 1 - p)
    assert "spin_wanted" not in false(sc, play, f"{who} wanted {a_spin(wanted)} to reach the Mansion.", i)
    assert "spin_wanted" not in false(sc, play, f"{who} wanted only {a_spin(wanted)}.", i)
    assert "spin_wanted" in false(sc, play, f"{who} wanted {a_spin(spun)} to reach the Mansion.", i)  # spun, not wanted
    assert "spin_wanted" in false(sc, play, f"{other} wanted {a_spin(wanted)} to reach the Mansion.", i)


def test_a_lead_lost_within_a_paragraph_reads_back_true():
    """"Anger sent Elizabeth back to Patience to wait, when she was leading the table with Virtue only a space off" in a
    summary's one paragraph: read back from its annotation the lead was Elizabeth's before the action that
    lost it, which is not the paragraph's first; the claim holds where she led before one of its actions."""
    sc = load_scene(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml")
    play = Playthrough(sc, seed=1)
    for _ in play.play_out():
        pass
    markdown = render(play, "test", "summary", annotate=True)
    assert re.search(r"(was leading|led) the table", markdown), markdown
    assert truth.audit_export(markdown, sc) == []


def test_begun_again_only_for_those_the_second_overshoot_sent_to_the_start():
    """"Elizabeth and Mary in turn … had to begin the road again from the very start": the checker holds every
    player named to a second overshoot that began their road again in those actions."""
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Overshot) and e.outcome == "begin-again"
                                           for e in a.events), players=3)
    who = play.played[i].action.player
    other = name(sc, (who + 1) % 3)
    told = "spun past the Mansion a second time, and had to begin the road again from the very start."
    assert false(sc, play, f"{name(sc, who)} {told}", i) == []
    assert "begun_again" in false(sc, play, f"{other} {told}", i)
    assert "begun_again" in false(sc, play, f"{name(sc, who)} and {other} in turn {told}", i)


def test_numbers_in_the_period_s_words_and_the_checker_reads_them():
    """"The nine-and-fiftieth square", "five-and-twenty spaces": the tens after the units, as a narrator of the day
    wrote them (readers of the hand pages took such numbers for a person's). The checker reads them as it reads
    "twenty-five", and still finds a wrong one."""
    from versus.narration.words import number, ordinal

    assert [number(n) for n in (7, 20, 25, 59)] == ["seven", "twenty", "five-and-twenty", "nine-and-fifty"]
    assert [ordinal(n) for n in (1, 12, 20, 21, 59, 64)] == [
        "first", "twelfth", "twentieth", "one-and-twentieth", "nine-and-fiftieth", "four-and-sixtieth"]
    assert truth.NUMBERS["five-and-twenty"] == truth.NUMBERS["twenty-five"] == 25
    assert truth.ORDINALS["nine-and-fiftieth"] == truth.ORDINALS["fifty-ninth"] == 59
    sc, play, i = find(lambda a, b, c: any(isinstance(e, ev.Fined) and e.paid for e in a.events)
                       and b.pos[a.player] > 20)
    who, frm = name(sc, play.played[i].action.player), play.game.states[i].pos[play.played[i].action.player]
    assert "square_number" not in false(sc, play, f"From the {ordinal(frm)} square {who} spun on.", i)
    assert "square_number" in false(sc, play, f"From the {ordinal(frm + 23)} square {who} spun on.", i)
