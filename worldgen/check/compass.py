"""Compass directions without grids (mixed into ExprChecker).

Grids have always declared the built-in enum ``direction`` (north, east, south, west). A world
of rooms joined by compass exits needs the same words without a grid, so a world that *uses*
``direction`` (as a type, as the set of all directions, or through ``opposite``) gets it too.
Only use declares it: a world that never mentions it keeps exactly the IR (and bytes) it had.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import TYPE_CHECKING

from worldgen.check.grids import COMPASS, DIRECTION
from worldgen.check.nodes import is_error, make, show_type
from worldgen.check.scope import Ctx
from worldgen.ir import types as T
from worldgen.ir.models import Expr
from worldgen.syntax import ast

if TYPE_CHECKING:
    from worldgen.check.exprs import ExprChecker

COMPASS_BUILTINS = {"opposite": "opposite(d): the direction facing d (north <-> south, east <-> west)"}
LAYOUTS = {  # build-time generators (compiler/layouts.py)
    "compass_tree": "compass_tree(E): every E joined into a random planar tree by compass exits; leaves are dead ends",
    "compass_chain": "compass_chain(E): every E joined in one winding line by compass exits",
}


def uses_compass(world: ast.World) -> bool:
    """Does the world mention ``direction`` (a type or the set) or call ``opposite`` or a layout, without
    declaring any of the compass words itself?"""
    mentions, declared = False, False
    stack: list[object] = [world]
    while stack:
        node = stack.pop()
        if isinstance(node, list | tuple):
            stack.extend(node)
            continue
        fields = _fields(type(node))
        if fields is None:
            continue
        match node:
            case ast.NamedType(name=name) | ast.Name(id=name) if name == DIRECTION:
                mentions = True
            case ast.Call(func=func) if func in COMPASS_BUILTINS or func in LAYOUTS:
                mentions = True
            case ast.EnumDecl(name=name, members=members) if name == DIRECTION or set(members) & set(COMPASS):
                declared = True
        stack.extend(getattr(node, name) for name in fields)
    return mentions and not declared


@cache
def _fields(cls: type) -> tuple[str, ...] | None:
    """The fields of an AST node class to walk (all but ``span``); None for anything else. Once
    per class, not per node: the walk visits every node of the world on every check."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls) if f.name != "span")


class CompassChecks:
    def compass_call(self: ExprChecker, node: ast.Call, ctx: Ctx) -> Expr:
        """``opposite(d)``: compass values are north, east, south, west, so the opposite is two on."""
        if len(node.args) != 1:
            return self.error(node, "WG303", f"wrong number of arguments: {COMPASS_BUILTINS['opposite']}")
        d = self.check(node.args[0], ctx)
        if is_error(d):
            return d
        if d.type != T.enum(DIRECTION):
            return self.error(node.args[0], "WG301", f"opposite needs a direction (north, east, south, west), not {show_type(d.type)}")
        turned = make("arith", T.INT, make("call", T.INT, d, name="index"), make("lit", T.INT, value=2), name="+")
        return make("entity", d.type, make("arith", T.INT, turned, make("lit", T.INT, value=len(COMPASS)), name="%"), name=DIRECTION)

    def layout_call(self: ExprChecker, node: ast.Call, ctx: Ctx) -> Expr:
        """``compass_tree(E)`` / ``compass_chain(E)``: a ``map<E, map<direction, E>>`` of exits."""
        if ctx.where != "init":
            return self.error(node, "WG402", f"{node.func}() builds a layout when the world is built, so it may only "
                              "initialise state or consts")
        if len(node.args) != 1:
            return self.error(node, "WG303", f"wrong number of arguments: {LAYOUTS[node.func]}")
        rooms = self._entity_arg(node, ctx)
        if is_error(rooms) or rooms.type.elem is None:
            return rooms
        compass = T.enum(DIRECTION)
        return make("gen", T.map_of(rooms.type.elem, T.map_of(compass, rooms.type.elem)), rooms, name=node.func)
