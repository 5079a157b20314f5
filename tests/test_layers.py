"""The package's layers, read from its own imports (every import, lazy ones included): the engine
and the languages (i18n) at the bottom; formats, scoring, movements and robots above it; the table
unit and the devices, which share only ``events``; the link; the station; the demo and the command
line on top."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import bridgetable

PACKAGE = Path(bridgetable.__file__).parent
# What may never import the station: everything below it.
BELOW_DIRECTOR = ("bridge", "formats", "scoring", "movements", "robots", "table", "devices", "link", "events")


def module_name(path: Path) -> str:
    parts = ["bridgetable", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str) -> Iterator[str]:
    """The package's modules that module ``name`` imports, anywhere in its code."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            if not node.level:
                base = node.module or ""
            elif node.module:
                base = f"{base}.{node.module}"
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules() else base
                       for alias in node.names]
        else:
            continue
        yield from (target for target in targets if target in modules())


def graph() -> dict[str, set[str]]:
    return {name: set(imported(name)) - {name} for name in modules()}


def layer(name: str) -> str:
    return name.split(".")[1] if name.count(".") else ""


def test_devices_do_not_import_the_table_unit():
    wrong = sorted((name, target) for name, targets in graph().items() if layer(name) == "devices"
                   for target in targets if layer(target) == "table")
    assert wrong == []


def test_nothing_below_the_station_imports_it():
    wrong = sorted((name, target) for name, targets in graph().items() if layer(name) in BELOW_DIRECTOR
                   for target in targets if layer(target) == "director")
    assert wrong == []


def test_only_the_demo_and_the_command_line_import_the_central_server():
    above = ("central", "demo", "cli")
    wrong = sorted((name, target) for name, targets in graph().items() if layer(name) not in above
                   for target in targets if layer(target) == "central")
    assert wrong == []


@pytest.mark.parametrize("package", ["bridge", "i18n"])
def test_the_engine_and_the_languages_import_only_the_standard_library_and_themselves(package):
    """The engine is pure; the catalogues are read with gettext, so every part can speak, the
    engine too (its refusals are in the ``laws`` catalogue)."""
    for name in (name for name in modules() if layer(name) == package):
        for target in imported(name):
            assert layer(target) in (package, "i18n"), f"{name} imports {target}"
        tree = ast.parse(modules()[name].read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import) or (isinstance(node, ast.ImportFrom) and not node.level):
                roots = [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                for root in roots:
                    assert root and root.split(".")[0] in sys.stdlib_module_names, (name, root)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while (top := stack.pop()) != node:
                component.append(top)
            if component:
                found.append(sorted([node, *component]))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other():
    edges = graph()
    # A package's __init__ gathers its modules; a module importing its own package's names back
    # from the __init__ would close a loop, which this also catches.
    assert cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
