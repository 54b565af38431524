"""Checking Language 3's comprehensions and fixpoints (mixed into ExprChecker).

- ``filter(a: A, b: B, cond)``: the relation of the pairs that satisfy ``cond``, the two-variable
  twin of ``filter(x: S, cond)``, so a layout is built from a predicate instead of drawn and rejected;
- ``map(k: K, expr)``: the map giving every ``k`` the value ``expr`` (a map has a value for every
  key, so ``k`` ranges over the whole entity or enum);
- ``closure(x, d -> e: cond)``: what steps ``d -> e`` that satisfy ``cond`` reach from ``x`` (an
  element or a set), a fixpoint whose condition may read the state (a flood fill in one line).
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

MAP_VALUES = ("bool", "int", "entity", "enum", "set", "list", "map")


class ComprehensionChecks:
    """``filter`` over pairs, ``map(k: K, e)`` and ``closure(x, d -> e: c)``."""

    def _finite_domain(self: ExprChecker, node: ast.Expr, ctx: Ctx, func: str) -> Expr:
        """An entity, an enum or a set of them: what a relation's side ranges over."""
        d = self.check(node, ctx)
        if is_error(d):
            return d
        if d.type.kind != "set" or d.type.elem is None or not T.is_finite_domain(d.type.elem):
            return self.error(node, "WG301", f"'{func}' over pairs ranges over an entity, an enum or a set of them, "
                              f"not {show_type(d.type)}")
        return d

    def _pairquantifier(self: ExprChecker, node: ast.PairQuantifier, ctx: Ctx) -> Expr:
        if node.func != "filter":
            return self.error(node, "WG205", f"'{node.func}' takes one variable; only filter ranges over pairs: "
                              "filter(a: A, b: B, cond) is the relation of the pairs that satisfy cond")
        if node.var == node.var2:
            return self.error(node, "WG213", f"filter over pairs binds '{node.var}' twice; name the two sides apart")
        left = self._finite_domain(node.domain, ctx, node.func)
        right = self._finite_domain(node.domain2, ctx, node.func)
        if is_error(left) or is_error(right):
            return left if is_error(left) else right
        a, b = left.type.elem, right.type.elem
        assert a is not None and b is not None
        inner = ctx.bind(Symbol(node.var, "local", a, node.span)).bind(Symbol(node.var2, "local", b, node.span))
        body = self.check_bool(node.body, inner, "the condition of 'filter'")
        if is_error(body):
            return body
        return make("relcomp", T.rel_of(a, b), left, right, body, name=node.var, value=node.var2).model_copy(
            update={"line": node.span.line})

    def map_comprehension(self: ExprChecker, node: ast.Quantifier, ctx: Ctx) -> Expr:
        """``map(k: K, expr)``: one value per key of the whole entity or enum ``K``."""
        if node.extra is not None:
            return self.error(node.extra, "WG303", "map(k: K, value) takes a key and one value")
        domain = self.check(node.domain, ctx)
        if is_error(domain):
            return domain
        if domain.op != "all" or domain.type.elem is None:
            return self.error(node.domain, "WG301", "a map has a value for every key, so map(k: K, ...) ranges over a "
                              f"whole entity or enum, not {show_type(domain.type)}",
                              "for some keys only, write map(k: K, if k in S then ... else ...)")
        body = self.check(node.body, ctx.bind(Symbol(node.var, "local", domain.type.elem, node.span)))
        if is_error(body):
            return body
        if body.type.kind not in MAP_VALUES:
            return self.error(node.body, "WG306", "map values may be bools, ints, entities, enum values, sets, lists "
                              f"or maps, not {show_type(body.type)}")
        return make("mapcomp", T.map_of(domain.type.elem, body.type), domain, body, value=node.var)

    def _fixpoint(self: ExprChecker, node: ast.Fixpoint, ctx: Ctx) -> Expr:
        if node.func != "closure":
            return self.error(node, "WG205", f"'{node.func}(x, d -> e: cond)' is not a fixpoint; write closure(x, d -> e: cond)")
        start = self.check(node.start, ctx)
        if is_error(start):
            return start
        elem = start.type.elem if start.type.kind == "set" else start.type
        if elem is None or not T.is_finite_domain(elem):
            return self.error(node.start, "WG301", "closure starts from an entity or enum value or a set of them, "
                              f"not {show_type(start.type)}")
        inner = ctx.bind(Symbol(node.var, "local", elem, node.span)).bind(Symbol(node.var2, "local", elem, node.span))
        body = self.check_bool(node.body, inner, "the condition of a closure step")
        if is_error(body):
            return body
        return make("fixpoint", T.set_of(elem), start, body, name=node.var, value=node.var2).model_copy(
            update={"line": node.span.line})
