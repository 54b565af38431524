"""Checking grid positions and moves (mixed into ExprChecker).

A grid entity (``entity cell grid(W, H)``) numbers its cells row by row from the top left:
``c.x``/``c.y`` are a cell's column and row, ``cell(x, y)`` the cell at a position, and the
built-in ``direction`` enum (north, east, south, west) says where ``step`` goes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.check.nodes import is_error, make, show_type
from worldgen.check.scope import Ctx, Symbol
from worldgen.ir import types as T
from worldgen.ir.models import Expr
from worldgen.syntax import ast

if TYPE_CHECKING:
    from worldgen.check.exprs import ExprChecker

DIRECTION = "direction"
COMPASS = ("north", "east", "south", "west")  # north is up: row y - 1
GRID_BUILTINS = {
    "step": "step(c, d) or step(c, d, k): the cell 1 (or k) steps from c towards d, stopping at the grid's edge",
    "neighbours": "neighbours(c): the cells next to c (north, east, south, west) inside the grid",
    "dx": "dx(d): the column change of one step towards d (-1, 0 or 1)",
    "dy": "dy(d): the row change of one step towards d (-1 north, 1 south)",
}


class GridChecks:
    def coordinate(self: ExprChecker, node: ast.Field, cell: Expr) -> Expr:
        if node.name not in ("x", "y"):
            return self.error(node, "WG204", f"a grid cell has .x (its column) and .y (its row), not .{node.name}")
        return make("coord", T.INT, cell, name=node.name, value=cell.type.name)

    def cell_at(self: ExprChecker, node: ast.Call, grid: Symbol, ctx: Ctx) -> Expr:
        if len(node.args) != 2:
            return self.error(node, "WG303", f"{grid.name}(x, y) takes a column and a row, not {len(node.args)} argument{'' if len(node.args) == 1 else 's'}")
        x = self.check_int(node.args[0], ctx, f"the column of {grid.name}(x, y)")
        y = self.check_int(node.args[1], ctx, f"the row of {grid.name}(x, y)")
        if is_error(x) or is_error(y):
            return x if is_error(x) else y
        return make("cellat", grid.type, x, y, name=grid.name)

    def grid_call(self: ExprChecker, node: ast.Call, ctx: Ctx) -> Expr:
        f = node.func
        arities = {"step": (2, 3), "neighbours": (1, 1), "dx": (1, 1), "dy": (1, 1)}[f]
        if not arities[0] <= len(node.args) <= arities[1]:
            return self.error(node, "WG303", f"wrong number of arguments: {GRID_BUILTINS[f]}")
        args = [self.check(a, ctx) for a in node.args]
        bad = next((a for a in args if is_error(a)), None)
        if bad is not None:
            return bad
        if f in ("dx", "dy"):
            if args[0].type != T.enum(DIRECTION):
                return self.error(node.args[0], "WG301", f"{f} needs a direction, not {show_type(args[0].type)}")
            return make("call", T.INT, args[0], name=f)
        cell = args[0]
        if cell.type.kind != "entity" or cell.type.name not in self.scope.grids:
            grids = ", ".join(sorted(self.scope.grids)) or "none is declared: entity cell grid(W, H)"
            return self.error(node.args[0], "WG301", f"{f} needs a cell of a grid entity ({grids}), not {show_type(cell.type)}")
        if f == "neighbours":
            return make("grid", T.set_of(cell.type), cell, name="neighbours", value=cell.type.name)
        if args[1].type != T.enum(DIRECTION):
            return self.error(node.args[1], "WG301", f"step goes towards a direction (north, east, south, west), not {show_type(args[1].type)}")
        if len(args) == 3 and args[2].type.kind != "int":
            return self.error(node.args[2], "WG301", f"the number of steps must be an int, not {show_type(args[2].type)}")
        return make("grid", cell.type, *args, name="step", value=cell.type.name)
