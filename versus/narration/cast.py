"""The cast: the novel's people as data (who they are to each other, how they are addressed, what they
care about), bundled for *Pride and Prejudice* and extended by an author's `cast.yaml` beside the scenes.

A person in a scene is matched to the cast by name ("Mr. Darcy", "Miss Darcy", "Lizzy", "Mrs. Darcy");
the cast's relations and forms of address then stand where the names alone cannot say.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from versus import yamlio
from versus.files import read_bounded
from versus.scenes.model import Person, Scene

HERE = Path(__file__).resolve().parent / "cast"
LIMIT = 2_000_000  # bytes of an author's cast.yaml


class CastError(ValueError):
    """A cast file that cannot be used, with where (1-based line and column)."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path, self.line, self.column, self.message = path, line, column, message


@dataclass(frozen=True, slots=True)
class Member:
    """One of the cast."""

    id: str
    names: tuple[str, ...]
    sex: str
    temper: str
    relations: tuple[tuple[str, str], ...]  # (other cast id, what this member is to them)
    address: tuple[tuple[str, str], ...]  # (speaker cast id or "default", how they name this member aloud)
    motifs: tuple[str, ...] = ()
    never: tuple[str, ...] = ()
    short: str = ""  # the narrator's second mention in a paragraph ("the Colonel"), if not the name again


def _key(name: str) -> str:
    """'Mr. Darcy' and 'mr darcy' alike."""
    return " ".join(re.sub(r"[^a-z ]", "", name.lower().replace(".", " ")).split())


def _member(pid: str, raw: Mapping[str, Any]) -> Member:
    def pairs(value: Any) -> tuple[tuple[str, str], ...]:
        return tuple((str(k), str(v)) for k, v in (value or {}).items()) if isinstance(value, Mapping) else ()

    def words(value: Any) -> tuple[str, ...]:
        return tuple(str(v) for v in value) if isinstance(value, list) else ()

    return Member(pid, words(raw.get("names")), str(raw.get("sex") or ""), str(raw.get("temper") or ""),
                  pairs(raw.get("relations")), pairs(raw.get("address")), words(raw.get("motifs")),
                  words(raw.get("never")), str(raw.get("short") or ""))


@cache
def bundled() -> dict[str, Member]:
    """The bundled cast of Pride and Prejudice."""
    data = yamlio.load((HERE / "pride-and-prejudice.yaml").read_text(encoding="utf-8")) or {}
    return {str(k): _member(str(k), v) for k, v in (data.get("people") or {}).items() if isinstance(v, Mapping)}


def load_author(path: Path) -> dict[str, Member]:
    """An author's cast.yaml: their own people, and overrides of bundled ones; CastError (every problem,
    located) when it cannot be used."""
    from versus.narration.castcheck import problems

    wrong = problems(path) if path.stat().st_size <= LIMIT else []
    if wrong:
        first = wrong[0].split(":", 3)
        error = CastError(str(path), int(first[1]), int(first[2]), first[3].strip())
        error.args = ("\n".join(wrong),)
        raise error
    data = _author_data(path)
    people = (data or {}).get("people") if isinstance(data, Mapping) else None
    if not isinstance(people, Mapping):
        raise CastError(str(path), 1, 1, "a cast file is a mapping with `people:`, each a mapping by id")
    bad = [k for k, v in people.items() if not isinstance(v, Mapping) or not isinstance(v.get("names", []), list)]
    if bad:
        raise CastError(str(path), 1, 1, f"{bad[0]!r}: a person is a mapping whose `names:` is a list")
    return {str(k): _member(str(k), v) for k, v in people.items()}


def author_lines(scene: Scene) -> dict[str, Any]:
    """The `lines:` of the cast.yaml beside a scene (the author's people speak their own lines), or {}."""
    path = Path(scene.path).parent / "cast.yaml" if scene.path else None
    if path is None or not path.is_file():
        return {}
    data = _author_data(path)
    return {"lines": data.get("lines") or []} if isinstance(data, Mapping) else {}


def _author_data(path: Path) -> Any:
    try:
        return yamlio.load(read_bounded(path, LIMIT, "cast file").decode("utf-8"))
    except yamlio.YamlProblem as problem:
        raise CastError(str(path), problem.line, problem.column, problem.message) from None
    except (OSError, ValueError) as error:
        raise CastError(str(path), 1, 1, str(error)) from None


def cast_for(scene: Scene) -> dict[str, Member]:
    """The cast a scene may draw on: the bundled one, with the author's cast.yaml beside the scene over it."""
    out = dict(bundled())
    mine = Path(scene.path).parent / "cast.yaml" if scene.path else None
    if mine is not None and mine.is_file():
        out.update(load_author(mine))
    return out


def match(person: Person, cast: Mapping[str, Member]) -> Member | None:
    """The cast member a scene's person is, by an explicit `cast:` or by name; None for nobody known."""
    if person.cast is not None:
        return cast.get(person.cast)
    wanted = {_key(person.name), _key(person.called)}
    for member in cast.values():
        if any(_key(n) in wanted for n in member.names):
            return member
    return None


def matches(scene: Scene) -> dict[str, Member]:
    """Scene person id -> cast member, for every person the cast knows."""
    cast = cast_for(scene)
    out: dict[str, Member] = {}
    for person in (*scene.players, *scene.company):
        member = match(person, cast)
        if member is not None and member.id not in {m.id for m in out.values()}:
            out[person.id] = member
    return out
