"""Read YAML as nodes that keep their positions, so every problem can point at its key or value.

Only PyYAML's safe loaders are used: a scene from someone else can never run code. libyaml's
(CSafeLoader) composes a well-formed file with the same nodes and positions at a fraction of the
time; a file it cannot read is read again by the pure-Python loader, whose messages the errors
quote, and so is any file with a tab or a stray byte-order mark, which the two read differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from versus.scenes.problems import Problem, suggest

MAX_BYTES = 2_000_000
FAST = getattr(yaml, "CSafeLoader", None)  # None when PyYAML was built without libyaml


@dataclass(frozen=True, slots=True)
class Text:
    """A file's text, or the one problem that stops it being read as YAML."""

    nodes: yaml.Node | None
    problems: tuple[Problem, ...]


def at(node: yaml.Node, message: str, offset: int = 0) -> Problem:
    mark = node.start_mark
    return Problem(mark.line + 1, mark.column + 1 + offset, message)


def compose(data: bytes) -> Text:
    """Compose bytes into a node tree, or report where and why that is impossible."""
    if len(data) > MAX_BYTES:
        return Text(None, (Problem(1, 1, f"file too large for a scene ({len(data):,} bytes)"),))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        return Text(None, (Problem(line, column, "not UTF-8 text (is this a scene file?)"),))
    text = text.removeprefix("\ufeff")
    if FAST is not None and "\t" not in text and "\ufeff" not in text:
        try:
            return Text(yaml.compose(text, Loader=FAST), ())
        except (yaml.YAMLError, RecursionError):
            pass  # the pure-Python loader says what is wrong, in the words the errors have always used
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = (error.problem or error.context or "not valid YAML").strip()
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return Text(None, (Problem(line, column, _plainly(problem, text, mark)),))
    except yaml.reader.ReaderError as error:
        before = text[: error.position]
        line, column = before.count("\n") + 1, error.position - (before.rfind("\n") + 1) + 1
        return Text(None, (Problem(line, column, f"a character YAML does not allow (#{error.character:04x}); "
                                                 "is this a scene file?"),))
    except yaml.YAMLError as error:
        return Text(None, (Problem(1, 1, f"YAML: {str(error).splitlines()[0]}"),))
    except RecursionError:
        return Text(None, (Problem(1, 1, "nested too deeply to be a scene"),))
    return Text(node, ())


def _plainly(problem: str, text: str, mark: yaml.Mark | None) -> str:
    """YAML's own words for a problem, or the author's where the real fix is known."""
    if "'\\t'" in problem:
        lines = text.splitlines()
        before = lines[mark.line][: mark.column] if mark and mark.line < len(lines) else ""
        return f"a tab {'in the text' if before.strip() else 'in the indentation'}: use spaces"
    if problem.startswith("mapping values are not allowed"):
        return ("a colon and a space inside unquoted text read as a new key: put the whole line in quotes "
                "(\"…\")")
    return f"YAML: {problem}"


def scalar(node: yaml.Node) -> Any:
    """The Python value of a scalar node, as the safe loader would build it (None if impossible)."""
    if not isinstance(node, yaml.ScalarNode):
        return None
    # A bare constructor: a whole SafeLoader (reader, scanner, parser) per scalar cost more than the value.
    try:
        return yaml.constructor.SafeConstructor().construct_object(node, deep=True)
    except (ValueError, OverflowError, yaml.YAMLError):
        return node.value


def mapping_items(node: yaml.MappingNode) -> tuple[list[tuple[str, yaml.Node, yaml.Node]], list[Problem]]:
    """(key, key node, value node) for each entry, with a problem for each duplicate or odd key."""
    items: list[tuple[str, yaml.Node, yaml.Node]] = []
    problems: list[Problem] = []
    seen: dict[str, yaml.Node] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            problems.append(at(key_node, "a key must be a plain name"))
            continue
        key = str(key_node.value)
        if key in seen:
            first = seen[key].start_mark.line + 1
            problems.append(at(key_node, f"duplicate key {key!r} (first given on line {first})"))
            continue
        seen[key] = key_node
        items.append((key, key_node, value_node))
    return items, problems


def known_keys(node: yaml.Node, what: str,
               keys: tuple[str, ...]) -> tuple[dict[str, tuple[yaml.Node, yaml.Node]], list[Problem]]:
    """A mapping's entries by key, (key node, value node), and a problem for each unknown or duplicate
    key (with the nearest known one suggested), or for a node that is no mapping at all."""
    if not isinstance(node, yaml.MappingNode):
        return {}, [at(node, f"{what} should be a mapping of keys to values, not {kind_name(node)}")]
    items, problems = mapping_items(node)
    found = {}
    for key, key_node, value_node in items:
        if key not in keys:
            problems.append(at(key_node, f"unknown key {key!r} in {what}{suggest(key, keys)}"))
            continue
        found[key] = (key_node, value_node)
    return found, problems


def root_mapping(root: yaml.Node | None, what: str, keys: tuple[str, ...], required: tuple[str, ...],
                 kind: str) -> tuple[dict[str, tuple[yaml.Node, yaml.Node]] | None, list[Problem]]:
    """The top of a YAML file of ours (a scene, manuscript.yaml) read as a mapping of known keys.

    None, with the problems, when there is nothing to read: an empty file, or a root that is not a
    mapping. Otherwise its entries by key, with a problem for each unknown or duplicate key and for
    each required key missing. what names the mapping in problems ("the scene"), kind the file ("a
    scene")."""
    if root is None:
        needs = " and ".join(required) if len(required) < 3 else ", ".join(required[:-1]) + " and " + required[-1]
        return None, [Problem(1, 1, f"the file is empty; {kind} needs at least {needs}")]
    found, problems = known_keys(root, what, keys)
    if not isinstance(root, yaml.MappingNode):
        return None, problems
    problems += [at(root, f"missing required key {key!r}") for key in required if key not in found]
    return found, problems


def kind_name(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    value = scalar(node)
    if value is None:
        return "nothing"
    return {bool: "true/false", int: "a number", float: "a number", str: "text"}.get(type(value), "a value")
