"""User functions: ``def name(a: T, ...) [: R] = body`` (mixed into ExprChecker).

A function is pure and non-recursive: its body sees its arguments, params, consts, the state
and functions declared above it, so calls always terminate. Calls stay calls in the IR.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.check.nodes import is_error, make, show_type
from worldgen.check.scope import Ctx, FunctionSig
from worldgen.ir import types as T
from worldgen.ir.models import ActionParam, Expr, Function, Type
from worldgen.syntax import ast

if TYPE_CHECKING:
    from worldgen.check.exprs import ExprChecker

BUILDING = ("init", "static", "count", "amount")  # where the state does not exist yet
FRACTIONAL = ("amount", "pay")  # where numbers may be fractions: reward amounts (`pay`: those that read the state)


class FunctionChecks:
    def declare_function(self: ExprChecker, d: ast.FuncDecl, params: list[tuple[ActionParam, ast.ActionParam]],
                         result: Type | None) -> FunctionSig | None:
        """Check a function body with its typed arguments bound; returns its signature."""
        from worldgen.check.scope import Symbol

        ctx = Ctx("rule")
        for p, raw in params:
            ctx = ctx.bind(Symbol(p.name, "local", p.type, raw.span))
        self.scope.defining = d.name
        try:
            body = self.check(d.body, ctx)
        finally:
            self.scope.defining = None
        if is_error(body):
            return None
        if result is not None and not T.compatible(result, body.type):
            self.error(d.body, "WG301", f"'{d.name}' is declared to give {show_type(result)}, but its body is {show_type(body.type)}")
            return None
        ir = Function(name=d.name, params=tuple(p for p, _ in params), body=body, line=d.span.line)
        return FunctionSig(ir, result or body.type, reads_state(body, self.scope.functions))

    def call_function(self: ExprChecker, node: ast.Call, ctx: Ctx) -> Expr:
        sig = self.scope.functions[node.func]
        params = sig.ir.params
        if len(node.args) != len(params):
            shown = ", ".join(f"{p.name}: {show_type(p.type)}" for p in params)
            return self.error(node, "WG303", f"{node.func}({shown}) takes {len(params)} argument{'s' if len(params) != 1 else ''}, not {len(node.args)}")
        if ctx.where in BUILDING and sig.reads_state:
            return self.error(node, "WG401", f"'{node.func}' reads the state, so it cannot be used while the world is "
                              "being built (in consts, initial values, bounds and amounts)")
        args = []
        for raw, p in zip(node.args, params):
            e = self.expect(raw, ctx, p.type, f"argument '{p.name}' of {node.func}")
            if is_error(e):
                return e
            args.append(e)
        return make("fn", sig.result, *args, name=node.func)


def reads_state(e: Expr, known: dict[str, FunctionSig]) -> bool:
    """Does ``e`` read the state (directly or through a def)?"""
    if e.op == "state" or (e.op == "fn" and known[str(e.name)].reads_state):
        return True
    return any(reads_state(a, known) for a in e.args)
