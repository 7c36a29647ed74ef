"""Immutable records for the engine's hot path: named tuples that keep dataclass manners.

A frozen dataclass costs about a microsecond to build (every field set through
object.__setattr__); a named tuple costs a tenth of that and reads its fields as fast. What the
rest of Versus relies on is kept: the class names and field names, isinstance, immutability,
dataclass-style repr, and equality that tells one kind of record from another with the same
values (a plain tuple would find Moved(0, 1, 2) equal to Sent(0, 1, 2)).
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

new = tuple.__new__  # the engine builds records as new(Class, (field, ...)): no Python-level __new__


def _same(self: tuple, other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _differ(self: tuple, other: object) -> bool:
    return not (type(self) is type(other) and tuple.__eq__(self, other))


def record(cls: type[T]) -> type[T]:
    """Give a NamedTuple class equality by kind and value (hash unchanged: equal records hash alike)."""
    cls.__eq__ = _same  # type: ignore[assignment,method-assign]
    cls.__ne__ = _differ  # type: ignore[assignment,method-assign]
    cls.__hash__ = tuple.__hash__  # type: ignore[assignment,method-assign]
    return cls


def as_dataclass(cls: type[T]) -> type[T]:
    """Let dataclasses.replace and dataclasses.fields work on a NamedTuple class, as they did on the dataclass.

    The dataclass description is made on first use (dataclasses.replace asks the class for it), so
    that importing the engine imports neither dataclasses nor inspect: `versus trace` needs neither.
    """
    cls.__dataclass_fields__ = _Described("__dataclass_fields__")  # type: ignore[attr-defined]
    cls.__dataclass_params__ = _Described("__dataclass_params__")  # type: ignore[attr-defined]
    return cls


class _Described:
    """A class attribute that makes the class's dataclass description when first read, then is replaced by it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        spec = _dataclass_spec(owner)
        for name in ("__dataclass_fields__", "__dataclass_params__"):
            setattr(owner, name, getattr(spec, name))
        return getattr(spec, self.name)


def _dataclass_spec(cls: type) -> type:
    import dataclasses

    defaults: dict[str, Any] = cls._field_defaults  # type: ignore[attr-defined]

    def field(name: str) -> Any:
        default = defaults[name]
        if type(default).__hash__ is None:  # a dict: dataclasses takes only a factory for it
            return dataclasses.field(default_factory=default.copy)
        return dataclasses.field(default=default)

    return dataclasses.make_dataclass(cls.__name__, [
        (name, kind, field(name)) if name in defaults else (name, kind)
        for name, kind in cls.__annotations__.items()
    ], frozen=True)
