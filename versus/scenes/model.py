"""A scene as typed, validated values (docs/scenes.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from versus.scenes.problems import Problem


@dataclass(frozen=True, slots=True)
class Person:
    """A player or a member of the company."""

    id: str
    name: str
    called: str
    pronoun: str  # she | he | they
    temper: str | None = None
    line: int = 0  # where the scene declares this person
    address: tuple[tuple[str, str], ...] = ()  # (speaker id or "default", how they name this person in speech)
    cast: str | None = None  # the cast member this person is ("none": nobody the cast knows); None: by name
    only_mine: bool = False  # `only_mine: true`: this person says the author's lines and nothing generated


@dataclass(frozen=True, slots=True)
class Pattern:
    """One event pattern (docs/scenes.md §5), parsed: kind and its arguments."""

    # wins | lands | reaches | pays | confined | overshoots | displaces | turn | round | lasts-at-least | lasts-at-most
    # | lands-kind | reaches-kind | loses | last | leads-at-end | wins-within
    kind: str
    player: int | None = None  # seat index (None in `someone wins within N turns`)
    other: int | None = None  # second player (displaces)
    space: int | None = None
    number: int | None = None
    text: str = ""
    spaces: tuple[int, ...] = ()  # a kind of space's spaces (lands-kind, reaches-kind)

    def __str__(self) -> str:
        return self.text


SCENE_BREAK = "\u2042"  # ⁂, told in the prose where a `break: true` aside fires; exported as a break


@dataclass(frozen=True, slots=True)
class Aside:
    when: Pattern
    say: tuple[tuple[str, str], ...] = ()  # (speaker id, line)
    narrate: str = ""  # for a scene break, SCENE_BREAK: the exports end the paragraph there and print "#"
    every: bool = False
    scene_break: bool = False  # `break: true`: the scene breaks here (a new scene of the chapter begins)


@dataclass(frozen=True)
class Scene:
    path: str
    title: str
    game: str
    preset: str | None
    switches: tuple[tuple[str, object], ...]
    seed: int
    players: tuple[Person, ...]
    company: tuple[Person, ...] = ()
    chapter: int | None = None
    setting: str = ""
    pov: str | None = None
    spins: tuple[int | None, ...] = ()
    asides: tuple[Aside, ...] = ()
    beats: tuple[Pattern, ...] = ()
    max_turns: int = 200
    max_turns_at: tuple[int, int] = (1, 1)  # line and column of end.max_turns, for `versus check`'s warning
    phrasebook: str | None = None  # the author's own phrasings, a YAML file beside the scene
    digest: str = ""  # sha256 of the file's bytes, to tell whether a take was played from it
    extra: dict = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()  # what `versus check` warns of: the scene plays, but may not say what is meant

    @property
    def name(self) -> str:
        """The scene's short name: its file name without .yaml."""
        from pathlib import Path

        return Path(self.path).name.removesuffix(".yaml").removesuffix(".yml")

    def seat(self, person_id: str) -> int:
        return next(i for i, p in enumerate(self.players) if p.id == person_id)

    def person(self, person_id: str) -> Person:
        return next(p for p in (*self.players, *self.company) if p.id == person_id)

    @property
    def pov_seat(self) -> int:
        return self.seat(self.pov) if self.pov else 0
