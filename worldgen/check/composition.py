"""Axes that compose: alternatives of different axes must not change the same thing.

A world draws one alternative per axis; if two of them replace the same action or def, both rename
it, or both re-initialise the same variable, one would silently win. That is a diagnostic instead.
(A dynamics alternative replacing an action and an interface one renaming it compose: dynamics
apply first, so the rename applies to the action the world really has.)
"""

from __future__ import annotations

from worldgen.errors import DiagnosticSink
from worldgen.syntax import ast


def _changes(alt: ast.Alternative) -> list[tuple[str, str, ast.Decl]]:
    """(what, name, where) for everything an alternative replaces."""
    out: list[tuple[str, str, ast.Decl]] = []
    for d in alt.decls:
        if isinstance(d, ast.ActionDecl):
            out.append(("replace action", d.name, d))
        elif isinstance(d, ast.RenameDecl):
            out.append(("rename action", d.action, d))
        elif isinstance(d, ast.InitDecl):
            out.append(("initialise", d.var, d))
        elif isinstance(d, ast.Instruction):
            out.append(("set", "the instruction", d))
        elif isinstance(d, ast.FuncDecl):
            out.append(("replace def", d.name, d))
    return out


def check_composition(sink: DiagnosticSink, axes: list[ast.AxisDecl]) -> None:
    seen: dict[tuple[str, str], tuple[str, str]] = {}  # (kind of change, name) -> (axis, alternative)
    for axis in axes:
        mine: dict[tuple[str, str], tuple[str, str]] = {}
        for alt in axis.alternatives:
            for what, name, d in _changes(alt):
                key = (what, name)  # a rename of a replaced action composes: dynamics go first
                other = seen.get(key)
                if other is not None and other[0] != axis.name:
                    thing = (f"action '{name}'" if "action" in what else f"def '{name}'" if "def" in what
                             else f"'{name}'" if what == "initialise" else name)
                    sink.error("WG416", f"{axis.name}={alt.name} and {other[0]}={other[1]} both {what.split()[0]} {thing}; a world that "
                               "draws both would silently keep one: move them into one axis or change different things", d.span)
                mine.setdefault(key, (axis.name, alt.name))
        for key, where in mine.items():
            seen.setdefault(key, where)
