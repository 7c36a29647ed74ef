"""An author's phrasebook file, read within bounds and checked: the scene's `phrasebook:` key names a
YAML file of `lines:` and `narration:` rules in the bundled form (docs/narration.md), whose `when:`
criteria must be known ones (conditions.py)."""

from __future__ import annotations

from typing import Any

import yaml

from versus.narration.conditions import beat_problems, problems


class PhrasebookError(ValueError):
    """An author's phrasebook that cannot be read."""


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where present: the same data, faster
MAX_AUTHOR_BYTES = 2_000_000


def load_author(path: str | None) -> dict[str, Any]:
    """The author's phrasebook: a regular file of bounded size, aliases bounded, no control characters."""
    from versus import yamlio
    from versus.files import Unreadable, read_bounded

    if not path:
        return {}
    try:
        text = read_bounded(path, MAX_AUTHOR_BYTES, "phrasebook").decode("utf-8")
        data = yamlio.load(text) or {}
    except yamlio.YamlProblem as error:
        raise PhrasebookError(f"{path}:{error.line}:{error.column}: {error.message}") from None
    except (Unreadable, UnicodeDecodeError) as error:
        raise PhrasebookError(f"{path}: cannot read the phrasebook ({str(error).splitlines()[0]})") from None
    control = _control_in(data)
    if control:
        raise PhrasebookError(f"{path}: {control}; take it out (it would reach the export and the terminal)")
    if not isinstance(data, dict):
        raise PhrasebookError(f"{path}: a phrasebook is a mapping of keys to lists of sentences")
    wrong = entry_problems(path, text)
    if wrong:
        raise PhrasebookError("\n".join(wrong))
    return data


def entry_problems(path: str, text: str) -> list[str]:
    """Every `when:` in an author's phrasebook (its text, already read within bounds) that names an
    unknown condition, and every `beat:` the narrator has none of, as FILE:LINE:COLUMN."""
    root = yaml.compose(text, Loader=LOADER)
    out: list[str] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value in ("when", "beat"):
                    data = yaml.load(yaml.serialize(value), Loader=LOADER)
                    mark = value.start_mark
                    found = problems(data) if key.value == "when" else beat_problems(data)
                    out.extend(f"{path}:{mark.line + 1}:{mark.column + 1}: {p}" for p in found)
                else:
                    stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return sorted(out)


def _control_in(data: Any, where: str = "") -> str | None:
    """Where the first control character (ESC, BEL, …) in the phrasebook's text is, if any."""
    from versus.files import has_control

    if isinstance(data, dict):
        items = [(f"{where}.{k}" if where else str(k), v) for k, v in data.items()]
        items += [(f"{where} (a key)", k) for k in data if isinstance(k, str)]
    elif isinstance(data, list):
        items = [(where, v) for v in data]
    else:
        found = has_control(data) if isinstance(data, str) else None
        return f"a control character ({found}) in {where or 'the file'}" if found else None
    return next((hit for key, value in items if (hit := _control_in(value, key))), None)
