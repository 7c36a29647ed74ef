"""The narrator judged as a novel's page (docs/narration.md): dialogue as novels print it, replies that
answer what was said, voices that stay with their owners, the turning points given weight."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from helpers import brisk_page, brisk_play, brisk_text, with_phrasebook

from versus.narration import checks, compose
from versus.narration.cast import bundled, match
from versus.narration.company import Company
from versus.narration.pipeline import Telling, shapes
from versus.narration.plan import Shape
from versus.narration.rules import Book, builtin, parse
from versus.narration.words import curly
from versus.scenes.load import load_scene, scene_from_bytes
from versus.scenes.model import Person
from versus.takes.playthrough import Playthrough

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted(p for p in (ROOT / "scenes").glob("*.yaml") if ".takes." not in p.name)
ELSEWHERE = sorted((ROOT / "tests" / "elsewhere").glob("*.yaml"))
EIGHT = EXAMPLES + ELSEWHERE


def played(scene, seed=None) -> Playthrough:
    play = Playthrough(scene, seed=seed)
    for _ in play.play_out():
        pass
    return play


def text_of(play, pace="brisk", words=None) -> str:
    return "\n\n".join(p.text for p in compose(play, pace, words).paragraphs)


def people(scene):
    return checks.reader_names(Company(scene))  # "Lizzy" tells a reader who is meant


def pronouns(scene):
    return {p.id: p.pronoun for p in (*scene.players, *scene.company)}


# -- the page ----------------------------------------------------------------------------------------
PAGES = [(p, seed) for p in EIGHT for seed in (0, 1, 2)]


@pytest.mark.parametrize("path,seed", PAGES, ids=[f"{p.stem}-{s}" for p, s in PAGES])
def test_dialogue_as_a_novel_prints_it(path, seed):
    scene = load_scene(path)
    text = brisk_text(path, seed)
    lines = checks.spoken_lines(text, people(scene), pronouns(scene))
    assert checks.mixed_speakers(lines) == []  # a new paragraph whenever the speaker changes
    assert checks.unknown_speakers(text, lines) == []  # every speech's speaker plain to a reader
    assert checks.unanswered(lines) == 0  # "replied" only after another person spoke
    assert 0.25 <= checks.speech_share(text) <= 0.55
    speakers = {who for _, who, _, _ in lines}
    assert {p.id for p in scene.company} <= speakers  # every onlooker has a word to say
    assert len(re.findall(r"in that stretch|in those (rounds|turns)", text)) <= 2
    assert checks.repeated(text) == [] and checks.modern_words(text) == [] and checks.contractions(text) == []
    assert "{" not in text and '"' not in text


def test_the_same_take_gives_the_same_prose():
    scene = load_scene(EXAMPLES[0])
    assert text_of(played(scene, 5)) == text_of(played(scene, 5))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_takes_that_share_their_first_spins_share_the_opening(path):
    """A fork replays the same beginning: the prose of it is chosen by the spins so far, not the whole take."""
    scene = load_scene(path)
    one = played(scene, 1)
    faces = one.faces
    other = Playthrough(scene, take_spins=one.spins()[:5] + [s % faces + 1 for s in one.spins()[5:]])
    for _ in other.play_out():
        pass
    assert other.spins()[:5] == one.spins()[:5] and other.spins() != one.spins()
    assert compose(other).paragraphs[0].text == compose(one).paragraphs[0].text


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_where_the_author_speaks_the_talk_is_hers_alone(path):
    """At a moment an aside of the author's speaks to, no generated line is added to hers but the answer of the
    one it spoke of."""
    scene = load_scene(path)
    for seed, pace in ((0, "brisk"), (1, "brisk"), (0, "full")):
        play = played(scene, seed)
        paragraphs = compose(play, pace).paragraphs
        for firing in play.firings():
            if not firing.aside.say:
                continue
            hers = [curly(line)[-14:-1] for _, line in firing.aside.say]
            # her first line may follow its action in the same paragraph ("…the Whipping Post. “La!” cried she")
            led = [p.text[p.text.index("“"):] for p in paragraphs if not p.talk and p.first is not None
                   and p.first <= firing.action <= (p.last if p.last is not None else -1) and any(h in p.text for h in hers)]
            talk = [p.text for p in paragraphs if p.talk and p.first == firing.action] + led
            ours = [t for t in talk if not any(h in t for h in hers)]  # the answer of the one it spoke of, at most
            assert talk and len(ours) <= 1 and all(any(a in t for a in ANSWERS) for t in ours), talk


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_asides_appear_verbatim_where_they_fired_at_every_pace(path):
    scene = load_scene(path)
    play = played(scene)
    assert play.firings(), "each example scene fires some aside"
    for pace in ("summary", "brisk", "full"):
        text = text_of(play, pace)
        for firing in play.firings():
            if firing.aside.narrate:
                assert curly(firing.aside.narrate) in text
            for _, line in firing.aside.say:
                for part in re.split(r"(?<=[.!?])\s+", curly(line)):
                    assert part.rstrip(".,") in text


def test_the_finish_gets_a_conversation_and_names_the_winner():
    scene = load_scene(ROOT / "scenes" / "netherfield.yaml")
    play = played(scene)
    winner = scene.players[play.game.state.winner]
    paragraphs = compose(play).paragraphs
    last_action = len(play.played) - 1
    told = [p for p in paragraphs if p.first is not None and p.first <= last_action <= p.last]
    assert any(p.talk for p in told) and any(winner.called in p.text for p in told)


DISTANCE = re.compile(r"\b(a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|\w+ty(-\w+)?) "
                      r"spaces?\b")


@pytest.mark.parametrize("path,seed", PAGES, ids=[f"{p.stem}-{s}" for p, s in PAGES])
def test_the_end_is_seen_coming(path, seed):
    """The run to the finish is told (the winner named in the play just before the winning spin, or
    the finish telling how far the winner had to go), not announced in half a sentence."""
    scene = load_scene(path)
    play = played(scene, seed)
    if play.game.state.winner is None:
        pytest.skip("a game put away unfinished has no run to the finish")
    winner = scene.players[play.game.state.winner]
    last = len(play.played) - 1
    units = [u for p in brisk_page(path, seed).paragraphs for u in p.units if u.last is not None]
    pronoun = re.compile(rf"\b{winner.pronoun}\b", re.I)
    run_in = [u.text for u in units if u.last == last - 1 and (winner.called in u.text or pronoun.search(u.text))]
    finish = [u.text for u in units if u.first == last and DISTANCE.search(u.text)]
    assert run_in or finish, [u.text for u in units if u.last >= last - 1]


def test_the_end_has_a_paragraph_of_its_own():
    """The run to the finish and the winning spin open a paragraph: packed behind two other moments of
    play, the end of the game weighed no more than they did."""
    ends = 0
    for path, seed in PAGES:
        play = played(load_scene(path), seed)
        if play.game.state.winner is None:
            continue
        last = len(play.played) - 1
        told = [p for p in brisk_page(path, seed).paragraphs if not p.talk and any(u.first == last for u in p.units)]
        before = [u for u in told[0].units if u.last is not None and u.last < last - 1] if told else []
        assert told and len(before) <= 1, told[0].text  # a lone sentence between the talk and the end may lead in
        ends += 1
    assert ends >= 12


def test_who_kept_the_front_is_told_in_one_stretch_sentence_at_most():

    """Readers counted the lead's sentences ("was in front when the sums were done", "remained in front
    for so many spins"): a stretch tells who kept or took the front once an export, then something else.
    Who went up fastest counts too: "Mr. Collins went up the board faster than anybody" and then "Mr. Collins
    went on before everybody else upon the road to Virtue" was quoted as the same beat said twice."""
    lead = re.compile(r"\{(L|l)eader\}|\{(B|b)efore\}")
    stretch = {r.id for r in builtin() if r.beat == "stretch" and (lead.search(r.text) or r.concept == "ahead")}
    assert len(stretch) > 20
    for path, seed in PAGES:
        used = brisk_page(path, seed).phrasings
        assert len(stretch.intersection(used)) <= 1, (path.name, seed)


TAGGED_MOMENT = re.compile(r"[,?!—]” (said|observed|cried|remarked|added) [^“”]+?, when [^“”]+[.]")


def test_no_cry_comes_before_the_move_it_answers():
    """"“Such a square to send your Ladyship to!” cried Mrs. Jenkinson, when Lady Catherine was sent from Sloth
    to the House of Correction": readers took a move told in the tag of the cry at it for the talk running
    ahead of the game ("the speech comes before the move it reacts to"). The move is told first."""
    for path, seed in PAGES:
        for paragraph in brisk_page(path, seed).paragraphs:
            assert not TAGGED_MOMENT.search(paragraph.text), (path.name, paragraph.text)


def test_a_short_budget_keeps_the_turning_points_and_drops_the_tallies():
    scene = load_scene(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml")  # no asides of the author's to keep
    short = compose(played(scene, 1), "brisk", 150)
    assert abs(short.words - 150) <= 0.15 * 150
    assert not re.search(r"in that stretch|in those rounds", " ".join(p.text for p in short.paragraphs))


# -- conversation ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", EIGHT, ids=[p.stem for p in EIGHT])
def test_a_reply_answers_the_line_before_and_voices_stay_with_their_owners(path):
    from versus.narration.talk import Memory, Talk
    from versus.narration.tell import Teller

    scene = load_scene(path)
    play = played(scene, 3)
    telling = Telling(play)
    book = Book(telling.library, telling.seed)
    talk = Talk(telling.company, book, Memory(), telling.base)
    teller = Teller(telling.company, telling.facts, book, talk, telling.base, telling.space_names,
                    [f.aside for f in telling.firings], telling.winner)
    conversations = 0
    for point in sorted(telling.points, key=lambda p: -p.salience)[:6]:
        lines = talk.converse(teller.moment(point), 5)
        conversations += bool(lines)
        for before, after in itertools.pairwise(lines):
            assert after.rule.parent == before.rule.id or any(
                before.rule.concept == a or before.rule.concept.startswith(a + ".") for a in after.rule.answers)
            assert after.hearer == before.speaker  # a reply is spoken to the one who spoke
        for line in lines:
            person = telling.company.people[line.speaker]
            wanted = dict(line.rule.criteria).get("speaker")
            if wanted is not None:
                assert wanted == person.who or person.who in wanted
            else:
                assert not person.cast or line.rule.parent  # a temper's line only for people the cast does not know
    assert conversations >= 3


def test_the_most_specific_rule_wins_and_the_seed_breaks_ties():
    rules = parse({"lines": [
        {"say": "General.", "speaker": "darcy", "concept": "remark", "when": {"event": "crime"}},
        {"say": "Particular.", "speaker": "darcy", "concept": "remark", "when": {"event": "crime", "space": "A CHEAT"}},
        {"say": "Elsewhere.", "speaker": "darcy", "concept": "remark", "when": {"event": "fall"}},
    ]}, "test")
    query = {"event": "crime", "space": "A CHEAT", "speaker": "darcy", "addressed": False}
    assert Book(rules, 1).first(query)[1].text == "Particular."
    assert Book(rules, 1).first(query | {"space": "A ROBBER"})[1].text == "General."
    ties = parse({"lines": [{"say": f"Line {k}.", "speaker": "darcy", "concept": "remark"} for k in range(6)]}, "t")
    picks = {Book(ties, seed).first({"speaker": "darcy"})[1].text for seed in range(20)}
    assert len(picks) > 1 and Book(ties, 7).first({"speaker": "darcy"}) == Book(ties, 7).first({"speaker": "darcy"})


def test_a_run_of_the_narrators_words_comes_once_an_export_where_another_sentence_will_serve():
    """"…and by the rules had to begin the road again from the very start", from two sentences on one page, read
    to a reader of round 95 as a template's: a sentence sharing five words running with one told already gives
    way to another of the same weight; where none is left it is still told (a game's climax is never dropped)."""
    rules = parse({"narration": [
        {"text": "{Actor} overran the Mansion, and had to begin the road again from the very start.", "beat": "moment",
         "when": {"event": "overshoot"}},
        {"text": "{Actor} spun past the door, and had to begin the road again from the very start.", "beat": "moment",
         "when": {"event": "overshoot"}},
        {"text": "{Actor} spun too far, and went back to the beginning.", "beat": "moment", "when": {"event": "overshoot"}},
    ]}, "t")
    for seed in range(6):
        book = Book(rules, seed)
        told = []
        for _ in range(3):
            told.append(book.narration({"beat": "moment", "event": "overshoot"}))
            book.use(told[-1])
        assert sum("begin the road again" in rule.text for rule in told[:2]) == 1  # the other waits its turn
        assert told[2] is not None  # and is told when nothing else will serve


def test_memory_lets_a_remark_come_back_and_a_rule_is_never_used_twice():
    rules = parse({"lines": [
        {"say": "You said it would never happen.", "speaker": "darcy", "concept": "tease", "when": {"recall": "boast"}},
        {"say": "It never will.", "speaker": "darcy", "concept": "boast", "remember": "boast"},
    ]}, "test")
    book = Book(rules, 3)
    first = book.first({"speaker": "darcy", "memory": frozenset()})[1]
    assert first.text == "It never will."
    book.use(first)
    assert book.first({"speaker": "darcy", "memory": frozenset()}) is None  # used once, not again
    assert book.first({"speaker": "darcy", "memory": frozenset(first.remember)})[1].text.startswith("You said")


# -- the cast and manners ------------------------------------------------------------------------------
@pytest.mark.parametrize("name,called,who", [
    ("Mr. Darcy", "Mr. Darcy", "darcy"), ("Mrs. Darcy", "Elizabeth", "elizabeth"),
    ("Miss Darcy", "Georgiana", "georgiana"),
    ("Miss Elizabeth Bennet", "Lizzy", "elizabeth"), ("Lady Catherine de Bourgh", "Lady Catherine", "lady_catherine"),
    ("Miss de Bourgh", "Anne", "anne"), ("Maria Lucas", "Maria", "maria"), ("Mr. Smith", "Mr. Smith", None),
])
def test_a_person_is_matched_to_the_cast_by_name(name, called, who):
    member = match(Person("x", name, called, "she"), bundled())
    assert (member.id if member else None) == who


def test_an_explicit_cast_key_names_the_member_or_nobody():
    assert match(Person("x", "Mr. Darcy", "Darcy", "he", cast="none"), bundled()) is None
    assert match(Person("x", "The Stranger", "he", "he", cast="wickham"), bundled()).id == "wickham"


def scene_of(people: str, company: str = "") -> Company:
    text = f"title: T\ngame: mansion-of-happiness\nplayers:\n{people}" + (f"company:\n{company}" if company else "")
    return Company(scene_from_bytes(text.encode(), "t.yaml"))


def test_relations_come_from_the_cast_without_a_relations_key():
    darcys = scene_of("  - {id: d, name: Mr. Darcy, pronoun: he}\n  - {id: e, name: Mrs. Darcy, pronoun: she}\n"
                      "  - {id: g, name: Miss Darcy, pronoun: she}\n")
    assert darcys.address("g", "d") == "brother"
    assert darcys.address("g", "e") not in ("Mama", "mamma", "Papa")
    assert darcys.relation("g", "e") != "mother"
    rosings = scene_of("  - {id: c, name: Lady Catherine de Bourgh, pronoun: she}\n"
                       "  - {id: a, name: Miss de Bourgh, pronoun: she}\n  - {id: w, name: Mr. Collins, pronoun: he}\n")
    assert rosings.address("a", "c") in ("mamma", "ma’am", "ma'am")
    assert rosings.address("w", "c") == "your Ladyship"
    assert rosings.relation("w", "c") == "patroness"


def test_a_long_name_is_not_spelt_out_twice_in_a_paragraph():
    """Named once in a paragraph, the Colonel is "the Colonel" after (the cast's `short:`); a new
    paragraph names him in full again."""
    from versus.narration.refer import Referrer

    company = scene_of("  - {id: fitz, name: Colonel Fitzwilliam, pronoun: he}\n"
                       "  - {id: lizzy, name: Elizabeth Bennet, called: Elizabeth, pronoun: she}\n")
    refer = Referrer(company, names_printed=False)
    said = refer.narration("{Actor} spun, and the board pleased {actor}.", {"actor": "fitz"}, {})
    assert said == "Colonel Fitzwilliam spun, and the board pleased the Colonel."
    refer.new_paragraph()
    said = refer.narration("{Actor} spun, and {actor} was pleased.", {"actor": "fitz"}, {})
    assert said == "Colonel Fitzwilliam spun, and he was pleased."  # after "and", the one just named is "he"
    refer.new_paragraph()
    said = refer.narration("{Actor} passed {other}, and {actor} was pleased.", {"actor": "fitz", "other": "lizzy"}, {})
    assert said == "Colonel Fitzwilliam passed Elizabeth, and he was pleased."
    refer.new_paragraph()
    refer.narration("{Actor} spun.", {"actor": "lizzy"}, {})
    said = refer.narration("Elizabeth spun past {other}, and {other} was sent back.", {"other": "fitz"}, {})
    assert said == "Elizabeth spun past Colonel Fitzwilliam, and he was sent back."
    refer.new_paragraph()
    assert refer.narration("{Actor} spun.", {"actor": "fitz"}, {}) == "Colonel Fitzwilliam spun."
    assert refer.narration("{Actor}’s next spin won.", {"actor": "fitz"}, {}) == "The Colonel’s next spin won."
    refer.new_paragraph()
    said = refer.narration("{Actor} spun, and the game was {actor_hers}.", {"actor": "lizzy"}, {})
    assert said == "Elizabeth spun, and the game was hers."  # not "the game was her"


def test_a_sentence_opens_on_he_only_for_somebody_named_just_before():
    """"He came to Envy" two sentences after Mr. Collins, both of them about Lady Catherine, had a reader
    looking back for him: a subject pronoun needs its person named in this sentence or the last."""
    from versus.narration.refer import Referrer

    company = scene_of("  - {id: collins, name: Mr. Collins, pronoun: he}\n"
                       "  - {id: lady, name: Lady Catherine de Bourgh, called: Lady Catherine, pronoun: she}\n")
    refer = Referrer(company, names_printed=False)
    refer.narration("Malice cost {actor} four counters.", {"actor": "collins"}, {})
    refer.narration("Avarice cost {actor} seven.", {"actor": "lady"}, {})
    refer.narration("Of all {actor_his} faults, that was the least.", {"actor": "lady"}, {})
    assert refer.narration("{Actor} came to Envy.", {"actor": "collins"}, {}) == "Mr. Collins came to Envy."
    assert refer.narration("{Actor} sat out.", {"actor": "collins"}, {}) == "He sat out."  # named just before


def test_no_daughter_calls_a_darcy_mama_in_any_export():
    text = (ROOT / "scenes" / "pemberley-canton.yaml").read_text().replace("name: Miss Elizabeth Bennet",
                                                                         "name: Mrs. Darcy")
    scene = scene_from_bytes(text.encode(), "married.yaml")
    for seed in range(3):
        prose = text_of(played(scene, seed))
        lines = checks.spoken_lines(prose, people(scene), pronouns(scene))
        said_by_georgiana = " ".join(line for _, who, _, line in lines if who == "georgiana")
        assert not re.search(r"\b(Mama|Papa|mamma)\b", said_by_georgiana)


def test_the_bundled_cast_relations_go_both_ways():
    cast = bundled()
    assert dict(cast["georgiana"].relations)["darcy"] == "sister"
    assert dict(cast["darcy"].relations)["georgiana"] == "brother"
    assert dict(cast["lady_catherine"].relations)["anne"] == "mother"
    assert "Fitzwilliam" in cast["darcy"].never


def test_every_rule_names_a_speaker_the_cast_knows_or_a_temper():
    cast = bundled()
    for rule in builtin():
        if not rule.spoken or rule.parent:
            continue
        criteria = dict(rule.criteria)
        speakers = criteria.get("speaker")
        assert speakers is not None or criteria.get("speaker_temper"), rule.source
        for who in [speakers] if isinstance(speakers, str) else speakers or []:
            assert who in cast, f"{rule.source}: unknown speaker {who!r}"


AUTHOR_CAST = """\
people:
  thorne:
    names: ["Mr. Thorne", "Edward Thorne"]
    sex: male
    temper: sardonic
    relations: {elizabeth: friend}
    address: {default: Mr. Thorne, elizabeth: Mr. Thorne}
    motifs: [the_wager, the_carriage]
lines:
  - say: "You will remember our wager at the Meryton assembly, Miss Elizabeth. I begin to think I shall win it."
    speaker: thorne
    concept: tease
    when: {motif: the_wager}
  - say: "If the game runs long, I shall send for the carriage, and you may finish it without me."
    speaker: thorne
    concept: jest
    when: {motif: the_carriage, event: [lead, crime, fall, confined, overshoot]}
  - say: "The teetotum and I understand one another, which is more than I can say of most of my acquaintance."
    speaker: thorne
    concept: remark
  - say: "I have lost, and I shall bear it with the composure of a man who never expected otherwise."
    speaker: thorne
    concept: concede
    when: {event: [finish, close]}
"""


def test_an_author_cast_speaks_its_own_lines_and_recalls_its_motifs(tmp_path):
    (tmp_path / "cast.yaml").write_text(AUTHOR_CAST)
    (tmp_path / "thorne.yaml").write_text(
        "title: With Mr. Thorne\ngame: mansion-of-happiness\nsetting: the parlour at Longbourn, one evening\n"
        "players:\n  - {id: lizzy, name: Miss Elizabeth Bennet, called: Elizabeth, pronoun: she}\n"
        "  - {id: ned, name: Mr. Thorne, pronoun: he}\n")
    scene = load_scene(tmp_path / "thorne.yaml")
    own = {"You will remember our wager", "I shall send for the carriage", "The teetotum and I understand",
           "I have lost, and I shall bear it"}
    recalled = 0
    for seed in range(3):
        text = text_of(played(scene, seed))
        lines = checks.spoken_lines(text, people(scene), pronouns(scene))
        said = [line for _, who, _, line in lines if who == "ned"]
        assert said  # Mr. Thorne talks
        theirs = [line for line in said if any(o in line for o in own)]
        assert len(theirs) == len(said), said  # no temper's line, nobody else's
        recalled += any("wager" in line or "carriage" in line for line in said)
    assert recalled >= 1


def test_an_author_cast_is_checked_with_every_problem_located(tmp_path):
    from versus.narration.cast import CastError, load_author
    from versus.narration.castcheck import problems

    bad = tmp_path / "cast.yaml"
    bad.write_text("people:\n  thorne:\n    names: [Mr. Thorne]\n    temper: sardonik\n"
                   "    relations: {elizabeth: freind}\n    colour: blue\n  nobody:\n    sex: male\n")
    with pytest.raises(CastError) as caught:
        load_author(bad)
    lines = str(caught.value).splitlines()
    assert lines == [f"{bad}:4:13: unknown temper 'sardonik' (did you mean 'sardonic'?)",
                     f"{bad}:5:28: unknown relation 'freind' (did you mean 'friend'?)",
                     f"{bad}:6:5: unknown key 'colour' in the cast's 'thorne' (expected one of: names, sex, temper,"
                     " called, relations, address, cares, phrases, never, motifs, short)",
                     f"{bad}:8:5: 'nobody' needs `names:`, the names a scene may give them (e.g. [\"Mr. Thorne\"])"]
    assert problems(ROOT / "versus" / "narration" / "cast" / "pride-and-prejudice.yaml") == []  # the bundled passes


def test_a_lead_is_taken_from_someone_only_when_the_reader_knew_they_had_it():
    """'took the lead from Jane' reads as a contradiction when the reader was last told Mr. Bingley led:
    a rule that says the one overtaken had the lead declares lead_known."""
    said_to_lead = re.compile(r"lead from \{(other|before)\}|passed from \{other\}|\{other\} felt its loss|"
                              r"\{other\}, displaced|\{before\} had grown used|\{Before\} began the next few rounds in front")
    narration = [r for r in builtin() if not r.spoken]
    lead = [r for r in narration if dict(r.criteria).get("event") == "lead"]
    claiming = [r for r in narration if said_to_lead.search(r.text)]
    assert len(claiming) >= 6 and all(dict(r.criteria).get("lead_known") is True for r in claiming)
    assert any(dict(r.criteria).get("lead_known") is False for r in lead)  # something to say when it was not


def test_a_stretch_does_not_tell_a_confinement_of_one_a_later_moment_shuts_up():
    """The company pitying Elizabeth's confinement, and then the sentence that shuts her up, read out of
    order: a stretch before someone's confinement is told does not name that one as its {confined}."""
    from versus.narration.plan import Beat
    from versus.narration.talk import Memory, Talk
    from versus.narration.tell import Teller

    play = played(load_scene(EXAMPLES[0]), 0)
    telling = Telling(play)
    book = Book(telling.library, telling.seed)
    teller = Teller(telling.company, telling.facts, book, Talk(telling.company, book, Memory(), telling.base),
                    telling.base, telling.space_names, [], telling.winner)
    shut = next(p for p in telling.points if p.event == "confined" and p.index > 3)
    stretch = list(range(shut.index - 3, shut.index + 1))  # a stretch ending in the confinement itself
    assert shut.actor in teller._confined(stretch, ())
    other = next(p for p in telling.points if p.event != "confined")
    beats = [Beat("moment", p.index, p.index, point=p) for p in (other, shut)]
    assert shut.actor not in teller._confined(stretch, beats)
    assert shut.actor in teller._confined(stretch, beats[:1])
    teller.shut_told.add(shut.actor)  # the reader was told of it already: not a second time
    assert shut.actor not in teller._confined(stretch, beats[:1])


def test_a_long_paragraph_turns_to_somebody_else_with_a_word_of_time():
    """Sentence after sentence opening on a name reads as a list: in a paragraph of three sentences or
    more, one in the middle that turns to somebody else opens on "Meanwhile," "Then", "Presently"…"""
    from versus.narration.pipeline import LINKS

    link = re.compile("^(" + "|".join(LINKS) + r") (?!The )[A-Z]")
    turn = re.compile("^(But|Yet) ")  # a fortune turned: the link of its own that a contrast makes
    linked = 0
    for path, seed in PAGES:
        for p in brisk_page(path, seed).paragraphs:
            opened = [u for u in p.units[1:-1] if link.match(u.text)]
            assert len(opened) <= 1 and not (len(p.units) > 1 and link.match(p.units[-1].text)), p.text
            linked += len(opened) + sum(bool(turn.match(u.text)) for u in p.units[1:])
    assert linked >= 5


def test_the_opening_names_the_place_and_then_what_is_at_stake():
    """A scene opens on the place and the company, then on what lies between the people: an opening keyed
    to who is present outranks one keyed to the hour, and where it says nothing of the place a sentence
    before it does; the game, named once, is then "the game"."""
    for path in EIGHT:
        scene = load_scene(path)
        opening = brisk_page(path, 0).paragraphs[0].text
        assert scene.setting.split(",")[0] in opening, opening
        assert opening.count(Telling(brisk_play(path, 0)).board.title) <= 1, opening
    from versus.narration.rules import specificity

    openings = [r for r in builtin() if r.beat == "opening"]
    stake = next(r for r in openings if dict(r.criteria).get("present") == ["mrs_bennet", "darcy"])
    hour = next(r for r in openings if dict(r.criteria).get("time") == "evening" and len(r.criteria) == 2)
    assert specificity(stake) > specificity(hour)


@pytest.mark.parametrize("path", EIGHT, ids=[p.stem for p in EIGHT])
def test_nobody_announces_their_own_fortune_to_nobody(path):
    """"I am in front, which I shall enjoy…", said by the one it befell and answered by nobody, reads as a
    program's: at a moment of play such a line is left unsaid (at the finish the winner may speak alone)."""
    from versus.narration.talk import PLAY_EVENTS, Memory, Talk
    from versus.narration.tell import Teller

    for seed in (0, 3):
        telling = Telling(played(load_scene(path), seed))
        book = Book(telling.library, telling.seed)
        talk = Talk(telling.company, book, Memory(), telling.base)
        teller = Teller(telling.company, telling.facts, book, talk, telling.base, telling.space_names, [],
                        telling.winner)
        for point in telling.points:
            moment = teller.moment(point)
            lines = talk.converse(moment, 4)
            if point.event in PLAY_EVENTS and len(lines) == 1:
                assert lines[0].speaker != moment.actor, lines[0].rule.text


def test_a_line_after_a_name_said_aloud_to_one_person_is_that_persons():
    """“You passed me, Lizzy,” said Lydia. / “So I did.” is Elizabeth's, by the name the table calls her; a line
    that named two people aloud tells nobody who answers, nor does an untagged line after narration (readers
    took "…to the Whipping Post. “La! I shall not stay here long.”" for nobody's)."""
    people_ = [("lydia", ["Lydia"]), ("jane", ["Jane"]), ("lizzy", ["Elizabeth", "Lizzy"])]
    pronouns_ = {"lydia": "she", "jane": "she", "lizzy": "she"}
    for text in ("Lydia came to rest at the Whipping Post. “La! I shall not stay here long.”",
                 "The game began.\n\n“You passed Jane, Lizzy,” said Lydia.\n\n“So I did.”"):
        lines = checks.spoken_lines(text, people_, pronouns_)
        assert checks.unknown_speakers(text, lines) != []
    aloud = "The game began.\n\n“You passed me, Lizzy,” said Lydia.\n\n“So I did.”"
    assert [who for _, who, _, _ in checks.spoken_lines(aloud, people_, pronouns_)] == ["lydia", "lizzy"]


def test_the_table_calls_each_person_by_names_a_reader_knows():
    scene = load_scene(ELSEWHERE[0])  # the breakfast at Longbourn
    aloud = Company(scene).aloud
    assert aloud["Lizzy"] == "lizzy" and aloud["Mama"] == "mama"
    assert not any(form[:1].islower() for form in aloud)  # "my dear" could be anybody


def test_the_game_named_mid_sentence_has_a_small_article():
    """"over the Mansion of Happiness in the drawing-room", never "over The Mansion …" (the board's title)."""
    for path, seed in PAGES:
        text = brisk_text(path, seed)
        assert not re.search(r"[a-z,;] The Mansion of Happiness", text)


def test_a_tag_only_where_the_reader_needs_one():
    """A line whose speaker the reader knows (she was just called by name aloud) goes untagged: readers found
    a "said X" on every line a program's habit."""
    speeches = tagged = 0
    for path, seed in PAGES:
        for para in (p.text for p in brisk_page(path, seed).paragraphs):
            speeches += "“" in para
            tagged += bool(re.search(rf"” {checks.VERB} ", para))
    # it was 72%, then 67%; 69% since a talk's cry after the second is left unsaid, and with it, at times,
    # the name that told whose the answer was
    assert tagged <= 0.70 * speeches


def test_the_one_named_aloud_answers_the_first_line_untagged():
    """“Passion, Mr. Darcy?” said Elizabeth. / “Perhaps you have not looked.” A novel leaves the answer
    untagged where the line before named the one who gives it; the checker reads it so, and only then."""
    people_ = [("elizabeth", ["Elizabeth"]), ("darcy", ["Mr. Darcy"]), ("jane", ["Jane"])]
    pronouns_ = {"elizabeth": "she", "darcy": "he", "jane": "she"}
    text = ("The game began.\n\n“Passion, Mr. Darcy?” said Elizabeth.\n\n“Perhaps you have not looked.”\n\n"
            "“I have looked a good deal,” said she.")
    lines = checks.spoken_lines(text, people_, pronouns_)
    assert [who for _, who, _, _ in lines] == ["elizabeth", "darcy", "elizabeth"]
    assert checks.unknown_speakers(text, lines) == []
    both = text.replace("Passion, Mr. Darcy?", "Passion, Mr. Darcy? Jane?")  # two named: nobody a reader knows
    assert checks.unknown_speakers(both, checks.spoken_lines(both, people_, pronouns_))
    untagged = sum(p.text.startswith("“") and p.text.endswith("”") for path, seed in PAGES for p in
                   brisk_page(path, seed).paragraphs)
    assert untagged >= 3  # the exports do it


def test_one_named_aloud_may_answer_as_he_or_she():
    """“Passion, Mr. Darcy?” said Elizabeth. / “Perhaps you have not looked,” said he. A reader knows
    "he" from the name in the line before; the checker reads it so, and the exports use it."""
    text = ("The game began.\n\n“Passion, Mr. Darcy?” said Elizabeth.\n\n"
            "“Perhaps you have not looked, Miss Elizabeth,” said he.\n\n“I have looked a good deal,” said she.")
    people_ = [("elizabeth", ["Elizabeth"]), ("darcy", ["Mr. Darcy"])]
    lines = checks.spoken_lines(text, people_, {"elizabeth": "she", "darcy": "he"})
    assert [who for _, who, _, _ in lines] == ["elizabeth", "darcy", "elizabeth"]
    assert checks.unknown_speakers(text, lines) == []
    tagged = re.compile(r"” (said|replied) (he|she)\b")
    answered = sum(len(tagged.findall(p.text)) for path, seed in PAGES[::3] for p in brisk_page(path, seed).paragraphs)
    assert answered >= 3


def test_the_narrators_sentences_do_not_begin_alike():
    """"Down went Elizabeth…" and then "Down went Mary…" read as a template's: a narrator's sentence begins
    as another of the export began only where it opens on a person's name, and then three times at most."""
    from collections import Counter

    from versus.narration.rules import _frame, allowance

    rules = {r.id: r for r in builtin()}
    for path, seed in PAGES:
        used = [rules[i] for i in brisk_page(path, seed).phrasings if i in rules]
        frames = Counter(_frame(r.text) for r in used if r.beat not in ("", "step"))
        allowed = {_frame(r.text): allowance(r.text) for r in used}  # "Miss Bingley was …" as "{actor} was"
        assert all(n <= allowed[frame] <= 3 for frame, n in frames.items()), (path.name, frames)
        assert allowance("{Actor} came to {space}.") == allowance("Mr. Bingley was pleased.") == 3
        assert allowance("Down went {actor}.") == 1


def test_a_sentence_frame_an_earlier_export_of_the_folder_used_is_left_while_another_will_serve():
    """"It cost Mr. Collins three counters…" in one chapter and "It cost Mr. Bingley a counter…" in the
    next read as one template: a folder's exports avoid each other's frames, not only their sentences."""
    rules = parse({"narration": [
        {"text": "It cost {actor} a counter to be found out.", "beat": "moment", "when": {"event": "crime"}},
        {"text": "It cost {actor} dear to come to {space}.", "beat": "moment", "when": {"event": "crime"}},
        {"text": "The board found {actor} out at {space}.", "beat": "moment", "when": {"event": "crime"}}]}, "t")
    query = {"beat": "moment", "event": "crime"}
    for seed in range(8):
        chosen = Book(rules, seed, avoid=frozenset({rules[0].id})).narration(query)
        assert chosen is not None and chosen.text.startswith("The board")
    alone = Book(rules, 0, avoid=frozenset({rules[0].id, rules[2].id})).narration(query)
    assert alone is not None and alone.text.startswith("It cost {actor} dear")  # the only one left serves


def test_a_couple_is_listed_as_a_couple_in_either_order():
    from versus.narration.refer import Referrer

    scene = scene_from_bytes(b"""title: t
setting: the drawing-room at Longbourn
game: mansion-of-happiness
players:
  - {id: lizzy, name: Elizabeth Bennet, called: Elizabeth, pronoun: she}
  - {id: jane, name: Jane Bennet, called: Jane, pronoun: she}
company:
  - {id: mrsb, name: Mrs. Bennet, pronoun: she}
  - {id: mrb, name: Mr. Bennet, pronoun: he}
""", "t.yaml")
    company = Company(scene)
    assert Referrer(company, False).names(["mrsb", "mrb"]) == "Mr. and Mrs. Bennet"
    assert Referrer(company, False).names(["mrb", "lizzy", "mrsb"]) == "Mr. and Mrs. Bennet and Elizabeth"
    from versus.narration.realise import Realiser  # and a capital is not put after "Mr."

    assert Realiser([], [], False).sentence("so said Mr. and Mrs. Bennet. then") == "So said Mr. and Mrs. Bennet. Then"


def test_the_talk_leaves_the_board_for_the_people_once_after_the_longest_stretch():
    """A game in a novel goes quiet while the talk goes on: after the longest stretch of play (two rounds
    or more) the people present speak of what lies between them, once a scene, at brisk pace."""
    from versus.narration.plan import Beat, interlude

    beats = [Beat("opening"), Beat("stretch", 0, 5), Beat("moment", 6, 6), Beat("stretch", 7, 20),
             Beat("finish", 21, 21), Beat("close")]
    assert [b.kind for b in interlude(beats, 3, 2)][4] == "interlude"
    assert interlude(beats, 0, 2) == beats and interlude(beats[:3], 3, 4) == beats[:3]  # no talk; no long stretch
    rules = {r.id: r for r in builtin()}
    pages = [brisk_page(path, seed) for path, seed in PAGES]
    spoke = [sum(i in rules and dict(rules[i].criteria).get("event") == "interlude" and not rules[i].parent
                 for i in page.phrasings) for page in pages]
    assert max(spoke) == 1 and sum(spoke) >= 4


def test_a_fortune_turned_in_the_next_sentence_opens_on_but_or_yet():
    """"Elizabeth went some thirty spaces up the road. Yet it was Charlotte who …": a sentence that turns
    the fortune just told is linked to it, within a paragraph, and at most three times an export."""
    from versus.narration.pipeline import CONTRASTS

    turned = 0
    for path, seed in PAGES:
        units = [(k, u) for p in brisk_page(path, seed).paragraphs for k, u in enumerate(p.units)]
        opened = [(k, u) for k, u in units if re.match(r"(But|Yet) ", u.text)]
        assert len(opened) <= CONTRASTS and all(k > 0 for k, _ in opened), opened
        turned += len(opened)
    assert turned >= 5


def test_nobody_opens_two_conversations_running_with_the_same_kind_of_line():
    """Charlotte consoling Maria at one moment and again at the next reads as a program's: whoever opened
    the last conversation does not open this one with a line of the same kind."""
    from versus.narration.talk import Memory, _kind
    from versus.narration.tell import Teller

    telling = Telling(played(load_scene(EXAMPLES[0]), 0))
    for point in telling.points[:12]:
        first = _converse(telling, point, Memory(), Teller)
        if first is None:
            continue
        again = _converse(telling, point, Memory(opened=(first.speaker, _kind(first.rule.concept))), Teller)
        assert again is None or (again.speaker, _kind(again.rule.concept)) != (first.speaker, _kind(first.rule.concept))


def test_a_speaker_opens_with_a_kind_of_line_once_a_page_where_another_will_serve():
    """Jane consoling at every setback ("Oh, Lydia! But you will be up again presently", "I am very sorry for it,
    Mr. Darcy") read to four readers of rounds 70 and 71 as "Jane's consolation used as a template": a first line
    of a kind its speaker has opened with before tonight gives way to another that will serve."""
    from versus.narration.talk import Memory, _kind
    from versus.narration.tell import Teller

    telling = Telling(played(load_scene(EXAMPLES[0]), 0))
    changed = tried = 0
    for point in telling.points[:16]:
        first = _converse(telling, point, Memory(), Teller)
        if first is None:
            continue
        opened = (first.speaker, _kind(first.rule.concept))
        again = _converse(telling, point, Memory(kinds={opened}), Teller)
        tried += 1
        changed += again is not None and (again.speaker, _kind(again.rule.concept)) != opened
    assert tried >= 8 and changed >= tried * 3 // 4, (changed, tried)


def test_a_collision_tells_whether_it_carried_the_one_turned_out_into_the_lead():
    """Lydia, sent down from the Drunkard to the Stocks, turns Mr. Collins out up to the Drunkard's square:
    the moment says so, and says whether it put him in front (readers met him leading unawares)."""
    from versus.narration.tell import Teller

    seen = set()
    for path, seed in itertools.product(EXAMPLES, range(3)):
        telling = Telling(played(load_scene(path), seed))
        teller = Teller(telling.company, telling.facts, Book(telling.library, telling.seed), None, telling.base,
                        telling.space_names, [], telling.winner)
        for point in (p for p in telling.points if p.event == "collision"):
            a, facts = telling.facts.actions[point.index], dict(teller.moment(point).facts)
            up = next(to > frm for who, frm, to in a.displaced if who == point.other)
            assert facts["promoted"] == (up and a.after.leader == point.other != a.before.leader)
            seen.add(facts["promoted"])
    assert seen == {True, False}


def test_a_leader_just_sent_back_is_not_told_as_left_alone_by_the_vices():
    """"Whom the vices seemed to have agreed to leave alone" a paragraph after her fall reads as a
    contradiction: the leader's reverses in the round before a stretch count against its steady luck."""
    from versus.narration.tell import Teller

    found = 0
    for path, seed in itertools.product(EXAMPLES, range(3)):
        telling = Telling(played(load_scene(path), seed))
        teller = Teller(telling.company, telling.facts, Book(telling.library, telling.seed), None, telling.base,
                        telling.space_names, [], telling.winner)
        acts, n = telling.facts.actions, len(telling.company.by_seat)
        for i in range(len(acts) - n - 1):
            indices = list(range(i + 1, i + 1 + n))
            s = telling.facts.stretch(indices)
            if acts[i].turned_back and s.after.leader == acts[i].player and s.leader_reverses == 0:
                assert teller._stretch_facts(s, indices)["leader_reverses"] >= 1
                found += 1
    assert found


def _converse(telling, point, memory, teller_class):
    from versus.narration.talk import Talk

    book = Book(telling.library, telling.seed)
    talk = Talk(telling.company, book, memory, telling.base)
    teller = teller_class(telling.company, telling.facts, book, talk, telling.base, telling.space_names, [],
                          telling.winner)
    lines = talk.converse(teller.moment(point), 3)
    return lines[0] if lines else None


def test_he_or_she_after_a_sentence_naming_two_of_that_sex_is_nobody_a_reader_can_know():
    """"Mrs. Bennet declared that Charlotte had played well. “Well,” said she": the subject or the last
    named? The page checker will not guess, and the prose tags such a line by name."""
    people = [("mrsb", ["Mrs. Bennet"]), ("charlotte", ["Charlotte"]), ("eliza", ["Elizabeth"])]
    pronouns = {"mrsb": "she", "charlotte": "she", "eliza": "she"}
    text = "Mrs. Bennet declared that Charlotte had played very well. “Nobody is ruined,” said she."
    lines = checks.spoken_lines(text, people, pronouns)
    assert lines == [] and checks.unknown_speakers(text, lines)
    text = "Mrs. Bennet declared that the game had gone very well. “Nobody is ruined,” said she."
    assert [who for _, who, _, _ in checks.spoken_lines(text, people, pronouns)] == ["mrsb"]


def test_she_after_a_cry_that_tells_a_moment_is_the_one_the_moment_befell():
    """A tag that tells a moment names its people after the speaker: "said she" in the next paragraph is
    the last of them a reader met, not the last woman who spoke."""
    people = [("caroline", ["Miss Bingley"]), ("bingley", ["Mr. Bingley"]), ("eliza", ["Elizabeth"])]
    pronouns = {"caroline": "she", "bingley": "he", "eliza": "she"}
    text = ("“I must turn you out,” said Miss Bingley.\n\n“Oh, that is too bad!” cried Mr. Bingley, when "
            "Elizabeth came to the Sabbath Breaker. “Have some of my counters.”\n\n“You are very generous,” said she.")
    assert [who for _, who, _, _ in checks.spoken_lines(text, people, pronouns)] == ["caroline", "bingley", "eliza"]
    plain = text.replace(", when Elizabeth came to the Sabbath Breaker", "")  # no clause: the last woman heard
    assert [who for _, who, _, _ in checks.spoken_lines(plain, people, pronouns)] == ["caroline", "bingley", "caroline"]


def test_one_person_calls_another_by_name_twice_and_then_only_where_the_name_is_needed():
    """"Perhaps you have not looked, Miss Elizabeth" / "You are confined, Miss Elizabeth" / "I see I must
    be more careful, Miss Elizabeth, in what…": a third vocative reads as a tag, not a voice."""
    from versus.narration.refer import Referrer, _unaddressed

    assert _unaddressed("Oh, {address}, I hope it is not dreadful.") == "Oh, I hope it is not dreadful."
    assert _unaddressed("I must be more careful, {address}, in what I say.") == "I must be more careful in what I say."
    assert _unaddressed("{address}, you are confined. Sit down.") == "You are confined. Sit down."
    assert _unaddressed("Upon my word, {address} is very severe.") == "Upon my word, {address} is very severe."
    telling = Telling(played(load_scene(EXAMPLES[0]), 0))
    refer = Referrer(telling.company, False)
    darcy, eliza = telling.company.rivals
    said = [refer.speech("You are confined, {address}.", darcy, eliza, {}, {}) for _ in range(3)]
    assert said[0] == said[1] != said[2] == "You are confined."
    assert refer.speech("You are confined, {address}.", eliza, darcy, {}, {}) != "You are confined."


def test_the_weightiest_turning_point_is_talked_of_longest_and_the_slight_ones_briefly():
    """Every stretch weighing the same was the readers' first complaint of shape: the turn of the evening
    has two lines more than the rest, the slighter half of the others one fewer, the finish its own."""
    from versus.narration.plan import weights
    from versus.narration.turning import TurningPoint

    points = [TurningPoint(i, event, 0, None, salience, None, False)
              for i, (event, salience) in enumerate([("fall", 30), ("lead", 70), ("crime", 45), ("virtue", 12),
                                                     ("finish", 130)])]
    assert weights(points, {0, 1, 2, 3, 4}, 3) == {1: 5, 2: 3, 0: 2, 3: 2, 4: 3}
    assert weights(points, {1, 4}, 3) == {1: 3, 4: 3}  # one conversation besides the finish: nothing to weigh


def test_a_setback_that_hands_on_the_lead_counts_among_the_changes_of_lead_told():
    """"The Road to Folly turned Elizabeth back…, and this time the lead went with it to Lydia", then "Virtue
    carried her past Lydia into the lead", then "Lydia took the lead from Elizabeth", then the close's "who
    stood in front": four in one page. A setback that put another in front tells who leads as a change of
    lead does, and the two count together."""
    from versus.narration.plan import LEADS, Shape, choose
    from versus.narration.turning import TurningPoint

    points = [TurningPoint(10, "fall", 0, None, 80, 5, False, lost=True),
              *(TurningPoint(10 + 12 * k, "lead", k, k - 1, 70, 20 + 10 * k, False) for k in range(1, 4)),
              TurningPoint(70, "finish", 1, 0, 130, 66, True)]
    for shape in (Shape(2, 3, 4), Shape(4, 3, 4), Shape(1, 3, 6)):
        talks, moments = choose(points, shape)
        assert 0 in talks  # the weightiest of them is told
        assert sum(points[k].event == "lead" or points[k].lost for k in talks | moments) == LEADS, shape


def test_a_game_put_away_ends_on_its_last_turning_point_not_on_a_virtue_after_it():
    """"…one after another overshot it twice over…. The board rewarded Elizabeth for Gratitude with an advance
    of six." Six readers of the breakfast page in rounds 66-69 found the virtue "dropped in after the climax",
    the order of events muddled. In a game put away unfinished, no virtue is told after the last other
    moment told; a virtue before it may be, and a finished game is told as before."""
    from versus.narration.plan import Shape, beats
    from versus.narration.turning import TurningPoint

    points = [TurningPoint(5, "virtue", 2, None, 34, 8, False), TurningPoint(30, "crime", 1, None, 60, 40, True),
              TurningPoint(40, "virtue", 0, None, 34, 60, True)]
    for shape in (Shape(1, 2, 4), Shape(0, 0, 4)):
        told = {b.point.index for b in beats(points, shape, 45, (), finished=False) if b.point is not None}
        assert told == {5, 30}, (shape, told)
    finished = [*points, TurningPoint(64, "finish", 0, None, 130, 66, True)]
    told = {b.point.index for b in beats(finished, Shape(1, 2, 4), 65, (), finished=True) if b.point is not None}
    assert {40, 64} <= told


AUTHORED = [ROOT / "tests" / "authored" / "lucas-lodge.yaml"]


@pytest.mark.parametrize("path", [*EXAMPLES, *AUTHORED], ids=[p.stem for p in [*EXAMPLES, *AUTHORED]])
def test_an_aside_that_speaks_follows_a_sentence_telling_its_action(path):
    """Lydia's "La! I shall not stay here long" after a sentence about the lead read as a non sequitur:
    the narration just before an aside that speaks tells the action it fired at, by the space landed on."""
    from versus.narration.realise import space_name

    play = brisk_play(path)
    telling = Telling(play)
    paragraphs = brisk_page(path).paragraphs
    checked = 0
    for firing in play.firings():
        a = telling.facts.actions[firing.action]
        if not firing.aside.say or not a.landed or firing.action == len(telling.facts.actions) - 1:
            continue  # the end's asides (losing, finishing last) answer the finish, which is told anyway
        first = "“" + re.split(r"(?<=[.!?])\s+", curly(firing.aside.say[0][1]))[0][:20]
        at = next(k for k, p in enumerate(paragraphs) if first in p.text)
        told = paragraphs[at] if not paragraphs[at].talk else next(p for p in reversed(paragraphs[:at]) if not p.talk)
        assert told.first is not None and told.first <= firing.action <= told.last, told.text
        named = telling.space_names[a.landed]
        head = space_name(named, False).split(" ", 1)[-1]  # "A CHEAT" is "the Cheat" in a novel, "a Cheat" in a clause
        assert head.lower() in told.text.lower(), (told.text, named)
        checked += 1
    assert checked


def test_a_setback_within_one_spin_of_the_goal_is_a_near_miss_and_is_told():
    """Mr. Darcy, four spaces short of the Mansion, sent to Ruin by the Summit of Dissipation: the game's
    most dramatic moment went untold because his Perjurer had been told (one crime a person)."""
    from versus.narration.turning import Goal

    play = brisk_play(ROOT / "tests" / "authored" / "lucas-lodge.yaml")
    telling = Telling(play)
    goal = Goal(telling.board.goal, play.rules.teetotum)
    near = {a.index: goal.near(a) for a in telling.facts.actions if goal.near(a)}
    summit = next(a for a in telling.facts.actions if a.kind and telling.space_names[a.landed] == "SUMMIT OF DISSIPATION")
    assert near[summit.index] == telling.board.goal - summit.landed == 4
    assert all(not a.turned_back and not a.overshot for a in telling.facts.actions if a.index not in near
               and a.landed and telling.board.goal - a.landed <= play.rules.teetotum) or near
    told = [p for p in brisk_page(ROOT / "tests" / "authored" / "lucas-lodge.yaml").paragraphs if not p.talk
            and p.first is not None and p.first <= summit.index <= p.last]
    assert any("Summit of Dissipation" in p.text and "Mansion" in p.text for p in told), [p.text for p in told]


def test_a_road_called_spotless_belongs_to_nobody_whose_fall_was_told():
    """"Lydia … having fallen into no vice on the way" a page after her Summit of Dissipation: a line about
    the leader's whole road is said only while no sentence before it has told a misfortune of theirs."""
    spotless = re.compile(r"fallen into no vice on the way|Not one of the vices along the road|vices seemed to "
                          r"have agreed to leave alone")
    found = 0
    for path, seed in itertools.product(EIGHT, range(3)):
        play = brisk_play(path, seed)
        telling = Telling(play)
        acts = telling.facts.actions
        units = [u for p in brisk_page(path, seed).paragraphs if not p.talk for u in p.units if u.first is not None]
        for k, unit in enumerate(units):
            if not spotless.search(unit.text):
                continue
            found += 1
            leader = telling.facts.lead[unit.last + 1].leader
            person = next(p for p in play.scene.players if telling.company.people[p.id].seat == leader)
            for told in units[:k]:
                fell = [a for a in acts[told.first:told.last + 1] if a.player == leader and a.misfortune and a.landed]
                assert not any(telling.space_names[a.landed].lower() in told.text.lower()
                               and (person.called or person.name) in told.text for a in fell), (unit.text, told.text)
    assert found


def test_no_conversation_ends_on_a_question_nobody_answers():
    """"You think me passionate, sir?" closed a conversation, and readers took it for a line lost."""
    from versus.narration.talk import Memory
    from versus.narration.tell import Teller

    talks = 0
    for path in EXAMPLES + ELSEWHERE[:2]:
        telling = Telling(played(load_scene(path), 0))
        memory = Memory()
        for point in telling.points:
            from versus.narration.talk import Talk

            book = Book(telling.library, telling.seed)  # the rules indexed once a telling, not once a point
            talk = Talk(telling.company, book, memory, telling.base)
            teller = Teller(telling.company, telling.facts, book, talk, telling.base, telling.space_names, [],
                            telling.winner)
            lines = talk.converse(teller.moment(point), 4)
            if len(lines) > 1:
                talks += 1
                assert not lines[-1].rule.text.rstrip().endswith("?"), [s.rule.text for s in lines]
    assert talks > 50


def test_no_talk_follows_a_moment_that_no_sentence_told():
    """Mrs. Bennet scolded Elizabeth for turning Mary out at a moment the page never told: where no
    narration rule tells a moment, nobody speaks of it either."""
    from versus.narration.plan import Beat
    from versus.narration.rules import builtin
    from versus.narration.talk import Memory, Talk
    from versus.narration.tell import Teller

    play = played(load_scene(ELSEWHERE[0]))
    for rules, talked in (([r for r in builtin() if r.spoken], False), (builtin(), True)):
        telling = Telling(play, rules=rules)
        book = Book(telling.library, telling.seed)
        teller = Teller(telling.company, telling.facts, book, Talk(telling.company, book, Memory(), telling.base),
                        telling.base, telling.space_names, [], telling.winner)
        said = [b.said for p in telling.points if p.event in ("crime", "collision", "lead")
                for b in teller.blocks(Beat("moment", p.index, p.index, p, 3))]
        assert any(said) == talked


@pytest.mark.parametrize("path", EIGHT, ids=[p.stem for p in EIGHT])
def test_the_opening_paragraph_seats_every_player(path):
    """"Mr. Darcy was never shown sitting down to play": the opening names every player."""
    scene = load_scene(path)
    opening = brisk_page(path).paragraphs[0].text
    assert all(p.name in opening or (p.called and p.called in opening) for p in scene.players), opening


def test_a_misfortune_of_the_first_round_is_told_as_the_first():
    """"The Stocks held Elizabeth fast" before anybody was seen to spin read as a page missing."""
    text = brisk_text(ELSEWHERE[3])  # Rosings: Elizabeth reaches the Stocks at her first turn
    stocks = next(s for s in re.split(r"(?<=[.!?])\s+", text) if "the Stocks" in s and "Elizabeth" in s)
    assert re.search(r"first turn|first round", stocks), stocks


def test_every_player_is_seen_at_the_board():
    """Miss de Bourgh played the whole game at Rosings and was met first at the close: every player is
    named in some paragraph that tells the play."""
    missed = []
    for path, seed in itertools.product(EIGHT, range(2)):
        scene = load_scene(path)
        paragraphs = brisk_page(path, seed).paragraphs
        play = " ".join(p.text for p in paragraphs if not p.talk and p.first is not None)
        people = Company(scene).people
        missed += [(path.stem, seed, p.id) for p in scene.players
                   if not any(n and n.lower() in play.lower() for n in (p.name, p.called, people[p.id].short))]
    assert missed == []


def _netherfield_quiet() -> list:
    return [p for p in brisk_page(ELSEWHERE[1]).paragraphs if not p.talk]


def test_a_fall_that_cost_the_lead_says_who_was_left_in_front_and_a_second_fall_is_told_as_one():
    """Elizabeth fell from the Summit of Dissipation to Ruin twice, and the second time Mr. Darcy was left in
    front: readers found his win 'without anybody's remarking the moment', and the two falls told alike."""
    assert "netherfield-quiet" in ELSEWHERE[1].name
    summits = [s for p in _netherfield_quiet() for s in re.split(r"(?<!Mr\.)(?<=[.!?])\s+", p.text) if "Summit" in s]
    assert len(summits) == 2, summits
    assert "second time" in summits[1] and "Mr. Darcy" in summits[1] and "in front" in summits[1], summits[1]


def test_a_line_for_the_first_fall_at_a_square_is_never_told_of_the_second():
    """"Elizabeth came to the Summit of Dissipation … and went down to Ruin", then "Elizabeth had the lead …
    when her counter came to the Summit of Dissipation, which … sent her down to Ruin": readers found the
    fall "told twice … without marking it as a second time". A line written for one square ties with the
    line for a second visit to any square, so it says `twice: false`."""
    second = re.compile(r"\b(again|once more|second time)\b", re.IGNORECASE)
    loose = [r.text for r in builtin() if not r.spoken and r.beat == "moment"
             and isinstance(dict(r.criteria).get("space"), str) and ("near", ">0") in r.criteria
             and dict(r.criteria).get("twice") is None and not second.search(r.text)]
    assert loose == []


def test_a_setting_never_runs_on_into_the_words_after_it():
    """"Everybody at the table in the drawing-room at Lucas Lodge, after supper had left the nursery some years
    since" was quoted as a garbled opening: a setting may be written with a time, so no sentence goes on from
    {setting} into its verb; a comma or a stop closes it."""
    assert not [r.text for r in builtin() if re.search(r"\{setting\} [a-z]", r.text)]


def test_a_question_put_to_one_person_by_name_is_answered_by_that_person():
    """Jane's "Lydia, which will you have?" was answered by Elizabeth ("I hardly know, Jane"): readers took it
    for a reply given to the wrong speaker. A line that names its hearer aloud says `to:` that person."""
    names = {n for member in bundled().values() for n in member.names if " " not in n}  # "Lydia", "Lizzy"
    asked = re.compile(rf"\b({'|'.join(sorted(names))}), (which|what|who|will|shall|do|did|is|are|have)\b")
    loose = [r.text for r in builtin() if r.spoken and not r.parent and r.concept == "question"
             and dict(r.criteria).get("hearer") is None and asked.search(r.text)]
    assert loose == []


def test_cried_and_the_stock_phrases_of_a_move_are_rationed():
    """Readers of round 21 took "cried" as "the default speech tag" (four or five an export), and quoted "had
    to give it up" (three turnings-out told so in one export) and "with the Mansion in plain view" as stock:
    three cries an export, then "said"; each of those phrases once."""
    from versus.narration.checks import Phrases
    from versus.narration.pipeline import CRIES

    phrases = Phrases(["to", "Mansion"])  # a name's words ("Road to Folly") leave a phrase of four uncounted
    phrases.add("so that Mary had to give it up to Jane, with the Mansion in plain view")
    assert phrases.would_exceed("and Jane had to give it up") and phrases.would_exceed("the Mansion in plain sight")
    cried = 0
    for path, seed in PAGES:
        text = brisk_text(path, seed)
        assert text.count("” cried ") <= CRIES, (path.stem, seed)
        assert text.count("to give it up") <= 1 and text.count("Mansion in plain") <= 1, (path.stem, seed)
        cried += text.count("” cried ") == CRIES
    assert cried >= 3


def test_a_game_still_being_played_is_not_told_as_put_away():
    """The app's prose panel told a take six spins in as "the board was cleared … with Elizabeth in front" and
    "Shall we stop?": the author's next spin carries the story on. A game going on has no close; the same
    take exported as it stands (the author stopped there) is told as put away."""
    from versus.narration.plan import Beat

    play = Playthrough(load_scene(EXAMPLES[0]), seed=0)
    for _ in range(12):
        play.step()
    assert not play.finished
    telling, going = Telling(play), Telling(play, going_on=True)
    ends = ("unfinished", "close")
    shape = shapes("brisk")[0]
    assert any(b.kind in ends for b in telling._beats("brisk", shape))
    beats: list[Beat] = going._beats("brisk", shape)
    assert beats and not any(b.kind in ends for b in beats)
    assert compose(play).paragraphs[-1].first is None  # the close: no action of its own
    assert compose(play, going_on=True).paragraphs[-1].first is not None  # the page ends on the play
    # nor is the last third of the spins so far "late in the game" ("Late as it was in the game, Truth still
    # carried Elizabeth six on", at turn twelve in the app)
    assert any(p.late for p in telling.points) and not any(p.late for p in going.points)


def test_a_possessive_that_stands_alone_is_hers_not_her():
    """"which Kitty seemed to think the board's doing rather than her": {actor_his} is "her" before a noun;
    standing alone at the end of a clause the word is {actor_hers}."""
    assert not [r.text for r in builtin() if re.search(r"_his\}(\s*$|[.,;:!?”])", r.text)]


def test_a_line_that_speaks_of_somebody_as_away_is_not_said_with_them_at_the_table():
    """"You may tell Miss Bingley so; she will want to know," said with Miss Bingley looking on: a line says
    `absent:` those it speaks of as away, and holds only where none of them is present."""
    line = next(r for r in builtin() if "You may tell Miss Bingley so" in r.text)
    query = {"event": "close", "hearer_role": "actor", "lost": True, "speaker": "elizabeth", "hearer": "darcy"}
    assert line.matches(query | {"present": frozenset({"elizabeth", "darcy", "jane"})})
    assert not line.matches(query | {"present": frozenset({"elizabeth", "darcy", "caroline"})})


def test_a_folders_later_chapters_do_not_repeat_its_narrators_phrases():
    """"came to the Summit of Dissipation with the Mansion in plain sight" and "paid three counters for the
    privilege" on three pages of a folder of four: readers named the wording that recurs from chapter to
    chapter as the program's. A narrator's sentence sharing five words in a row with one an earlier export of
    the folder used is avoided where another will serve, as a sentence beginning alike already was."""
    up = next(r for r in builtin() if r.text.startswith("{Actor} came up to the Summit of Dissipation"))
    sight = next(r for r in builtin() if r.text.startswith("{Actor} came to the Summit of Dissipation with"))
    assert Book(builtin(), 0, avoid=frozenset({up.id}))._worn_in_folder(sight)
    assert not Book(builtin(), 0)._worn_in_folder(sight)


def test_the_goal_is_named_in_full_once_an_export():
    """'The Mansion of Happiness' repeated in full again and again: the narrator says 'the Mansion' after."""
    for path in EIGHT:
        narration = " ".join(p.text for p in brisk_page(path).paragraphs if not p.talk)
        assert narration.count("the Mansion of Happiness") <= 1, path.stem


def test_a_blush_comes_once_an_export_however_it_is_worded():
    """'coloured a little' three times in one export read as a program's tic."""
    for path, seed in itertools.product(EIGHT, range(2)):
        text = brisk_text(path, seed)
        assert len(re.findall(r"\bcolou?r(ed|ing)?\b", text)) <= 1, (path.stem, seed)


def test_the_default_rivals_are_the_spine_a_reader_would_expect():
    """No rivals: key: Elizabeth and Mr. Darcy where both play, else the first two not of a gentle temper."""
    lucas = Company(load_scene(ROOT / "tests" / "authored" / "lucas-lodge.yaml"))
    assert set(lucas.rivals) == {"elizabeth", "darcy"}
    breakfast = Company(load_scene(ELSEWHERE[0]))  # Jane, gentle, is first at the table
    assert "jane" not in breakfast.rivals and len(set(breakfast.rivals)) == 2
    assert Company(load_scene(ROOT / "scenes" / "rosings.yaml")).rivals == ("lady_catherine", "elizabeth")


def test_the_one_who_passed_or_turned_out_another_speaks_of_it_to_that_one():
    """Jane apologised to Lydia for a square Mary held: at a collision or a change of lead, the one it befell
    speaks of it only to the one passed."""
    from versus.narration.talk import Memory, Talk

    for path in EIGHT:
        telling = Telling(played(load_scene(path)))
        talk = Talk(telling.company, Book(telling.library, telling.seed), Memory(), telling.base)
        for point in (p for p in telling.points if p.event in ("collision", "lead") and p.other is not None):
            actor = telling.company.by_seat[point.actor]
            other = telling.company.by_seat[point.other]
            moment = _moment_of(telling, point)
            assert [h.id for h in talk._hearers(moment, actor)] == [other.id]


def _moment_of(telling, point):
    from versus.narration.tell import Teller

    teller = Teller(telling.company, telling.facts, Book(telling.library, telling.seed), None, telling.base,
                    telling.space_names, [], telling.winner)
    return teller.moment(point)


def test_nobody_is_called_by_name_aloud_at_every_turn():
    """'Lizzy' six times in one breakfast read as a program's: a person is named aloud three times a scene
    by the whole table, and a vocative dropped leaves a sentence ("It may be observed that …")."""
    from versus.narration.refer import _unaddressed

    assert _unaddressed("It may be observed, {address}, that the nearer.") == "It may be observed that the nearer."
    assert _unaddressed("Oh, {address}, I hope so.") == "Oh, I hope so."
    assert _unaddressed("The Mansion is mine, {address}, and I find it.") == "The Mansion is mine, and I find it."
    assert _unaddressed("Luck is an examination, {address}.") == "Luck is an examination."
    assert _unaddressed("You see, {address}, what comes of it.") == "You see what comes of it."  # not "You see, what"
    assert _unaddressed("Well, {address}, who would have thought it?") == "Well, who would have thought it?"
    for path, seed in itertools.product(ELSEWHERE[:1], range(3)):  # Longbourn: four sisters and their mother
        speech = " ".join(re.findall(r"“[^”]*”", brisk_text(path, seed)))
        assert len(re.findall(r"\bLizzy\b", speech)) <= 3, seed


def test_a_pronoun_may_point_forward_and_and_joins_a_clause_only_after_a_comma():
    """"Laying aside her book, Elizabeth …" names her after the pronoun, as a novel does; and "Elizabeth and
    {rival2} were each determined" is a pair of names, not a clause to open on "he"."""
    from versus.narration.refer import Referrer

    company = Company(load_scene(ELSEWHERE[1]))
    refer = Referrer(company, False)
    said = refer.narration("Laying aside {p0_his} book, {p0} sat down; and {P1} bowed.",
                           {"p0": "elizabeth", "p1": "darcy"}, {})
    assert said == "Laying aside her book, Elizabeth sat down; and Mr. Darcy bowed."
    refer.new_paragraph()
    said = refer.narration("{Rival2} looked up. It was plain that {rival1} and {rival2} were each determined.",
                           {"rival1": "elizabeth", "rival2": "darcy"}, {})
    assert said == "Mr. Darcy looked up. It was plain that Elizabeth and Mr. Darcy were each determined."


def test_a_stretch_of_fines_names_the_squares_and_the_sums_once_an_export():
    """'So many fines were exacted …' told a reader nothing: where the vices fined one player twice or more in
    a stretch, it may name each square and what it took ("Malice cost him four counters, and Contention
    three"), a square met twice once ("Passion cost her a counter twice"), and once an export."""
    accounts = 0
    elsewhere = ROOT / "tests" / "elsewhere"  # one list of squares an export: pages where it is the fines'
    for path, seed in [*PAGES, (ROOT / "scenes" / "rosings.yaml", 5), (elsewhere / "rosings-cards.yaml", 4)]:
        text = brisk_text(path, seed)
        found = re.findall(r"[A-Z][^.;:]*: ([A-Z][a-z ]+|the [A-Z][a-z ]+) cost (him|her) (a|\w+) counters?", text)
        assert len(found) <= 1, (path.stem, seed, found)
        accounts += len(found)
        assert not re.search(r"\b(\w+) cost (him|her) [^.;]*, and \1 ", text)  # a square once, with all it took
    assert accounts >= 3


def test_a_setting_before_a_stake_that_names_the_rivals_seats_only_the_rest():
    """"After dinner, Lady Catherine, Elizabeth, Mr. Collins and Anne sat down to Virtue Rewarded…", and then "Lady
    Catherine presided over the game…": readers of every round from 66 to 79 quoted the roll-call, in a folder whose
    first chapter had seated its players one by one. Where the stake names some of the players, the setting
    before it names only the others, as making up the table."""
    earlier = compose(brisk_play(ELSEWHERE[0])).phrasings  # the breakfast chapter, which seats them one by one
    checked = 0
    for path in ELSEWHERE[1:]:
        play = brisk_play(path)
        first = compose(play, avoid=frozenset(earlier)).paragraphs[0].text
        sentences = re.split(r"(?<=[.!?])\s+", first)
        if "in the other chairs" not in sentences[0]:
            continue
        checked += 1
        names = [p.called for p in play.scene.players]
        assert not any(n in sentences[0] and n in " ".join(sentences[1:]) for n in names), (path.stem, first[:300])
    assert checked >= 1
    told = compose(brisk_play(ELSEWHERE[3]), avoid=frozenset(earlier))  # After Dinner at Rosings
    assert "with Mr. Collins and Anne in the other chairs" in told.paragraphs[0].text, told.paragraphs[0].text[:200]
    # and once a folder: the same frame at Rosings and at Lucas Lodge was the first tell eight readers named
    quiet = compose(brisk_play(ELSEWHERE[1]), avoid=frozenset(earlier)).phrasings  # the folder's order in the panel
    later = compose(brisk_play(ROOT / "tests" / "authored" / "lucas-lodge.yaml"),
                    avoid=frozenset((*earlier, *quiet, *told.phrasings))).paragraphs[0].text
    assert "in the other chairs" not in later, later[:200]


def test_a_player_the_opening_left_unnamed_is_seated_alone_not_in_a_roll_call():
    """'Round the table sat Elizabeth, Mr. Darcy, Mr. Bingley and Miss Bingley' a sentence after three of them
    were named read as a program's roll-call: only the one left out is seated."""
    opening = brisk_page(ELSEWHERE[1]).paragraphs[0].text  # A Quiet Evening
    assert re.search(r"Mr. Bingley, begged to make up the table|last chair was Mr. Bingley’s", opening), opening
    assert opening.count("Elizabeth") == 1, opening


def test_a_pronoun_points_forward_only_where_nobody_else_of_that_pronoun_was_just_named():
    """"Jane went back … Her spin was one too many …" was Elizabeth's spin: after another woman was named in
    the paragraph, the sentence names its own."""
    from versus.narration.refer import Referrer

    refer = Referrer(Company(load_scene(ELSEWHERE[0])), False)  # four sisters at Longbourn
    refer.narration("{Actor} went back.", {"actor": "jane"}, {})
    said = refer.narration("{Actor_his} spin was one too many, and the square {actor} had left was Mary's.",
                           {"actor": "lizzy"}, {})
    assert said.startswith("Elizabeth’s spin"), said


def test_one_just_spoken_of_is_she_after_an_opening_phrase_and_her_after_a_verb_unless_another_she_was_named():
    """"Honesty and Gratitude helped Lydia on. But the Road to Folly sent Lydia back", and "Elizabeth went up the
    board… But within sight of the Mansion, Elizabeth came to the Summit": readers of rounds 55 and 57 took a name
    repeated where "she" would do for a program's. Where nobody else of her pronoun was named in the paragraph,
    she is "she" after an opening phrase and "her" after a verb or a preposition; never where the clause wants
    its subject ("where {other} stood"), nor once another woman was named."""
    from versus.narration.refer import Referrer

    company = Company(load_scene(ELSEWHERE[0]))  # four sisters at Longbourn
    refer = Referrer(company, False)
    refer.narration("Honesty helped {actor} on.", {"actor": "lydia"}, {})
    said = refer.narration("The Road to Folly sent {actor} back to Prudence.", {"actor": "lydia"}, {})
    assert said == "The Road to Folly sent her back to Prudence.", said
    said = refer.narration("Within sight of the Mansion, {actor} came to the Summit.", {"actor": "lydia"}, {})
    assert said == "Within sight of the Mansion, she came to the Summit.", said
    said = refer.narration("The Water sent {other} on to the square where {actor} stood.",
                           {"actor": "lydia", "other": "jane"}, {})
    assert said == "The Water sent Jane on to the square where Lydia stood.", said  # another woman: names
    refer.new_paragraph()
    refer.narration("Honesty helped {actor} on.", {"actor": "lydia"}, {})
    said = refer.narration("It was there that {actor} stood.", {"actor": "lydia"}, {})
    assert said == "It was there that Lydia stood.", said  # "that" governs nothing: "that her stood" is no English


def test_the_one_who_spoke_last_carries_her_own_next_turn_in_her_line_s_paragraph():
    """"“I shall remember it,” said Elizabeth; and when her turn came, she spun another two…": the hand's pages
    run talk and play together, where ours gave every turn its line and every line a paragraph of its own, a
    metronome every reader heard. A moment of the one who spoke last, at her next turn, is told after her tag:
    "when her turn came" only of the very next, "presently" of one within two rounds."""
    told = 0
    for path, seed in PAGES:
        play = brisk_play(path, seed)
        seats = {p.called: k for k, p in enumerate(play.scene.players)}
        for paragraph in compose(play, "full").paragraphs:
            tag = re.search(r"” (?:said|cried|replied|observed|added|remarked) ([^;“”]+?)(?:, \w+)?; and (when (?:her|his)"
                            r" turn came|presently)", paragraph.text)
            if tag is None or tag.group(1) not in seats:
                continue
            line, clause = paragraph.units[-2], paragraph.units[-1]
            seat, k = seats[tag.group(1)], clause.first
            # the paragraph's note spans the moment the line answers too, or its words are read against the turn
            assert paragraph.first is not None and line.first is not None and paragraph.first <= line.first, \
                paragraph.text
            assert clause.first == clause.last or tag.group(2) == "presently", paragraph.text
            turns = [a.action.player for a in play.played[line.first + 1:k]] if line.first is not None else []
            assert play.played[k].action.player == seat or tag.group(2) == "presently", paragraph.text
            assert turns.count(seat) == 0 if tag.group(2) != "presently" else turns.count(seat) <= 1
            told += 1
    assert told >= 5


def test_one_turned_out_again_and_again_is_told_by_whom():
    """"Mary was sent back repeatedly" told a reader nothing when others had turned her out of her squares:
    the stretch names who did it, and how often ("Elizabeth was turned out once by Lydia and once by Jane"),
    and the play bears each count out."""
    told = 0
    more = [(ROOT / "scenes" / "pemberley-canton.yaml", 8), (ROOT / "tests" / "elsewhere" / "pemberley-music.yaml", 6)]
    for path, seed in [*PAGES, *more]:  # one list of squares an export: pages where it is who turned whom out
        scene = load_scene(path)
        actions = Telling(brisk_play(path, seed)).facts.actions
        seats = {p.called: k for k, p in enumerate(scene.players)}
        name = "|".join(re.escape(n) for n in seats)
        for para in brisk_page(path, seed).paragraphs:
            for m in re.finditer(rf"({name}) was turned out (?:of (?:his|her) square )?(.*?by (?:{name}))[,.]",
                                 para.text):
                for count, by in re.findall(rf"(once|twice|thrice|\w+ times) by ({name})", m.group(2)):
                    done = sum(1 for a in actions[para.first:para.last + 1] if a.player == seats[by]
                               for d in a.displaced if d[0] == seats[m.group(1)])
                    stated = {"once": 1, "twice": 2, "thrice": 3, "four times": 4, "five times": 5}[count]
                    assert done == stated, (path.stem, seed, m.group(0))
                    told += 1
    assert told >= 1  # the line ties with others of as many criteria, and one of these pages has it


def test_a_game_put_away_unfinished_says_where_it_was_left():
    """"The Mansion of Happiness was left unvisited when the game was given up" ended a game that had simply
    stopped: readers asked why, and who was nearest. The close names the one in front and how far short of
    the goal they stood, as the last state has it."""
    from versus.narration.words import about

    closes = 0
    for path, seed in itertools.product(EIGHT, range(4)):
        scene = load_scene(path)
        play = brisk_play(path, seed)
        telling = Telling(play)
        leader = telling.facts.lead[-1].leader
        if play.game.state.winner is not None or leader is None:
            continue
        need = telling.board.goal - play.game.state.pos[leader]
        told = [p.text for p in brisk_page(path, seed).paragraphs if not p.talk]
        ending = re.split(r"(?<!Mr\.)(?<!Mrs\.)(?<=[.!?])\s+", " ".join(told[-2:]))  # the close
        assert any(scene.players[leader].called in s and about(need) in s for s in ending), (path.stem, seed, ending)
        closes += 1
    assert closes >= 2


@pytest.mark.parametrize("path", EIGHT, ids=[p.stem for p in EIGHT])
def test_the_proud_and_the_shy_say_their_say_once_a_conversation(path):
    """Mr. Darcy trading epigram for epigram at every turn "talks far more readily than he should": a proud,
    shy or timid person speaks once in a conversation about somebody else's moment, twice about their own,
    unless a budget needs the words (reserved off), when the talk runs on as before."""
    from versus.narration.talk import RESERVED, Memory, Talk
    from versus.narration.tell import Teller

    longer = 0
    for seed in (0, 3):
        telling = Telling(played(load_scene(path), seed))
        people = telling.company.people
        for reserved in (True, False):
            book = Book(telling.library, telling.seed)
            talk = Talk(telling.company, book, Memory(), telling.base, reserved)
            teller = Teller(telling.company, telling.facts, book, talk, telling.base, telling.space_names, [],
                            telling.winner)
            for point in telling.points:
                moment = teller.moment(point)
                lines = talk.converse(moment, 6)
                for who in {s.speaker for s in lines if people[s.speaker].temper in RESERVED}:
                    said = sum(s.speaker == who for s in lines)
                    if reserved:
                        assert said <= (2 if who == moment.actor else 1), (seed, moment, [s.rule.text for s in lines])
                    else:
                        longer += said > (2 if who == moment.actor else 1)
    if path.stem in ("netherfield", "pemberley-music"):
        assert longer >= 1  # the rule is what holds them back


def test_an_aside_spoken_after_its_action_shares_its_paragraph():
    """"Lydia came to rest at the Whipping Post." alone, then “La!” cried Lydia in a paragraph of its own,
    read as bare one-line reports with lines bolted on: the author's line follows its action in one
    paragraph, tagged by pronoun ("…the Whipping Post. “La!” cried she. “I shall not stay here long.”")."""
    text = brisk_text(ROOT / "tests" / "authored" / "lucas-lodge.yaml")  # its own seed
    assert re.search(r"Whipping Post\. “La!” cried she\.", text), text


ANSWERS = tuple(re.split(r"[{,;.!?]", r.text)[0][:16] for r in builtin() if "aside" in r.answers)  # answers to asides


def _answer_after(paragraphs, line: str) -> str | None:
    """The paragraph after the one holding an author's line, where it is an answer to an aside; else None."""
    first = "“" + re.split(r"(?<=[.!?])\s+", curly(line))[0][:16]
    at = next(k for k, p in enumerate(paragraphs) if first in p.text)
    after = paragraphs[at + 1] if at + 1 < len(paragraphs) else None
    return after.text if after is not None and after.talk and any(a in after.text for a in ANSWERS) else None


def test_the_one_an_aside_spoke_of_answers_it_where_the_pace_has_talk():
    """Miss Bingley's "A vice, Miss Eliza? How very like you." (the author's) left unanswered read to every reader
    of round 69 as a beat dropped, and "not like" Elizabeth: the one the aside spoke of answers its speaker, in a
    paragraph of her own after it, where the pace has talk; a summary keeps the author's words alone."""
    path = ROOT / "tests" / "authored" / "lucas-lodge.yaml"
    for pace, answered in (("brisk", True), ("full", True), ("summary", False)):
        after = _answer_after(compose(brisk_play(path), pace).paragraphs, "A vice, Miss Eliza?")
        assert (after is not None) == answered, (pace, after)
        if answered:
            assert after is not None and "Miss Bingley" in after.split("”")[0], after
            assert re.search(r"” (said|replied) Elizabeth", after), after


def test_an_aside_is_answered_only_by_the_one_it_spoke_of_and_never_by_its_own_speaker():
    """Lydia's "La! I shall not stay here long" is her own of herself: nobody answers it for her. Over the
    example scenes' asides, every answer after one is spoken by the player whose turn fired it."""
    answered = 0
    for path in [*EXAMPLES, ROOT / "tests" / "authored" / "lucas-lodge.yaml"]:
        play = brisk_play(path)
        names = dict(people(play.scene))
        paragraphs = brisk_page(path).paragraphs
        for firing in play.firings():
            if not firing.aside.say:
                continue
            after = _answer_after(paragraphs, firing.aside.say[-1][1])
            player = firing.aside.when.player
            if player is None or play.scene.players[player].id in {who for who, _ in firing.aside.say}:
                assert after is None, (path.stem, after)
                continue
            if after is not None:
                answered += 1
                tag = after.split("”")[1][:30]  # “…,” said Mr. Darcy.
                assert any(n and n in tag for n in names[play.scene.players[player].id]), (path.stem, after)
    assert answered >= 5


def test_an_author_writes_her_own_answers_to_her_asides(tmp_path):
    """A phrasebook's `answers: [aside]` line, the author's, is preferred to the bundled answers."""
    path = with_phrasebook(tmp_path, ROOT / "tests" / "authored" / "lucas-lodge.yaml",
                           'lines:\n  - say: "You keep a careful count of them, {address}. I am flattered."\n'
                           '    speaker: elizabeth\n    answers: [aside]\n    concept: retort\n')
    paragraphs = compose(brisk_play(path)).paragraphs
    at = next(k for k, p in enumerate(paragraphs) if "A vice, Miss Eliza?" in p.text)
    answer = paragraphs[at + 1].text
    assert answer.startswith("“You keep a careful count of them, Miss Bingley,” said Elizabeth."), answer


def test_a_stock_cry_opens_one_line_a_page_and_none_where_the_author_has_one():
    """Lydia's "Lord, don't pity me!" and the author's own "Lord, what a tedious game!" on one page, and "La!" on
    many, read to readers as stock tics. A line of ours opens on "La" or "Lord" once a page at most, and never on
    a page whose author gives somebody one."""
    cry = re.compile(r"“(?:La|Lord)\b")
    authored = ROOT / "tests" / "authored" / "lucas-lodge.yaml"
    theirs = {curly(line) for f in brisk_play(authored).firings() for _, line in f.aside.say}
    assert any(cry.match("“" + line) for line in theirs)
    for path, seed in [*PAGES, (authored, None)]:
        text = brisk_text(path, seed)
        quoted = [text[m.start() + 1:text.index("”", m.start())].rstrip(",") for m in cry.finditer(text)]
        ours = [q for q in quoted if not any(t.startswith(q) for t in theirs)]
        assert len(ours) <= (0 if path == authored else 1), (path.stem, seed, ours)


HELD = re.compile(r"(?:^|\. )([A-Z][\w. ]+?) (?:remained|stayed|was still) in front")
SET_BACK = r"\b(?:down to|back to|went back|sent back|fined|shut up|turned out|paid)\b"


@pytest.mark.parametrize("path,seed", [*PAGES, *((p, None) for p in ELSEWHERE)],
                         ids=[f"{p.stem}-{s}" for p, s in [*PAGES, *((p, None) for p in ELSEWHERE)]])
def test_one_just_seen_set_back_is_not_then_said_to_have_stayed_in_front(path, seed):
    """"…it cost her three counters, and she went down to Ruin." then "Lydia remained in front for so many spins
    together…": true, but read by a reader of round 73 as a contradiction. A stretch after a moment that set the
    leader back does not say the leader stayed in front."""
    paragraphs = [p.text for p in brisk_page(path, seed).paragraphs if not p.talk]
    for before, after in zip(paragraphs, paragraphs[1:], strict=False):
        held = HELD.search(after)
        if held is None:
            continue
        name = held.group(1).split()[-1]
        told = [t for t in re.split(r"(?<=[.!?])\s+", re.sub(r"“[^”]*”", "", before).strip()) if len(t.split()) >= 5]
        last = told[-1] if told else ""  # the last sentence of play told, tags of speech left out
        assert not (re.search(SET_BACK, last) and name in last), (before[-160:], after[:120])


@pytest.mark.parametrize("path,seed", PAGES[::2], ids=[f"{p.stem}-{s}" for p, s in PAGES[::2]])
def test_every_turn_told_at_the_full_pace_names_only_squares_that_have_names(path, seed):
    """"Mr. Darcy spun and moved on; Elizabeth went on to ; and Mr. Darcy came to rest at the Stocks": once the
    plain-square sentences were spent, a turn to a plain square took one naming the square, and printed nothing."""
    text = "\n".join(p.text for p in compose(brisk_play(path, seed), "full").paragraphs)
    blank = re.search(r".{40}\b(?:to|at|upon|on)(?: [;,.]|  ).{20}", text)
    assert blank is None, blank.group(0)


def test_a_setback_at_a_square_a_stretch_named_is_told_as_happening_once_more():
    """"The road… proved a long one for Lydia: the Sabbath Breaker, Immodesty and the Road to Folly turned her
    back", then "Lydia was fined a counter at the Sabbath Breaker…", read to a reader of round 77 as one move told
    twice. A square a stretch named as sending a player back counts as told: the next time is "once more"."""
    lucas = Telling(brisk_play(ROOT / "tests" / "authored" / "lucas-lodge.yaml")).draft("brisk", Shape(4, 4, 2, 2, 2))
    cases = [("\n\n".join(p.text for p in lucas.paragraphs),  # a shape that tells both: a crime, fined
              "the Sabbath Breaker, Immodesty and the Road to Folly", "Sabbath Breaker"),
             (brisk_text(ROOT / "scenes" / "pemberley-canton.yaml", 0),
              "The Road to Folly and Immodesty turned Georgiana back",
              "Road to Folly")]  # a fall, fined nothing: "He came to Idleness…" after "Idleness twice turned him back"
    for text, listed, square in cases:
        named = text.index(listed)
        again = text.index(square, named + len(listed))
        sentence = text[text.rindex(".", 0, again) + 1:again]
        assert re.search(r"\b(Once more|once more|again|A second time|a second time)\b", sentence), sentence


def test_one_turned_out_up_the_board_is_not_talked_of_as_turned_out():
    """Lines about a collision are sorry for a setback: "“Poor Mary,” said Jane", of Mary just turned out of the
    Seat of Expectation up to the square by the Mansion and into the lead, read to the readers of round 87 as a
    reply to another event ("“You have turned out Miss Darcy, Lizzy, and nobody seems to mind it”"). Such a
    turn is told, and nobody speaks of it."""
    for path, seed in ((ROOT / "tests" / "elsewhere" / "pemberley-music.yaml", 1),
                       (ROOT / "tests" / "elsewhere" / "breakfast.yaml", 1)):
        paragraphs = [p.text for p in Telling(brisk_play(path, seed)).draft("brisk", Shape(10, 3, 0, 2, 2)).paragraphs]
        told = [k for k, p in enumerate(paragraphs) if "came into the lead without having spun at all" in p]
        assert told
        for k in told:
            assert not paragraphs[k].endswith("without having spun at all.") or not paragraphs[k + 1].startswith("“")
            assert "without having spun at all. “" not in paragraphs[k]


def test_a_manner_tags_one_line_an_export():
    """"said Lydia, laughing" and then "cried Lydia, laughing" (round 87): a manner of speaking written for a line
    is a tic the second time; it is given once an export, and the line after that is tagged plainly."""
    for seed in range(3):
        play = brisk_play(ROOT / "tests" / "elsewhere" / "breakfast.yaml", seed)
        text = " ".join(p.text for p in compose(play, "full").paragraphs)
        assert len(re.findall(r"” \w+ [\w. ]+?, (laughing|colouring)\b", text)) <= 1


def test_a_setting_may_open_on_the_one_who_proposed_the_game_and_names_nobody_twice():
    """"After dinner, … was set out in …", "After supper, … was fetched out…": four chapters of a folder opening on
    one formula read to readers of rounds 87 to 89 as a program's. A setting may open on somebody present who
    proposed the game; one who looks on is named apart from the players, as not playing ("Miss Bingley, who had
    no wish to play…, proposed…; and Elizabeth, Lydia and Mr. Darcy sat down to it"), and nobody is named twice in
    it ("Mr. Collins proposed …, with Mr. Collins and Anne in the other chairs": one who plays is seated in
    character). Whose game it was is told once: not after a stake that says so, nor where the author's setting
    names somebody ("where Mr. Gardiner had laid out a copy of the game")."""
    assert brisk_text(ROOT / "scenes" / "rosings.yaml", 0).startswith("Mr. Collins proposed Virtue Rewarded")
    summary = compose(brisk_play(ROOT / "scenes" / "netherfield.yaml", 0), "summary").paragraphs[0].text
    assert summary.count(" proposed ") == 1  # "Miss Bingley had proposed the Mansion in the hope…" says it already
    canton = brisk_text(ROOT / "scenes" / "pemberley-canton.yaml", 0)  # "…, where Mr. Gardiner had laid out a copy
    assert " proposed " not in canton.split("\n\n")[0]  # of the game printed for the Canton trade": his, not another's
    proposers = 0
    for path, seed in [*PAGES, *((p, None) for p in ELSEWHERE)]:
        first = re.split(r"(?<!Mr\.)(?<!Mrs\.)(?<=\.)\s(?=[A-Z“])", brisk_text(path, seed), maxsplit=1)[0]  # 1st sentence
        if not re.search(r" proposed |’s notion|would have the others", first):
            continue  # a stake, not a setting that opens on who proposed the game
        scene = load_scene(path)
        for person in (*scene.players, *scene.company):
            assert first.count(person.called or person.name) <= 1, (path.stem, seed, first)
        proposers += 1
    assert proposers >= 3


def test_few_sentences_of_play_stand_alone_between_two_conversations():
    """"Elizabeth fell into a Passion …" in a paragraph of its own between two conversations read as a bare
    report with lines bolted on: the first line about it joins it, the author's own line too where its action
    was told there, so that few such paragraphs are left (there were 34 of 107 narration paragraphs over
    these pages, then 14 of 84 while an author's line stood apart)."""
    alone = told = 0
    for path, seed in PAGES:
        paragraphs = brisk_page(path, seed).paragraphs
        for before, p, after in zip(paragraphs, paragraphs[1:], paragraphs[2:], strict=False):
            if p.talk or p.first is None or "“" in p.text:
                continue
            told += 1
            alone += len(p.units) == 1 and before.talk and after.talk
    assert alone <= 0.05 * told, (alone, told)


def test_a_winner_last_seen_sent_down_is_seen_climbing_back():
    """Mr. Darcy, sent down to Ruin four short of the Mansion, and then simply winning, read as "one
    unexplained jump": the run to the finish says where a winner climbed back from, where the reader was
    told of the setback that put them there (and only then: Mr. Collins's untold Obstinacy is no "back")."""
    lucas = brisk_text(ROOT / "tests" / "authored" / "lucas-lodge.yaml")  # its own seed
    assert "From Ruin Mr. Darcy made his way back up the board" in lucas, lucas
    for path, seed in PAGES:
        text = brisk_text(path, seed)
        assert "back from Morality" not in text and "From Patience" not in text


def test_a_line_led_in_where_she_would_be_in_doubt_takes_the_casts_short_word():
    """"Lady Catherine leaned a little towards Elizabeth." and then “…,” said Lady Catherine in a paragraph of
    its own read as a tag repeating a name just given; "said she" would be Elizabeth's as well as hers: the
    line joins its sentence, tagged "said her Ladyship"."""
    text = brisk_text(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml")
    assert re.search(r"Lady Catherine(, who had turned to Elizabeth| leaned a little towards Elizabeth|, having put the "
                     r"game in order to her satisfaction, turned to the more promising subject of Elizabeth’s family)"
                     r"\. “[^”]*,” said her Ladyship\.", text), text


def test_the_run_to_the_finish_opens_on_no_word_of_time():
    """"Meanwhile, Mr. Darcy wanted only seven spaces now" was quoted as a stock opener: the run to the finish
    tells where people stand, and no "Meanwhile" or "Then" opens it, however many sentences lead up to it."""
    from versus.narration.pipeline import LINKS

    standing = r"(wanted only|was in front|had \w+ \w+ to go|nearer [\w ]+ than anybody)"
    opened = re.compile("(" + "|".join(LINKS) + r") [A-Z][\w.]*(?: [A-Z]\w+)? " + standing)
    runs = 0
    for path, seed in [*PAGES, (ELSEWHERE[1], None)]:
        text = brisk_text(path, seed)
        assert not opened.search(text), opened.search(text)
        runs += bool(re.search(standing, text))
    assert runs >= 3


@pytest.mark.parametrize("path", EIGHT, ids=[p.stem for p in EIGHT])
def test_the_proud_and_the_shy_fall_silent_once_they_have_said_their_share(path):
    """Readers still found Mr. Darcy "far too talkative", an epigram at every turn of the board, when he spoke
    once a conversation: over the whole scene a proud, shy or timid person says RESERVED_LINES lines and
    then keeps silent, bar their own win; a budget that needs the words (reserved off) lets them run on."""
    from versus.narration.talk import RESERVED, RESERVED_LINES, Memory, Talk
    from versus.narration.tell import Teller

    most = {}
    for reserved in (True, False):
        telling = Telling(played(load_scene(path), 0))
        book = Book(telling.library, telling.seed)
        talk = Talk(telling.company, book, Memory(), telling.base, reserved)
        teller = Teller(telling.company, telling.facts, book, talk, telling.base, telling.space_names, [],
                        telling.winner)
        spoke: dict[str, int] = {}
        for point in telling.points:
            moment = teller.moment(point)
            for line in talk.converse(moment, 4):
                own_win = moment.event == "finish" and line.speaker == moment.actor
                if telling.company.people[line.speaker].temper in RESERVED and not own_win:
                    spoke[line.speaker] = spoke.get(line.speaker, 0) + 1
        most[reserved] = max(spoke.values(), default=0)
    assert most[True] <= RESERVED_LINES, most
    if path.stem in ("netherfield", "netherfield-quiet", "rosings"):
        assert most[False] > RESERVED_LINES, most  # the rule is what holds them back


def test_a_turning_out_is_told_as_it_happened_not_as_the_rule_reads():
    """"Piety carried Mary forward on to the square where Elizabeth stood, and Elizabeth was sent back to the
    place Mary had come from" was quoted by every reader as "a rule read aloud": a collision is told as
    somebody turned out of their square, and where the prose can name it, where they went ("off the board",
    "back to Justice")."""
    rule_read_aloud = re.compile(r"the (very )?(square|spot) where|back to the place|square \{\w+\} had (spun|quitted)")
    assert not [r.text for r in builtin() if rule_read_aloud.search(r.text)]
    went = 0
    for path, seed in PAGES:
        text = brisk_text(path, seed)
        assert not re.search(r"the (square|spot) where|back to the place|square \w+ had (spun|quitted)", text), path
        went += len(re.findall(r"(went|sent \w+) (off the board|back to [A-Z])", text))
    assert went >= 1


def test_a_conversation_of_the_peoples_own_is_led_in_by_what_its_speaker_was_doing():
    """"Between one spin and the next, Lady Catherine leaned a little towards Elizabeth" and "While the
    teetotum went round, Mr. Darcy left off watching it" were quoted as stock cues: each of the cast's own
    conversations away from the board has a lead-in written for it, and the stock ones are left for an
    author's."""
    stock = ("Between one spin and the next", "While the teetotum went round", "without much help from",
             "had by now ceased to attend to the board")
    for path, seed in PAGES:
        text = brisk_text(path, seed)
        assert not any(s in text for s in stock), (path, seed)
    rosings = brisk_text(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml")
    assert "turned to the more promising subject of Elizabeth’s family. “I suppose your sisters" in rosings


def test_the_players_are_seated_one_by_one_and_not_called_like_a_roll():
    """"Jane, Elizabeth, Mary and Lydia took up the teetotum" and "Lady Catherine, Elizabeth, Mr. Collins and
    Anne played while Mrs. Jenkinson watched" read as a program's cast list: where the opening leaves the
    players to the setting, each sits down in a clause of their own ("Lydia had seized a counter before
    anybody else was asked; …"), two at most, the rest together; a summary, with no room for it, names them."""
    seated = 0
    for path, seed in PAGES:
        scene = load_scene(path)
        names = [p.called for p in scene.players]
        first = brisk_page(path, seed).paragraphs[0].text
        roll = ", ".join(names[:-1]) + " and " + names[-1]
        assert roll not in first, (path, seed, first)
        seats = [s for s in re.split(r"(?<=\.) ", first) if "; and " in s and sum(n in s for n in names) >= 2]
        clauses = [n for s in seats[:1] for n in names
                   if re.search(r"(^|; )(and )?" + re.escape(n) + r" (had |was |would |took |chose |sat |declared "
                                r"|demanded |kept )", s)]
        assert len(clauses) <= 2, first  # a clause for every player, each with one trait, read as a template
        seated += len(clauses) == 2
    assert seated >= 4
    summary = text_of(played(load_scene(ROOT / "tests" / "elsewhere" / "breakfast.yaml")), "summary")
    assert "calling for the teetotum" not in summary and "improving exercise" not in summary


def test_a_turning_point_opens_the_paragraph_of_its_talk():
    """"With the Mansion only four spaces off, Lydia came to the Summit…" told as the fourth sentence of a run
    of moves was "thrown away in a passing clause": where the play before it fills a paragraph of its own,
    the turning point a conversation follows opens the paragraph of that talk, with the first line."""
    weighed = 0
    for path, seed in PAGES:
        paragraphs = brisk_page(path, seed).paragraphs
        for before, p, after in zip(paragraphs, paragraphs[1:], paragraphs[2:], strict=False):
            weighed += not before.talk and len(before.units) >= 2 and not p.talk and len(p.units) == 2 \
                and "“" in p.units[1].text and after.talk
    assert weighed >= 8


def test_the_players_are_seated_one_by_one_once_a_manuscript_folder():
    """Four chapters each opening "A did this; B did that; and C and D took the two chairs that were left"
    read as one template's, all four readers said: a folder's later exports, whose first used the seating,
    name their players otherwise."""
    first = brisk_page(ROOT / "tests" / "elsewhere" / "breakfast.yaml")
    assert re.search(r"; and [^.;]+ (completed|took|sat down|were seated|was seated)", first.paragraphs[0].text)
    rosings = played(load_scene(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml"))
    alone = compose(rosings).paragraphs[0].text
    after = compose(rosings, avoid=frozenset(first.phrasings)).paragraphs[0].text
    assert "Lady Catherine took the head of the table" in alone
    assert "Lady Catherine took the head of the table" not in after and "Mr. Collins" in after, after


def test_nobody_is_left_unseated_when_the_book_has_no_words_for_the_rest():
    """A setting that seats two players in clauses of their own names the rest together; where the book has no
    sentence left for them (an author's book, or a folder that used them all), they still come to the table."""
    from versus.narration.talk import Memory, Talk
    from versus.narration.tell import Teller

    telling = Telling(played(load_scene(ROOT / "tests" / "elsewhere" / "breakfast.yaml"), 0))
    rules = [r for r in telling.rules if "rest" not in dict(r.criteria)]
    book = Book(rules, telling.seed)
    teller = Teller(telling.company, telling.facts, book, Talk(telling.company, book, Memory(), telling.base),
                    telling.base | {"seats": True}, telling.space_names, [], telling.winner)
    template, roles = teller._seated("{seated}.")
    assert {pid for _, pid in roles} == {p.id for p in telling.scene.players}
    assert template.startswith("{Seat0}") and "sat down with them." in template, template


def test_the_narrator_comments_on_one_moment_in_three_told_alone():
    """Readers quoted "every event gets the same tacked-on ironic clause": of the moments told without talk,
    the narrator keeps a comment after the event on one in COMMENT_EVERY at most, the rest told plainly."""
    from versus.narration.plan import Beat
    from versus.narration.talk import Memory, Talk
    from versus.narration.tell import COMMENT_EVERY, Teller, plainly

    texts = {r.id: r.text for r in builtin()}
    kept = told = 0
    for path in EIGHT:
        telling = Telling(played(load_scene(path), 0))
        book = Book(telling.library, telling.seed)
        teller = Teller(telling.company, telling.facts, book, Talk(telling.company, book, Memory(), telling.base),
                        telling.base, telling.space_names, [], telling.winner)
        comments = []
        for point in telling.points:
            if point.event == "finish":
                continue
            told_as = [s for b in teller.blocks(Beat("moment", point.index, point.index, point)) for s in b.sentences]
            comments.append(any(s.template == texts[s.rule] != plainly(texts[s.rule]) for s in told_as))
        for k in range(len(comments)):
            assert sum(comments[k:k + COMMENT_EVERY]) <= 1, (path.stem, k, comments)
        kept, told = kept + sum(comments), told + len(comments)
    assert told > 100 and kept > 20  # rationed, not gone


def test_two_stretches_an_export_list_their_squares_and_one_its_sums():
    """"Ingratitude twice and the Summit of Dissipation once turned Lydia back", then "Malice cost him four
    counters, and Contention three": readers took every stretch that names its squares one by one for a
    ledger; and then "Mary went back more than once" for a game log's vague stand-in. Two stretches an
    export may list squares ({setbacks}, {lifts}, {fined_at}, {ousted_by}), and one of them the sums."""
    from versus.narration.tell import ITEMISED, ITEMISING

    listing = {r.id for r in builtin() if not r.spoken and any(slot in r.text for slot in ITEMISING)}
    sums = {r.id for r in builtin() if not r.spoken and "{fined_at}" in r.text}
    twice = 0
    for path, seed in PAGES:
        used = [p for p in brisk_page(path, seed).phrasings if p in listing]
        assert len(used) <= ITEMISED == 2 and len(sums.intersection(used)) <= 1, (path.stem, seed, used)
        twice += len(used) == 2
    assert twice >= 3


def test_the_crowded_board_is_told_once_an_export():
    """"More than one player found a square already taken …" and then "With so many upon the board the
    players kept coming to rest on one another's squares" (both since taken out as filler): the same thing said twice. A narrator's line may
    remember, and another say `unless:` it was told."""
    crowded = {r.id for r in builtin() if not r.spoken and "crowded" in r.remember}
    assert len(crowded) >= 3 and all(("unless", "crowded") in builtin_rule.criteria
                                     for builtin_rule in builtin() if builtin_rule.id in crowded)
    told = 0
    for path, seed in PAGES:
        used = crowded.intersection(brisk_page(path, seed).phrasings)
        assert len(used) <= 1, (path.stem, seed, used)
        told += len(used)
    assert told >= 1  # told somewhere (two pages told it before the narrator's most used lines were rewritten)


def test_no_stretch_calls_the_leader_untouched_just_before_the_leader_falls():
    """"Mr. Darcy, who stood in front and whom the vices seemed to have agreed to leave alone" and then "He
    paid a counter at the Perjurer": a stretch followed by its leader's setback says nothing of a spotless
    road or of a leader no vice had touched."""
    from versus.narration.plan import Beat
    from versus.narration.talk import Memory, Talk
    from versus.narration.tell import SETBACKS, Teller

    criteria = {r.id: dict(r.criteria) for r in builtin()}
    checked = 0
    for path in EIGHT:
        telling = Telling(played(load_scene(path), 0))
        for point in telling.points:
            lead = telling.facts.lead[point.index].leader  # who led as the action began
            if point.event not in SETBACKS or lead != point.actor or point.index < 8:
                continue
            book = Book(telling.library, telling.seed)
            teller = Teller(telling.company, telling.facts, book, Talk(telling.company, book, Memory(), telling.base),
                            telling.base, telling.space_names, [], telling.winner)
            after = Beat("moment", point.index, point.index, point)
            for block in teller.blocks(Beat("stretch", point.index - 8, point.index - 1), [after]):
                for s in block.sentences:
                    said = criteria.get(s.rule, {})
                    assert said.get("spotless") is not True and said.get("leader_reverses") != 0, (path.stem, s.template)
                    checked += 1
    assert checked >= 20


def test_players_sent_home_from_the_door_one_after_another_are_told_so():
    """Readers of the wet morning at Longbourn found Lydia "in front" at the close of a stretch that told
    only a virtue, when Elizabeth and then Mary had spun past the Mansion a second time and begun again: a
    stretch where two or more began the road again says so, naming them in order."""
    text = brisk_text(ROOT / "tests" / "elsewhere" / "breakfast.yaml")  # its own seed
    assert "Elizabeth and Mary" in text and "begin the road again" in text, text


def test_a_second_overshoot_is_told_as_a_second_only_where_the_page_told_the_first():
    """"Jane, Elizabeth and Mary … one after another spun past it a second time", and "Elizabeth overran the
    Mansion a second time", where the page never told a first: readers of rounds 63 and 64 took it for a slip,
    as they had "once more" at a square. Where the first went untold, the sentence tells both ("Mary twice
    overran the Mansion, the second time from the sixty-sixth square")."""
    from versus.narration.words import SENTENCE_END

    second = re.compile(r"(spun past|overran|overshot|went past)[^.]*a second time|second time \w+ had spun past")
    first = r"[^.;]*(spun past|overran|overshot|went past|too well|Seat of Expectation)"
    checked = 0
    for path, seed in PAGES:
        play = brisk_play(path, seed)
        names = [p.called for p in play.scene.players]
        for pace in ("summary", "brisk"):
            page = brisk_page(path, seed) if pace == "brisk" else compose(play, pace)  # brisk: composed once a run
            text = re.sub(r"“[^”]*”", "", "\n".join(p.text for p in page.paragraphs))
            sentences = re.split(SENTENCE_END, text)  # not after "Mr."
            for k, sentence in enumerate(sentences):
                if not second.search(sentence):
                    continue
                who = [n for n in names if n in sentence] or [n for n in names if k and n in sentences[k - 1]]
                before = " ".join(sentences[:k])
                assert any(re.search(re.escape(n) + first, before) for n in who), (path.stem, seed, pace, sentence)
                checked += 1
    assert checked >= 3


def test_one_shut_up_for_a_crime_is_told_where():
    """"Elizabeth was shut up for the Cheat" never said where, nor how she came there (two readers of round 63): a
    confinement at a square that sends the player elsewhere names both ("came to the Cheat and was shut up for it
    in the House of Correction")."""
    from versus.narration.realise import space_name

    told = 0
    for path, seed in PAGES:
        play = brisk_play(path, seed)
        telling = Telling(play)
        for paragraph in compose(play, "full").paragraphs:
            for unit in paragraph.units:
                if "shut up for" not in unit.text or "“" in unit.text or unit.first is None or unit.first != unit.last:
                    continue
                a = telling.facts.actions[unit.first]
                if a.landed and a.to != a.landed:
                    where = space_name(telling.space_names[a.to], False).split(" ", 1)[-1]
                    assert where in unit.text, unit.text
                    told += 1
    assert told >= 3


def test_the_untold_play_before_a_turning_point_goes_with_it_not_with_the_paragraph_before():
    """A turning point that opens its talk's paragraph takes the untold play just before it into its note: left
    in the paragraph before, those actions were read against its "The play went on without incident" (the
    truth audit found it so at Netherfield, seed 12)."""
    checked = 0
    for path, seed in PAGES:
        paragraphs = [p for p in brisk_page(path, seed).paragraphs if not p.talk and p.units]
        for before, opening in itertools.pairwise(paragraphs):
            first = opening.units[0]
            said = next((u for u in opening.units if "“" in u.text), None)  # the talk is about its first moment
            if said is not None and first.first is not None and first.first == first.last == said.first \
                    and "“" not in first.text:
                told = [u.last for u in before.units if u.last is not None]
                interlude = "“" in before.text or any(u.first is None for u in before.units)  # its talk spans its play
                if told and before.last is not None and not interlude:
                    assert before.last == max(told), (path.stem, seed, before.text[:80])
                    checked += 1
    assert checked >= 10


def test_a_fall_from_the_summit_is_not_told_by_its_distance():
    """The Summit of Dissipation stands four spaces short of the Mansion in every game, and "within four spaces
    of the Mansion" at each fall from it, in every chapter of a folder, read to readers as one template."""
    told = 0
    for path, seed in PAGES:
        for sentence in re.split(r"(?<=[.!?”])\s+", brisk_text(path, seed)):
            if "Summit of Dissipation" in sentence and "“" not in sentence:
                assert "four spaces" not in sentence, (path.stem, seed, sentence)
                told += 1
    assert told >= 5


def test_a_setting_written_as_place_and_time_is_told_as_a_novelist_would():
    """Readers called "… was got out of its box in the drawing-room at Lucas Lodge, after supper, and …" a
    template opening with the setting tacked on: a setting written as a place and then a time gives each its
    own place in the sentence ("After supper, …"), and a setting written otherwise is used whole."""
    from versus.narration.words import setting_parts

    assert setting_parts("the drawing-room at Rosings, after dinner") == ("the drawing-room at Rosings", "after dinner")
    assert setting_parts("the drawing-room at Netherfield, one wet evening in November")[1] == "one wet evening in November"
    assert setting_parts("the library at Pemberley") is None
    assert setting_parts("Longbourn, where nobody was at home") is None
    for name in ("breakfast.yaml", "rosings-cards.yaml"):
        scene = load_scene(ROOT / "tests" / "elsewhere" / name)
        opening = brisk_page(ROOT / "tests" / "elsewhere" / name).paragraphs[0].text
        where, when = setting_parts(scene.setting)
        assert scene.setting not in opening and where in opening and when in opening.lower(), opening


def test_the_run_to_the_finish_names_nobody_next_where_two_stand_next():
    """"It was Mr. Collins, by then, who stood nearest Virtue, and Lady Catherine who stood next", when Elizabeth
    stood on Patience with her: where two of the others stand equally near, neither is named as next."""
    play = brisk_play(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml")  # its own seed
    pos = play.game.states[-2].pos  # as the winning spin began: Lady Catherine and Elizabeth both on Patience
    assert pos[0] == pos[1] < pos[2]
    text = brisk_text(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml")
    assert "Lady Catherine who stood next" not in text and "Lady Catherine, the nearest" not in text, text
    assert re.search(r"Mr\. Collins[^.]*(Virtue|the bank)", text), text  # the finish is told all the same


def test_a_setback_says_nothing_of_a_lead_the_reader_was_never_shown():
    """"Mr. Collins went on before everybody else upon the road to Virtue" and then "Anger sent Elizabeth back …
    when she was leading the table": her taking the lead was never told, and readers read a contradiction.
    A moment speaks of its player's lead only where the reader was last told that player led, or nobody."""
    text = brisk_text(ROOT / "tests" / "elsewhere" / "rosings-cards.yaml")  # its own seed
    told = text[:text.index("Anger")]
    assert "Mr. Collins" in told and re.search(r"(in front|before everybody|faster than anybody)", told), told
    assert not re.search(r"Anger[^.]*(leading|led) the table", text), text


def test_a_rule_matches_exactly_where_each_criterion_holds():
    """Criteria are read once into plain tests for speed: they must agree with `holds` and the specials on
    every kind of value a query carries (a word, a number against a comparison, true against 1, a list)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from versus.narration.conditions import holds
    from versus.narration.rules import SPECIAL, Rule

    scalar = st.one_of(st.sampled_from(["lead", "crime", ">= 2", "< 1", "3", "jane"]), st.integers(-1, 4),
                       st.booleans(), st.none())
    wanted = st.one_of(scalar, st.lists(scalar, min_size=1, max_size=3))
    actual = st.one_of(scalar, st.lists(scalar, max_size=2), st.frozensets(st.sampled_from(["lead", "jane"])))
    keys = st.sampled_from(["event", "gap", "speaker", "recall", "present", "motif"])

    @settings(max_examples=200, deadline=None)
    @given(st.dictionaries(keys, wanted, max_size=3), st.dictionaries(keys, actual, max_size=4))
    def agree(criteria, query):
        query = {k: v for k, v in query.items() if k not in SPECIAL or isinstance(v, frozenset)}  # as facts are
        rule = Rule("r", "text", True, tuple(sorted(criteria.items())))
        words = {k: frozenset(map(str, v if isinstance(v, list) else [v])) for k, v in criteria.items()}
        expected = all(SPECIAL[k](words[k], query) if k in SPECIAL else k in query and holds(v, query[k])
                       for k, v in criteria.items())
        assert rule.matches(query) == expected, (criteria, query)

    agree()


def test_after_two_cries_a_turn_of_the_board_is_met_by_a_remark_not_a_cry():
    """Readers found every turn met by an exclamation and then a retort ("a move, a joke about it, and a
    reply"): two talks of play an export may open on a cry; after them a line that opens on one is said
    without it where what follows stands alone, and another line is taken where one will serve."""
    from versus.narration.talk import PLAY_EVENTS, Memory, Talk, without_cry

    later_cries = uncried = 0
    for path in EIGHT:
        telling = Telling(played(load_scene(path)))
        talk = Talk(telling.company, Book(telling.library, telling.seed), Memory(), telling.base)
        cries = 0
        for point in (p for p in telling.points if p.event in PLAY_EVENTS):
            said = talk.converse(_moment_of(telling, point), 2)
            if not said:
                continue
            first = re.split(r"(?<!Mr\.)(?<!Mrs\.)(?<=[.!?]) ", said[0].text)[0]
            cries += first.endswith("!")
            later_cries += first.endswith("!") and cries > 2
            if said[0].uncried:
                uncried += 1
                assert cries >= 2 and said[0].text == without_cry(said[0].rule.text) != ""
    assert uncried >= 10 and later_cries < uncried / 2, (uncried, later_cries)  # met, and mostly kept
    assert without_cry("Turned out! You might have asked, Mr. Darcy.") == "You might have asked, Mr. Darcy."
    assert without_cry("Oh, Lydia! That is too bad of the board.") == ""  # "That" leans back on the cry
    assert without_cry("To be fined at the gate, Mr. Darcy! I hope you will pay it gladly.") == \
        "I hope you will pay it gladly."


def test_a_square_is_the_subject_of_two_sentences_an_export_at_most():
    """"Piety lifted Elizabeth past Jane", "Temperance, Chastity and Charity each did Miss Bingley a good turn",
    "The Water sent Mr. Darcy on": readers took a board that moves the players about for a program's. The
    players are the subjects of the page; a square may be, twice an export."""
    squares = {r.id for r in builtin() if not r.spoken and r.text.startswith(("{Space}", "{Lifts}", "{Setbacks}"))}
    assert len(squares) > 15
    most = 0
    for path, seed in PAGES:
        most = max(most, len(squares.intersection(brisk_page(path, seed).phrasings)))
        assert most <= 2, (path.name, seed)
    assert most == 2


def test_who_is_in_front_is_told_three_times_an_export_at_most():
    """"Who is in front, reported again and again": an early change of lead between two who are not the
    rivals is no turning point of its own (it was told as one, "Piety lifted Elizabeth past Jane and into the
    lead"); the late ones, and the rivals', are."""
    lead = re.compile(r"\b(in front|the lead|led the|leading the)\b")
    told = [len(lead.findall(" ".join(u.text for p in brisk_page(path, seed).paragraphs for u in p.units
                                      if "“" not in u.text))) for path, seed in PAGES]
    assert max(told) <= 3 and sum(told) >= len(PAGES) // 2, told  # told, but not again and again


def test_a_game_put_away_with_one_in_front_whom_the_page_saw_sent_back_says_for_all_that():
    """"Once more Lydia spun past the Mansion, and back to the beginning she went" and then "the board was put
    away, with Lydia in front": readers took the close for a contradiction. Where the page told a setback of the
    one in front, the close says so ("for all her misfortunes")."""
    setback = re.compile(r"\b(back|down|fined|shut up|Prison|Stocks|Ruin|begin)\b")
    said = 0
    for path, seed in PAGES:
        paragraphs = [p.text for p in brisk_page(path, seed).paragraphs]
        for k, text in enumerate(paragraphs):
            found = re.search(r"([A-Z][a-z]+(?: [A-Z][a-z]+)?),? (?:who )?for all (?:her|his) misfortunes", text)
            if found:
                said += 1
                name = found.group(1).split()[-1]
                assert any(name in s and setback.search(s) for p in paragraphs[:k + 1]
                           for s in re.split(r"(?<=[.;])\s", p) if "misfortunes" not in s), (path.name, seed)
    assert said >= 2


def test_a_second_fall_at_a_square_the_page_told_is_told_as_a_second():
    """"Within sight of the Mansion, Elizabeth stopped at the Summit of Dissipation …" and then "With the
    Mansion in sight at last, Elizabeth came instead to the Summit …": the second fall read as the first told
    again. Where the page told a setback at a square, another there of the same player says it came again."""
    again = re.compile(r"\b(second|again|once more|twice)\b", re.I)
    # A folder whose earlier chapter began a sentence "A second time …" wore that beginning out; the second
    # fall is still told as a second, not by a line written for the first.
    quiet = ROOT / "tests" / "elsewhere" / "netherfield-quiet.yaml"
    twice = [r.id for r in builtin() if r.text.startswith("A second time") and ("twice", True) in r.criteria]
    page = compose(brisk_play(quiet, 3), avoid=frozenset(twice[1:]))
    fallen = [u.text for p in page.paragraphs for u in p.units if u.text.count("Summit of Dissipation") == 1]
    assert len(fallen) == 2 and again.search(fallen[1]), fallen


def test_once_more_at_a_square_only_where_the_page_told_the_first_time():
    """"Once more Elizabeth came to the Summit of Dissipation", where the page never told the first time: three
    readers of four took it for a slip. A setback is told as a second at a square only where the page told the
    first there, whatever shape the page takes."""
    from versus.narration.plan import Shape
    from versus.narration.realise import space_name

    once_more = re.compile(r"\b(once more|a second time|again)\b", re.I)
    checked = 0
    for path, seed in PAGES[::2]:
        play = brisk_play(path, seed)
        squares = {space_name(s.name, False) for s in play.game.board.spaces if s.name and len(s.name) > 4}
        telling = Telling(play)
        for shape in (Shape(3, 5, 4, 2, 2), Shape(2, 5, 4, 2, 2), Shape(4, 4, 2, 2, 2)):
            told = [u.text for p in telling.draft("brisk", shape).paragraphs if not p.talk for u in p.units]
            for k, unit in enumerate(told):
                named = sorted((unit.index(sq), sq) for sq in squares if sq in unit)
                square = named[0][1] if named else ""  # the square it happened at ("…sent her down to the Water" is
                if square and once_more.search(unit.split(square)[0][-60:]):  # only where it sent her)
                    checked += 1
                    assert any(square in earlier for earlier in told[:k]), (path.stem, seed, shape, unit)
    assert checked >= 2


def test_a_moment_told_plainly_keeps_what_happened_and_drops_only_the_comment():
    """A moment told plainly (talk follows) is cut at its first semicolon, but only where what follows is a
    comment on people: "From the fifty-eighth square Elizabeth spun a five, and the teetotum set her upon the
    Summit…" cut there lost the fine and the fall, and the talk after it spoke of a fine never told."""
    from versus.narration.tell import plainly

    told = "From {from_square} {actor} spun {spun}, and the teetotum set {actor_him} upon {space}, in plain sight"
    assert plainly(told + "; it cost {actor_him} {counters}, and {actor_he} went down to {dest}.") == \
        told + "; it cost {actor_him} {counters}, and {actor_he} went down to {dest}."
    assert plainly(told + "; {actor_he} bore it as {other} would not have.") == told + "."


def test_a_near_miss_from_a_plain_square_says_where_it_was_spun_from_and_what_befell():
    """"Mary stood upon the fifty-eighth square, nine spaces from the Mansion, and spun a five; it brought her to
    the Summit of Dissipation": a near miss told with where it came from, as the hand's pages tell one, and
    never without the square it came to (the truth checker holds the numbers)."""
    from versus.narration.realise import space_name
    from versus.narration.words import ordinal
    from versus.rules import events as ev

    told = 0
    for path, seed in PAGES:
        play = brisk_play(path, seed)
        board = play.game.board
        for paragraph in brisk_page(path, seed).paragraphs:
            for unit in (u for u in paragraph.units if u.first is not None and u.first == u.last):
                a = play.played[unit.first].action
                frm = play.game.states[unit.first].pos[a.player]
                said = f"the {ordinal(frm)} square"
                if said in unit.text and "spun a" in unit.text and 0 < board.goal - frm <= 12:
                    landed = next(e.space for e in a.events if isinstance(e, ev.Landed))
                    assert space_name(board.space(landed).name, False) in unit.text, unit.text
                    told += 1
    assert told >= 3


def test_a_near_miss_from_a_named_square_says_which_and_how_far_it_stood_from_the_goal():
    """"Elizabeth stood within a space of Virtue when Anger sent her down to Patience" was, to readers of six
    rounds, the game's turn "thrown away in half a sentence"; and "within a space" was the square she came to, not
    the one she stood on. Now: "Elizabeth had climbed as far as Temperance, only two spaces from Virtue; but she
    spun a one, came to Anger…" (the climb told: "From Temperance…" read to readers of round 85 as a square she
    was never seen to reach), every figure the one the play bears out."""
    from versus.narration.realise import space_name
    from versus.narration.words import counted

    told = 0
    for seed in (1, 2):
        path = ROOT / "tests" / "elsewhere" / "rosings-cards.yaml"
        play = brisk_play(path, seed)
        board = play.game.board
        for pace in ("brisk", "full"):
            for paragraph in compose(play, pace).paragraphs:
                for unit in paragraph.units:
                    m = re.search(r"(?:stood upon ([A-Z][a-z]+), (\w+) spaces? from Virtue|From ([A-Z][a-z]+), Virtue was"
                                  r" only (\w+) spaces? off)", unit.text)
                    if m is None or unit.first is None:
                        continue
                    a = play.played[unit.first].action
                    frm = play.game.states[unit.first].pos[a.player]
                    assert space_name(board.space(frm).name, False) == (m.group(1) or m.group(3)), unit.text
                    assert (m.group(2) or m.group(4)) == counted(board.goal - frm, "space").split()[0], unit.text
                    told += 1
    assert told >= 2


def test_an_overshoot_from_a_plain_square_near_the_goal_says_which_square_by_its_number():
    """"From the sixty-second square she overshot the Mansion": the hand's pages place a square's number where it
    matters, at a near miss; ours said only that the player spun past. A named square is told by its name, and
    the number is the square the one who overshot stood on (the truth checker holds it to the replay)."""
    from versus.narration.words import ordinal

    told = 0
    for path, seed in PAGES:
        play = brisk_play(path, seed)
        said = " ".join(u.text for p in brisk_page(path, seed).paragraphs if not p.talk for u in p.units)
        for number in (n for n in range(1, 100) if f"the {ordinal(n)} square" in said):
            told += 1
            assert not play.game.board.space(number).name, (path.stem, seed, number)  # a name would serve
    assert told >= 5


def test_the_narrator_s_lines_looked_up_by_event_tell_the_same_page_as_all_of_them(monkeypatch):
    """A moment's narrator lines are looked up by its event (a few dozen of some three hundred): the page is
    the same, byte for byte, as when every line is tried."""
    from versus.narration import rules

    pages = [(path, seed) for path, seed in PAGES if seed == 0][:4]
    looked_up = [brisk_text(path, seed) for path, seed in pages]  # composed once a run, as the code has it
    monkeypatch.setattr(rules.Library, "firsts", lambda self, keys, event: [r for k in keys
                                                                              for r in self.index.get(k, [])])
    assert [text_of(brisk_play(path, seed)) for path, seed in pages] == looked_up
