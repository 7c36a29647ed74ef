"""The arrows between Versus's parts point the way docs/architecture.md §3 says, and never in a circle.

Every import in the package counts: at module level, inside a function, or under TYPE_CHECKING. An
import put off into a function still says that one module needs the other, and a circle hidden
that way is still a circle. The table of what each part may import is read from the document
itself, so that the document and this test cannot drift apart.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "versus"
DOC = ROOT / "docs" / "architecture.md"

# Circles known and waiting for their fix, each with the work that will remove it. Listed only while
# they last: a circle listed here that has gone fails the test too, so that the list is kept honest.
# (None now: the narration's narrator <-> summaries went with its rebuild.)
KNOWN_CIRCLES: set[frozenset[str]] = set()


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = modules()


def imports(name: str, path: Path) -> tuple[set[str], set[str]]:
    """(Versus modules, other top-level modules) that the module imports, anywhere in it."""
    ours, others = set(), set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in MODULES else module
                       for alias in node.names]
        else:
            continue
        for target in targets:
            if target.split(".")[0] != "versus":
                others.add(target.split(".")[0])
                continue
            while target not in MODULES and "." in target:
                target = target.rpartition(".")[0]
            if target != name:
                ours.add(target)
    return ours, others


@functools.cache
def graph() -> dict[str, tuple[set[str], set[str]]]:
    """Each module's imports, read when a test first asks (not while every test process collects)."""
    return {name: imports(name, path) for name, path in MODULES.items()}


def table() -> dict[str, tuple[set[str] | None, set[str], set[str]]]:
    """part -> (Versus parts it may import, None for any; parts it may not; other modules it never imports)."""
    text = DOC.read_text(encoding="utf-8").split("## §3", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`versus"):
            continue
        part = re.findall(r"`([\w.]+)`", cells[0])[0]
        named = set(re.findall(r"`([\w.]+)`", cells[1]))
        if cells[1].startswith("everything"):
            rows[part] = (None, named, set(re.findall(r"`([\w.]+)`", cells[2])))
        else:
            rows[part] = (named, set(), set(re.findall(r"`([\w.]+)`", cells[2])))
    return rows


TABLE = table()


def part_of(module: str) -> str | None:
    """The row of the table a module falls under: the longest part that is it or holds it."""
    for part in sorted(TABLE, key=len, reverse=True):
        if module == part or module.startswith(part + "."):
            return part
    return None


def test_the_document_has_a_row_for_every_module():
    assert len(TABLE) >= 15, "docs/architecture.md §3 should hold the table of what may import what"
    assert [m for m in MODULES if part_of(m) is None] == []


def test_no_part_imports_what_the_document_forbids():
    wrong = []
    for module, (ours, others) in graph().items():
        part = part_of(module)
        allowed, refused, never = TABLE[part]
        for target in sorted(ours):
            there = part_of(target)
            if there == part:
                continue
            if allowed is None:
                if there in refused:
                    wrong.append(f"{module} imports {target}")
            elif there not in allowed:
                wrong.append(f"{module} imports {target}")
        wrong += [f"{module} imports {other}" for other in sorted(others & never)]
    assert wrong == []


def test_the_named_promises_hold():
    """The three promises of docs/architecture.md §3, checked whatever the table says."""
    for module, (ours, others) in graph().items():
        if module.startswith("versus.rules"):
            assert {t for t in ours if not t.startswith("versus.rules")} == set(), module
            assert others.isdisjoint({"yaml", "textual", "rich", "numpy", "pathlib", "os", "io", "json"}), module
        if module.split(".")[1:2] in (["narration"], ["export"]):
            assert not any(t.startswith("versus.tui") for t in ours), module
            assert others.isdisjoint({"textual", "rich"}), module
        if not module.startswith(("versus.tui", "versus.commands")):
            assert not any(t.startswith("versus.tui") for t in ours), module


def circles(graph: dict[str, tuple[set[str], set[str]]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root][0])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child][0]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(group)
    return found


def test_no_import_circles():
    found = {frozenset(group) for group in circles(graph())}
    assert found - KNOWN_CIRCLES == set(), "new import circles"
    assert KNOWN_CIRCLES - found == set(), "a known circle has gone: take it off KNOWN_CIRCLES"


def test_the_circle_finder_finds_circles():
    made_up = {"a": ({"b"}, set()), "b": ({"c"}, set()), "c": ({"a"}, set()), "d": ({"a"}, set())}
    assert circles(made_up) == [{"a", "b", "c"}]
