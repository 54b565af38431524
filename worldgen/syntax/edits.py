"""Structural edits of a parsed scaffold, for programs that write scaffolds (the mutate proposer):
change a param's range, add an axis or an alternative, then print the result with the source it
came from, so the author's comments, blank lines and spellings survive the edit.

Each edit takes a ``World`` and returns an edited copy (the input is left as it was). New
declarations are written as source text and parsed, so they are whatever the language allows;
they carry no source position (line 0), which keeps comments from attaching to them. The edits
are syntactic: run the checker on the printed result (``worldgen.loads``) to know it is valid.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from worldgen.errors import Span, WorldgenError
from worldgen.syntax import ast
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import print_world

Edit = Callable[[ast.World], ast.World]
NOWHERE = Span(0, 0)  # the position of a node made in code


def edit_source(source: str, *edits: Edit, filename: str = "<string>") -> str:
    """``source`` with ``edits`` applied in order, printed in canonical form with its comments."""
    world = parse(source, filename)
    for edit in edits:
        world = edit(world)
    return print_world(world, source)


def set_param_range(world: ast.World, name: str, lo: int, hi: int) -> ast.World:
    """``param NAME: int in LO..HI``: shift or widen an int param's range."""
    out = copy.deepcopy(world)
    param = next((d for d in out.decls if isinstance(d, ast.ParamDecl) and d.name == name), None)
    if param is None or param.kind != "int":
        raise WorldgenError(f"world '{world.name}' has no int param named '{name}'")
    param.lo, param.hi = lo, hi
    return out


def add_axis(world: ast.World, source: str) -> ast.World:
    """Append an axis written as source: ``axis NAME[: COMPONENT] { ALT { ... } ... }``."""
    out = copy.deepcopy(world)
    out.decls.extend(_snippet(source))
    return out


def add_alternative(world: ast.World, axis: str, source: str) -> ast.World:
    """Append an alternative written as source, ``NAME { DECLS }``, to the axis named ``axis``."""
    out = copy.deepcopy(world)
    target = next((d for d in out.decls if isinstance(d, ast.AxisDecl) and d.name == axis), None)
    if target is None:
        raise WorldgenError(f"world '{world.name}' has no axis named '{axis}'")
    (parsed,) = _snippet(f"axis {axis} {{ {source} }}")
    assert isinstance(parsed, ast.AxisDecl)  # the wrapper parses to one axis or raises
    target.alternatives.extend(parsed.alternatives)
    return out


def _snippet(source: str) -> list[ast.Decl]:
    """Declarations written as source, without positions (a syntax error is a DiagnosticError)."""
    decls = parse("world edit {\n" + source + "\n}", "<edit>").decls
    _unplace(decls)
    return decls


def _unplace(node: object) -> None:
    if isinstance(node, ast.Node):
        for key, value in vars(node).items():
            if isinstance(value, Span):
                setattr(node, key, NOWHERE)
            else:
                _unplace(value)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Span):  # hidden names
                node[i] = (item[0], NOWHERE)
            else:
                _unplace(item)
    elif isinstance(node, tuple):
        for item in node:
            _unplace(item)
