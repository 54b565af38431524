"""Where a proposed axis alternative goes: into an axis that already varies the same thing, or
into a new axis of its own.

Axes compose: a world draws one alternative of every axis, so two axes whose alternatives replace
the same action (or set the observation) would silently override each other (WG416). An
alternative that touches what an existing axis already varies therefore joins that axis; anything
else gets a new axis, named so it collides with none, whose first alternative is the scaffold as
written.
"""

from __future__ import annotations

from worldgen.flywheel.edits import Edit, before_closing_brace, inside_end
from worldgen.syntax import ast


def numbered(name: str, taken: set[str], sep: str = "") -> str:
    """``name``, else ``name{sep}2``, ``name{sep}3``, ...: the first not in ``taken``."""
    n, candidate = 1, name
    while candidate in taken:
        n += 1
        candidate = f"{name}{sep}{n}"
    return candidate


def free_name(name: str, taken: set[str], component: str) -> str:
    """An axis header ``NAME: COMPONENT`` with a name no axis of the scaffold uses."""
    candidate = numbered(name, taken)
    return candidate if candidate == component else f"{candidate}: {component}"


def alternative_name(host: ast.AxisDecl | None, name: str) -> str:
    """``name``, or ``name2``, ... when ``host`` already has an alternative of that name."""
    return numbered(name, {alt.name for alt in host.alternatives} if host else set())


def axes(tree: ast.World) -> list[ast.AxisDecl]:
    return [d for d in tree.decls if isinstance(d, ast.AxisDecl)]


def alternative(source: str, tree: ast.World, host: ast.AxisDecl | None, name: str, component: str,
                text: str, comment: str) -> tuple[Edit, str]:
    """The edit adding alternative ``text`` (``ALT { ... }``, one or more lines) to ``host``, or, with
    no host, in a new axis ``name: component`` after the world's last declaration; and the name of
    the axis it lands in."""
    if host is not None:
        return inside_end(source, host.span, text), host.name
    header = free_name(name, {a.name for a in axes(tree)}, component)
    body = "".join(f"    {line}\n" for line in text.splitlines())
    return (before_closing_brace(source, f"\n  # proposed: {comment}\n  axis {header} {{\n    as_written {{}}\n{body}  }}\n"),
            header.split(":")[0])


def replacing(tree: ast.World, actions: set[str]) -> list[ast.AxisDecl]:
    """The axes with an alternative that replaces one of ``actions``."""
    return [a for a in axes(tree)
            if any(isinstance(d, ast.ActionDecl) and d.name in actions for alt in a.alternatives for d in alt.decls)]


def of_component(tree: ast.World, component: str) -> list[ast.AxisDecl]:
    return [a for a in axes(tree) if (a.kind or a.name) == component]
