"""The modules a task image runs: what worldgen's runtime wheel holds.

A Harbor task ships worldgen twice (the world service's image and the verifier's), and the
whole package is mostly authoring: the compiler's suites, content providers, the proposer, the
CLI, reports. The images run two modules, ``worldgen.exporters.service`` and
``worldgen.exporters.grade``; what they can import is found by reading every ``import`` of
every module reached, at any depth of the code (an import inside a function counts; one under
``if TYPE_CHECKING:`` does not, as it never runs), so the set is a superset of what any run imports. A package that finds its modules at run time
(``pkgutil``: the shell's built-in tools) is taken whole.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENTRIES = ("worldgen.exporters.service", "worldgen.exporters.grade")
WHOLE = ("worldgen.shell.builtins",)  # loaded by name at run time (worldgen/shell/builtins/registry.py)


def runtime_modules(package: Path, entries: tuple[str, ...] = ENTRIES) -> set[Path]:
    """Files (relative to ``package``, the installed ``worldgen`` folder) of every module the
    entries can import, with the ``__init__.py`` of each package on the way."""
    top = package.name
    pending = [*entries, *(f"{name}.{p.stem}" for name in WHOLE for p in _folder(package, name).glob("*.py"))]
    found: dict[str, Path] = {}
    while pending:
        name = pending.pop()
        if name in found:
            continue
        path = _module(package, name)
        if path is None:
            continue
        found[name] = path
        pending.extend(n for n in _imports(name, path, top) if n not in found)
    return {p.relative_to(package) for p in found.values()}


def _folder(package: Path, name: str) -> Path:
    return package.joinpath(*name.split(".")[1:])


def _module(package: Path, name: str) -> Path | None:
    base = _folder(package, name)
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _imports(name: str, path: Path, top: str) -> set[str]:
    """Every ``top...`` module ``path`` names in an import, and the packages above each."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str] = set()
    for node in _run_time_nodes(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            named.add(base)
            named.update(f"{base}.{alias.name}" for alias in node.names)  # a submodule or a name in base
    out: set[str] = set()
    for full in named:
        parts = full.split(".")
        if parts[0] == top:
            out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def _run_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` but the bodies of ``if TYPE_CHECKING:`` blocks (imports for type
    hints only: a lazy package face names its whole API there)."""
    nodes: list[ast.AST] = []
    pending = [tree]
    while pending:
        node = pending.pop()
        nodes.append(node)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)
            continue
        pending.extend(ast.iter_child_nodes(node))
    return nodes


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
