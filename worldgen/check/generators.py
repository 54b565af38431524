"""Checking the build-time generators (mixed into ExprChecker): ``sample``, ``shuffle``, ``choice``,
``randint`` and the relation layouts. They draw as a world is built, so only initial values and
consts may call them; a rule that needs chance says ``chance(p)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.check.nodes import is_error, make, show_type
from worldgen.check.scope import Ctx
from worldgen.ir import types as T
from worldgen.ir.models import Expr
from worldgen.syntax import ast

if TYPE_CHECKING:
    from worldgen.check.exprs import ExprChecker

GENERATORS = {
    "sample": "sample(C, n): n distinct elements of the collection C, in random order",
    "shuffle": "shuffle(C): all elements of C in random order (or a map with its values permuted)",
    "choice": "choice(C): one element of C",
    "random_tree": "random_tree(E): a random spanning tree over entity E (symmetric relation)",
    "ring": "ring(E): a random cycle through every E (symmetric relation)",
    "grid": "grid(E, width): E laid out row by row on a grid, linked to its 4 neighbours",
    "random_dag": "random_dag(E, k): each E depends on up to k earlier ones (acyclic relation)",
    "randint": "randint(lo, hi): an int drawn uniformly from lo..hi",
    "maze": "maze(C): a random perfect maze over grid entity C: passages between neighbouring cells (symmetric relation)",
}


class GeneratorChecks:
    def _generator(self: ExprChecker, node: ast.Call, ctx: Ctx) -> Expr:
        if ctx.where != "init":
            return self.error(node, "WG402", f"{node.func}() draws at build time, so it may only initialise "
                              "state or consts; rules run every step and must use chance(p) instead")
        f = node.func
        if f == "maze":
            self._arity(node, 1)
            e = self._entity_arg(node, ctx)
            if not is_error(e) and e.type.elem is not None and e.type.elem.name not in self.scope.grids:
                return self.error(node.args[0], "WG301", f"maze needs a grid entity (entity cell grid(W, H)), not {e.type.elem.name}")
            return make("gen", T.ERROR if is_error(e) else T.rel_of(e.type.elem, e.type.elem), e, name=f)
        if f in ("random_tree", "ring"):
            self._arity(node, 1)
            e = self._entity_arg(node, ctx)
            t = T.ERROR if is_error(e) else T.rel_of(e.type.elem, e.type.elem)
            return make("gen", t, e, name=f)
        if f in ("grid", "random_dag"):
            self._arity(node, 2)
            e = self._entity_arg(node, ctx)
            n = self.check_int(node.args[1], ctx, f"the second argument of {f}") if len(node.args) > 1 else make("lit", T.ERROR)
            t = T.ERROR if is_error(e) else T.rel_of(e.type.elem, e.type.elem)
            return make("gen", t, e, n, name=f)
        if f == "randint":
            self._arity(node, 2)
            args = [self.check_int(a, ctx, "a bound of randint") for a in node.args]
            return make("gen", T.INT, *args, name=f)
        if f == "choice":
            self._arity(node, 1)
            s = self._set_arg(node, 0, ctx, "choice")
            return make("gen", s.type.elem if not is_error(s) and s.type.elem else T.ERROR, s, name=f)
        if f == "shuffle":
            self._arity(node, 1)
            if node.args:
                e = self.check(node.args[0], ctx)
                if not is_error(e) and e.type.kind == "map":
                    return make("gen", e.type, e, name=f)
                if not is_error(e) and e.type.kind == "set" and e.type.elem:
                    return make("gen", T.list_of(e.type.elem), e, name=f)
                if not is_error(e):
                    return self.error(node.args[0], "WG301", f"shuffle needs a set or a map, not {show_type(e.type)}")
            return make("lit", T.ERROR)
        # sample
        self._arity(node, 2)
        s = self._set_arg(node, 0, ctx, "sample")
        n = self.check_int(node.args[1], ctx, "the size of sample") if len(node.args) > 1 else make("lit", T.ERROR)
        t = T.list_of(s.type.elem) if not is_error(s) and s.type.elem else T.ERROR
        return make("gen", t, s, n, name=f)
