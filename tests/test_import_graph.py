"""The layers import one way down: the IR below codegen below the runtime, with no circle between
them, and codegen's modules importing each other without a circle. Every ``import`` counts, those
inside functions and ``if TYPE_CHECKING:`` blocks too (a lazy import is still a dependency)."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "worldgen"
LAYERS = ("ir", "codegen", "runtime")


def _module(path: Path) -> str:
    parts = ["worldgen", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The worldgen modules ``path`` imports, wherever in the file the import is."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found.update(n for n in names if n == "worldgen" or n.startswith("worldgen."))
    return found


def _modules() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}


def _unit(module: str) -> str:
    """A module's node in the package graph: its subpackage (worldgen.ir), or itself for a module
    at the top (worldgen.errors), the package's public face included."""
    parts = module.split(".")
    if len(parts) > 1 and (PACKAGE / parts[1]).is_dir():
        return ".".join(parts[:2])
    return module


def _graph(edges: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        if a != b:
            graph.setdefault(a, set()).add(b)
    return graph


def _cycle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path start -> ... -> start, if there is one (depth-first, each node expanded once)."""
    seen: set[str] = set()
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    while stack:
        node, path = stack.pop()
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                return [*path, start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


def _package_graph() -> dict[str, set[str]]:
    return _graph((_unit(a), _unit(b)) for a, targets in _modules().items() for b in targets)


def test_the_import_graph_helpers_find_a_circle() -> None:
    graph = _graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    assert _cycle_through(graph, "a") == ["a", "b", "c", "a"]
    assert _cycle_through(graph, "d") is None


@pytest.mark.parametrize("layer", ["ir", "codegen"])
def test_the_ir_and_codegen_are_on_no_circle_of_packages(layer: str) -> None:
    """Nothing the IR or codegen imports, however indirectly, imports them back."""
    assert _cycle_through(_package_graph(), f"worldgen.{layer}") is None


def test_the_ir_codegen_and_runtime_import_one_way_down() -> None:
    graph = _package_graph()
    names = {f"worldgen.{layer}" for layer in LAYERS}
    among = {a: targets & names for a, targets in graph.items() if a in names}
    for layer in names:
        assert _cycle_through(among, layer) is None, layer
    assert not graph.get("worldgen.ir", set()) & {"worldgen.codegen", "worldgen.runtime"}


def test_codegen_modules_import_each_other_without_a_circle() -> None:
    graph = _graph((a, b) for a, targets in _modules().items() if a.startswith("worldgen.codegen.")
                   for b in targets if b.startswith("worldgen.codegen."))
    circles = {m: c for m in graph if (c := _cycle_through(graph, m)) is not None}
    assert circles == {}
