"""YAML for the author's own files (takes, phrasebooks): libyaml where present, aliases bounded.

An alias bomb (a few lines whose anchors refer to anchors, doubling at each step) builds a small
node graph that expands to billions of values when walked; it is measured before construction
and refused.
"""

from __future__ import annotations

from typing import Any

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
MAX_VALUES = 200_000  # values in the expanded document


class YamlProblem(ValueError):
    """YAML that is not read; line and column (1-based) where known."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def load(text: str, limit: int = MAX_VALUES) -> Any:
    """The document in text (None if empty); YamlProblem for bad YAML or too many values once expanded."""
    loader = Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if expanded_size(node, limit) > limit:
            raise YamlProblem(f"too many values once its aliases are expanded (more than {limit:,})",
                              node.start_mark.line + 1, node.start_mark.column + 1)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = (error.problem or error.context or "not valid YAML").strip()
        raise YamlProblem(f"YAML: {problem}", *((mark.line + 1, mark.column + 1) if mark else (1, 1))) from None
    except yaml.YAMLError as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else "not valid"
        raise YamlProblem(f"YAML: {first}") from None
    except RecursionError:
        raise YamlProblem("nested too deeply") from None
    finally:
        loader.dispose()


def expanded_size(root: yaml.Node, limit: int) -> int:
    """How many nodes the document has with every alias expanded (stops counting past limit)."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        kids = _children(node)
        if children_done or not kids:
            sizes[id(node)] = min(limit + 1, 1 + sum(sizes.get(id(k), 0) for k in kids))
            continue
        stack.append((node, True))
        stack.extend((k, False) for k in kids if id(k) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def dump(data: Any) -> str:
    return yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)
