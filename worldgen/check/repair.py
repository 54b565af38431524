"""Checking ``until(x: START, COND, STEP)``, the build-time repair loop (mixed into ExprChecker).

A draw that breaks a structural rule used to be rejected by a ``require`` and drawn again, which
costs a whole world build per failure (and loses seeds when every draw fails). ``until`` mends
the draw instead: ``x`` starts as START and becomes STEP (which may draw again, or move one
piece) until COND holds, at most MAX_REPAIRS times; a loop that never gets there is a build
error naming its line, not a hang.
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


class RepairChecks:
    def repair_loop(self: ExprChecker, node: ast.Quantifier, ctx: Ctx) -> Expr:
        if ctx.where != "init":
            return self.error(node, "WG402", "until(x: START, COND, STEP) repairs a value while the world is built, so it "
                              "may only initialise state or consts; rules run every step")
        if node.extra is None:
            return self.error(node, "WG303", "until takes a start, a condition and a step: until(x: START, COND, STEP)")
        start = self.check(node.domain, ctx)
        if is_error(start):
            return start
        inner = ctx.bind(Symbol(node.var, "local", start.type, node.span))
        cond = self.check_bool(node.body, inner, "the condition of until")
        step = self.check(node.extra, inner)
        if is_error(cond) or is_error(step):
            return cond if is_error(cond) else step
        if not T.compatible(start.type, step.type):
            return self.error(node.extra, "WG301", f"the step of until must give {show_type(start.type)} like its start, "
                              f"not {show_type(step.type)}")
        return make("until", start.type, start, cond, step, value=node.var).model_copy(update={"line": node.span.line})
