"""Load a scene file into a Scene, reporting every problem at once (docs/scenes.md §6)."""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

import yaml

from versus.boards import BoardError, board_ids, load_board
from versus.files import Unreadable, has_control, read_bounded
from versus.rules import Board, Rules, RulesError
from versus.scenes.model import SCENE_BREAK, Aside, Pattern, Person, Scene
from versus.scenes.nodes import MAX_BYTES, at, compose, kind_name, known_keys, mapping_items, root_mapping, scalar
from versus.scenes.patterns import PatternError, Vocabulary, parse
from versus.scenes.problems import Problem, SceneError, suggest, suggest_person
from versus.scenes.promises import unpromised

TOP_KEYS = ("title", "chapter", "setting", "game", "rules", "seed", "players", "pov", "company", "spins",
            "asides", "beats", "end", "phrasebook", "time", "host", "names", "relations", "rivals")
TIMES = ("morning", "afternoon", "evening", "night")  # the scene's time of day, when its setting is silent
NAMES = ("novel", "printed")  # spaces named as a novel prints them (Humility), or in the board's capitals
PERSON_KEYS = ("id", "name", "called", "pronoun", "temper", "address", "cast", "only_mine")
ASIDE_KEYS = ("when", "say", "narrate", "every", "break")
ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
MAX_SEED = 2**63


@cache
def vocabulary() -> dict[str, Any]:
    text = (Path(__file__).parent / "vocabulary.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def tempers() -> list[str]:
    return list(vocabulary()["tempers"])


def load_scene(path: str | Path) -> Scene:
    """The scene in this file, or SceneError carrying every problem found in it."""
    path = Path(path)
    try:  # only a regular file, its size checked first: /dev/zero or a FIFO is refused at once
        data = read_bounded(path, MAX_BYTES, "scene")
    except Unreadable as error:
        raise SceneError(str(path), [Problem(1, 1, str(error))]) from None
    return scene_from_bytes(data, str(path))


def scene_from_bytes(data: bytes, filename: str) -> Scene:
    text = compose(data)
    if text.problems:
        raise SceneError(filename, text.problems)
    reader = Reader(filename, hashlib.sha256(data).hexdigest())
    scene = reader.scene(text.nodes)
    if reader.problems or scene is None:  # the warnings too: every problem at once
        raise SceneError(filename, [*reader.problems, *reader.warnings] if reader.problems
                         else [Problem(1, 1, "not a scene")])
    return scene


class Reader:
    """Walks the node tree, building values and collecting problems."""

    def __init__(self, filename: str, digest: str) -> None:
        self.filename = filename
        self.digest = digest
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []  # the scene plays, but a line may not say what the author meant
        self.pending_speakers: list[tuple[str, yaml.Node]] = []  # address keys, checked once all ids are known

    def problem(self, node: yaml.Node, message: str, offset: int = 0) -> None:
        self.problems.append(at(node, message, offset))

    # -- typed scalars -----------------------------------------------------------------------
    def text(self, node: yaml.Node, what: str) -> str | None:
        value = scalar(node)
        if isinstance(value, str) and has_control(value):  # ESC, BEL… would reach exports and the terminal
            self.problem(node, f"{what} holds a control character ({has_control(value)}); take it out")
            return None
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(node.value)
        if isinstance(value, str):  # only spaces, or nothing between quotes
            self.problem(node, f"{what} should be text, not blank")
            return None
        self.problem(node, f"{what} should be text, not {kind_name(node)}")
        return None

    def whole(self, node: yaml.Node, what: str, low: int, high: int) -> int | None:
        value = scalar(node)
        if isinstance(node, yaml.ScalarNode) and isinstance(value, str) and re.fullmatch(r"[-+]?[0-9_]{20,}", value):
            self.problem(node, f"{what} must be from {low} to {high}, not a number of {len(value)} digits")
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(node, f"{what} should be a whole number, not {kind_name(node)}")
            return None
        if not low <= value <= high:
            self.problem(node, f"{what} must be from {low} to {high}, not {_short(value)}")
            return None
        return value

    def mapping(self, node: yaml.Node, what: str, keys: tuple[str, ...]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        found, problems = known_keys(node, what, keys)
        self.problems.extend(problems)
        return found

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        self.problem(node, f"{what} should be a list, not {kind_name(node)}")
        return []

    # -- the scene ---------------------------------------------------------------------------
    def scene(self, root: yaml.Node | None) -> Scene | None:
        top, problems = root_mapping(root, "the scene", TOP_KEYS, ("title", "game", "players"), "a scene")
        self.problems.extend(problems)
        if top is None:
            return None
        def get(key: str) -> yaml.Node | None:
            return top[key][1] if key in top else None

        title = self.text(node, "title") if (node := get("title")) is not None else None
        board = self.board(get("game"))
        rules_node = get("rules")
        preset, switches, rules = self.rules(rules_node, board) if board else (None, (), None)
        players = self.people(node, "players", board) if (node := get("players")) is not None else []
        company = self.people(node, "company", None) if (node := get("company")) is not None else []
        self.unique_ids(players, company)
        ids = [p.id for p in players]
        self.player_ids = ids
        speakers = ids + [c.id for c in company]
        for speaker, key_node in self.pending_speakers:
            if speaker not in speakers:
                self.problem(key_node, f"unknown speaker {speaker!r} in address{self.suggest_person(speaker)}")
        max_turns = self.end(get("end"))
        self.people_named = [(p.id, p.name) for p in (*players, *company)]
        vocab = Vocabulary(tuple(ids), board, rules, max_turns, tuple(self.people_named),
                           tuple(c.id for c in company)) if board and rules else None
        scene = Scene(
            path=self.filename,
            title=title or "",
            game=board.id if board else "",
            preset=preset,
            switches=switches,
            seed=self.optional(get("seed"), lambda n: self.whole(n, "seed", 0, MAX_SEED - 1), 0),
            players=tuple(players),
            company=tuple(company),
            chapter=self.optional(get("chapter"), lambda n: self.whole(n, "chapter", 1, 999), None),
            setting=self.optional(get("setting"), lambda n: self.text(n, "setting"), "") or "",
            pov=self.optional(get("pov"), lambda n: self.person_ref(n, ids, "pov"), None),
            spins=tuple(self.spins(node, rules)) if (node := get("spins")) is not None else (),
            asides=tuple(self.asides(node, vocab, speakers)) if (node := get("asides")) is not None else (),
            beats=tuple(self.beats(node, vocab)) if (node := get("beats")) is not None else (),
            max_turns=max_turns,
            max_turns_at=getattr(self, "max_turns_at", (1, 1)),
            phrasebook=self.optional(get("phrasebook"), self.phrasebook, None),
            digest=self.digest,
            extra=self.narration_keys(get, speakers),
            warnings=tuple(sorted(self.warnings)),
        )
        return scene

    def narration_keys(self, get: Callable[[str], yaml.Node | None], speakers: list[str]) -> dict[str, Any]:
        """time:, host: and names:, which the narrator reads to keep to the setting: the time of day, whose
        house it is, and the spaces named as a novel prints them (docs/scenes.md §1)."""
        out: dict[str, Any] = {}
        for key, allowed in (("time", TIMES), ("names", NAMES)):
            node = get(key)
            word = self.optional(node, partial(self.text, what=key), None)
            if node is not None and word is not None and word not in allowed:
                self.problem(node, f"unknown {key} {word!r}{suggest(word, allowed)}")
            elif word is not None:
                out[key] = "evening" if word == "night" else word
        host = self.optional(get("host"), lambda n: self.text(n, "host"), None)
        if host:
            out["host"] = host  # a person's id, or the name of someone outside the scene
        if (relations := get("relations")) is not None:
            out["relations"] = self.relations(relations, speakers)
        if (node := get("rivals")) is not None:
            rivals = [self.person_ref(n, [p for p in speakers if p in self.player_ids], "rivals")
                      for n in self.sequence(node, "rivals")]
            if len(rivals) != 2 or len(set(rivals)) != 2:
                self.problem(node, "rivals are two different players, e.g. [elizabeth, darcy]")
            elif None not in rivals:
                out["rivals"] = tuple(rivals)
        return out

    def relations(self, node: yaml.Node, ids: list[str]) -> tuple[tuple[str, str, str], ...]:
        """relations: {darcy: {georgiana: brother}}: Mr. Darcy is Georgiana's brother."""
        out = []
        for who, (_key, value) in self.mapping(node, "relations", tuple(ids)).items():
            for other, (other_key, word_node) in self.mapping(value, f"the relations of {who}", tuple(ids)).items():
                word = self.choice(word_node, "relation", vocabulary()["relations"])
                if other == who:
                    self.problem(other_key, f"{who} cannot be related to {who}self")
                elif word is not None:
                    out.append((who, other, word))
        return tuple(out)

    def optional(self, node: yaml.Node | None, read: Callable[[yaml.Node], Any], default: Any) -> Any:
        if node is None or (isinstance(node, yaml.ScalarNode) and scalar(node) is None):
            return default
        value = read(node)
        return default if value is None else value

    def board(self, node: yaml.Node | None) -> Board | None:
        if node is None:
            return None
        name = self.text(node, "game")
        if name is None:
            return None
        if name not in board_ids():
            self.problem(node, f"unknown game {name!r}{suggest(name, board_ids())}; a game is a board id")
            return None
        try:
            return load_board(name)
        except BoardError as error:
            self.problem(node, str(error))
            return None

    def rules(self, node: yaml.Node | None, board: Board) -> tuple[str | None, tuple, Rules | None]:
        preset: str | None = None
        overrides: dict[str, Any] = {}
        where: dict[str, yaml.Node] = {}
        if node is not None and isinstance(node, yaml.ScalarNode):
            preset = self.text(node, "rules")
            where["preset"] = node
        elif node is not None:
            keys = ("preset", *board.switches)
            for key, (_key_node, value_node) in self.mapping(node, "rules", keys).items():
                if key == "preset":
                    preset = self.text(value_node, "preset")
                else:
                    overrides[key] = scalar(value_node)
                where[key] = value_node
        if preset is not None and preset not in board.presets:
            self.problem(where["preset"], f"unknown preset {preset!r} for {board.id}{suggest(preset, board.presets)}")
            preset = None
        good = {}
        for key, value in overrides.items():
            try:
                board.switches[key].parse(value)
                good[key] = value
            except RulesError as error:
                self.problem(where[key], str(error))
        try:
            return preset, tuple(good.items()), board.rules(preset, **good)
        except RulesError as error:
            self.problem(node or where["preset"], str(error))  # no rules: given, the board's own preset is good
            return preset, (), None

    def people(self, node: yaml.Node, what: str, board: Board | None) -> list[Person]:
        entries = self.sequence(node, what)
        if board is not None and what == "players" and isinstance(node, yaml.SequenceNode):
            most = board.max_players
            if len(entries) < board.min_players:
                self.problem(node, f"{board.id} needs at least {board.min_players} players, not {len(entries)}")
            elif most is not None and len(entries) > most:
                self.problem(node, f"{board.id} takes at most {most} players, not {len(entries)}")
        people = []
        for entry in entries:
            person = self.person(entry, what)
            if person is not None:
                people.append(person)
        return people

    def person(self, node: yaml.Node, what: str) -> Person | None:
        fields = self.mapping(node, f"an entry of {what}", PERSON_KEYS)
        if not isinstance(node, yaml.MappingNode):
            return None
        for required in ("id", "name"):
            if required not in fields:
                self.problem(node, f"missing required key {required!r} in an entry of {what}")
        value = lambda key: fields[key][1] if key in fields else None  # noqa: E731
        pid = self.optional(value("id"), self.identifier, None)
        name = self.optional(value("name"), lambda n: self.text(n, "name"), None)
        pronoun = self.optional(value("pronoun"), lambda n: self.choice(n, "pronoun", vocabulary()["pronouns"]), "they")
        temper = self.optional(value("temper"), lambda n: self.choice(n, "temper", tempers()), None)
        called = self.optional(value("called"), lambda n: self.text(n, "called"), None)
        address = self.optional(value("address"), self.address, ())
        cast = self.optional(value("cast"), lambda n: self.text(n, "cast"), None)
        only_mine = self.optional(value("only_mine"), lambda n: self.flag(n, "only_mine"), False)
        if pid is None or name is None:
            return None
        return Person(pid, name, called or name, pronoun, temper, node.start_mark.line + 1, address, cast, only_mine)

    def flag(self, node: yaml.Node, what: str) -> bool | None:
        value = scalar(node)
        if not isinstance(value, bool):
            self.problem(node, f"{what} should be true or false, not {kind_name(node)}")
            return None
        return value

    def suggest_person(self, word: str) -> str:
        return suggest_person(word, getattr(self, "people_named", []))

    def address(self, node: yaml.Node) -> tuple[tuple[str, str], ...]:
        """A form of address for everyone (text), or per speaker id (a mapping, with 'default')."""
        if isinstance(node, yaml.ScalarNode):
            form = self.text(node, "address")
            return (("default", form),) if form else ()
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, "address should be text, or a mapping of speaker id to a form of address")
            return ()
        items, problems = mapping_items(node)
        self.problems.extend(problems)
        forms = [(key, self.text(value, "a form of address")) for key, _, value in items]
        self.pending_speakers.extend((key, key_node) for key, key_node, _ in items if key != "default")
        return tuple((k, v) for k, v in forms if v)

    def identifier(self, node: yaml.Node) -> str | None:
        word = self.text(node, "id")
        if word is not None and not ID.match(word):
            self.problem(node, f"an id is one word of letters, digits, - or _ (starting with a letter), not {word!r}")
            return None
        return word

    def choice(self, node: yaml.Node, what: str, allowed: list[str]) -> str | None:
        word = self.text(node, what)
        if word is not None and word not in allowed:
            self.problem(node, f"unknown {what} {word!r}{suggest(word, allowed)}")
            return None
        return word

    def unique_ids(self, players: list[Person], company: list[Person]) -> None:
        seen: set[str] = set()
        for person in (*players, *company):
            if person.id in seen:
                self.problems.append(Problem(person.line, 1, f"the id {person.id!r} is used twice"))
            seen.add(person.id)

    def person_ref(self, node: yaml.Node, ids: list[str], what: str) -> str | None:
        word = self.text(node, what)
        if word is not None and word not in ids:
            named = [(i, n) for i, n in getattr(self, "people_named", []) if i in ids] or [(i, i) for i in ids]
            self.problem(node, f"unknown player {word!r} for {what}{suggest_person(word, named)}")
            return None
        return word

    def spins(self, node: yaml.Node, rules: Rules | None) -> list[int | None]:
        faces = rules.teetotum if rules else 12
        spins: list[int | None] = []
        for item in self.sequence(node, "spins"):
            if isinstance(item, yaml.ScalarNode) and scalar(item) is None:
                spins.append(None)
                continue
            spins.append(self.whole(item, "a spin", 1, faces))
        return spins

    def asides(self, node: yaml.Node, vocab: Vocabulary | None, speakers: list[str]) -> list[Aside]:
        asides = []
        for entry in self.sequence(node, "asides"):
            found, problems = known_keys(entry, "an aside", ASIDE_KEYS)
            if not isinstance(entry, yaml.MappingNode):
                self.problems.extend(problems)
                continue
            fields = found
            cut = _cut_short(entry, mapping_items(entry)[0], list(ASIDE_KEYS))
            if cut is not None:  # {when: …, narrate: She laughed, and went on}: no key 'and went on'
                self.problem(cut[1], _cut("another key", *cut))
                problems = [p for p in problems if not p.message.startswith("unknown key")]
            self.problems.extend(problems)
            if "when" not in fields:
                self.problem(entry, "an aside needs 'when': the event that places it")
            scene_break = scalar(fields["break"][1]) if "break" in fields else False
            if not isinstance(scene_break, bool):
                self.problem(fields["break"][1], "break should be true (a scene break here) or false")
                scene_break = False
            if scene_break and ("say" in fields or "narrate" in fields):
                self.problem(fields["break"][0], "a scene break says nothing: give it 'when' alone, and put "
                                                 "'say' or 'narrate' in an aside of its own")
            elif "say" not in fields and "narrate" not in fields and not scene_break:
                self.problem(entry, "an aside needs 'say' (speaker: line), 'narrate' (a line of narration) "
                                    "or 'break: true' (a scene break)")
            when = self.pattern(fields["when"][1], vocab, beat=False) if "when" in fields else None
            say = self.say(fields["say"][1], speakers) if "say" in fields else ()
            narrate = self.text(fields["narrate"][1], "narrate") if "narrate" in fields else ""
            if when is not None and vocab is not None:
                self.promised(when, vocab, [fields[k][1] for k in ("say", "narrate") if k in fields])
            every = scalar(fields["every"][1]) if "every" in fields else False
            if not isinstance(every, bool):
                self.problem(fields["every"][1], "every should be true or false")
            if when is not None and scene_break:
                asides.append(Aside(when, (), SCENE_BREAK, every is True, scene_break=True))
            elif when is not None:
                asides.append(Aside(when, say, narrate or "", every is True))
        return asides

    def promised(self, when: Pattern, vocab: Vocabulary, nodes: list[yaml.Node]) -> None:
        """A warning at each line of the aside that names a space or kind its trigger does not promise."""
        who = vocab.players[when.player] if when.player is not None else "PLAYER"
        lines = [n for node in nodes for n in ([v for _, v in node.value] if isinstance(node, yaml.MappingNode)
                                                else [node])]
        for node in lines:
            text = scalar(node)
            if isinstance(text, str):
                for message in unpromised(text, when, who, vocab.board, vocab.rules):
                    self.warnings.append(at(node, f"warning: {message}", _lead(node)))

    def say(self, node: yaml.Node, speakers: list[str]) -> tuple[tuple[str, str], ...]:
        lines = []
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, f"say should map a speaker to a line, e.g. {{{speakers[0] if speakers else 'id'}: "
                               "\"…\"}}, not " + kind_name(node))
            return ()
        items, problems = mapping_items(node)
        self.problems.extend(problems)
        cut = _cut_short(node, items, speakers)
        if cut is not None:
            self.problem(cut[1], _cut("another speaker", *cut))
        for speaker, key_node, value_node in items:
            if speaker not in speakers:
                if cut is None:
                    self.problem(key_node, f"unknown speaker {speaker!r}{self.suggest_person(speaker)}; "
                                           "a speaker is a player or a member of the company")
                continue
            line = self.text(value_node, "a line")
            if line:
                lines.append((speaker, line))
        return tuple(lines)

    def beats(self, node: yaml.Node, vocab: Vocabulary | None) -> list[Pattern]:
        beats = []
        for item in self.sequence(node, "beats"):
            pattern = self.pattern(item, vocab, beat=True)
            if pattern is not None:
                beats.append(pattern)
        return beats

    def pattern(self, node: yaml.Node, vocab: Vocabulary | None, beat: bool) -> Pattern | None:
        text = self.text(node, "a pattern")
        if text is None or vocab is None:
            return None
        try:
            return parse(text, vocab, beat)
        except PatternError as error:
            offset = error.offset + _lead(node)
            self.problem(node, str(error), offset if node.start_mark.line == node.end_mark.line else 0)
            return None

    def end(self, node: yaml.Node | None) -> int:
        if node is None:
            return 200
        fields = self.mapping(node, "end", ("max_turns",))
        if "max_turns" in fields:
            mark = fields["max_turns"][1].start_mark
            self.max_turns_at = (mark.line + 1, mark.column + 1)
            return self.whole(fields["max_turns"][1], "max_turns", 1, 100_000) or 200
        return 200

    def phrasebook(self, node: yaml.Node) -> str | None:
        name = self.text(node, "phrasebook")
        if name is None:
            return None
        folder = Path(self.filename).resolve().parent
        path = Path(self.filename).parent / name
        if folder not in path.resolve().parents:  # beside the scene means in its folder, never /etc/passwd
            self.problem(node, f"the phrasebook {name!r} must be a file in the scene's folder ({folder})")
            return None
        if not path.is_file():
            self.problem(node, f"no phrasebook file {name!r} beside the scene")
            return None
        return str(path)


def _cut(what: str, key: str, value: yaml.Node) -> str:
    return (f"an unquoted line holding a comma or a colon is cut short there, and what follows read as {what}: "
            f"put the whole line in quotes, e.g. {key}: \"{value.value}, …\"")


def _cut_short(node: yaml.MappingNode, items, keys: list[str]) -> tuple[str, yaml.Node] | None:
    """(key, value) of the unquoted line that a comma or colon cut short, in a mapping written {key: line}:
    in that flow style a comma ends the line and what follows reads as another key (a speaker in say:)."""
    if not node.flow_style:
        return None
    for (before, _, value), (key, key_node, _) in itertools.pairwise(items):
        unquoted = isinstance(value, yaml.ScalarNode) and not value.style  # libyaml says "", PyYAML None
        if unquoted and key not in keys and not getattr(key_node, "style", None):
            return before, value
    return None


def _lead(node: yaml.Node) -> int:
    """Characters before the scalar's text starts: an opening quote."""
    return 1 if getattr(node, "style", None) in ("'", '"') else 0


def _short(value: int) -> str:
    text = str(value) if abs(value) < 10**30 else f"a number of {len(str(abs(value)))} digits"
    return text
