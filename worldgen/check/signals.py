"""Checking signals and build-time numbers: rewards, horizon, expectations and requirements.

Numbers here may be expressions over params and consts (``horizon 2 * n``, ``within 2^n - 1``,
``reward 1 - d / 19``); a literal stays a literal in the IR, so scaffolds that use only literals
keep exactly the IR they always had. Expressions are resolved, and range-checked, per world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from worldgen.check.exprs import ExprChecker, did_you_mean
from worldgen.check.nodes import is_error, show_type
from worldgen.check.payments import amount_fields
from worldgen.check.scope import Ctx, Scope, Symbol
from worldgen.check.templates import check_template
from worldgen.errors import DiagnosticSink
from worldgen.ir.limits import HORIZON_REASON, MAX_HORIZON
from worldgen.ir.models import Expect, Expr, Require, Reward, Type
from worldgen.syntax import ast


@dataclass
class SignalChecker:
    sink: DiagnosticSink
    scope: Scope
    exprs: ExprChecker
    arg_types: Callable[[str], dict[str, Type] | None]  # an action's argument types, by action name

    def reward(self, d: ast.RewardDecl) -> Reward:
        fields: dict[str, object] = {"kind": d.kind, "line": d.span.line}
        if d.kind != "on":
            fields.update(amount_fields(self.exprs, d))
        if d.kind == "when":
            fields["cond"] = self.exprs.check_bool(d.cond, Ctx("rule"), "a reward condition")  # type: ignore[arg-type]
        elif d.kind == "on":
            types = self.arg_types(str(d.action))
            if types is None:
                self.sink.error("WG217", f"no action named '{d.action}'" + did_you_mean(str(d.action), list(self.scope.actions)), d.action_span or d.span)
            fields["action"] = d.action
            ctx = Ctx("rule")
            for name, t in (types or {}).items():
                ctx = ctx.bind(Symbol(name, "arg", t, d.span))
            fields.update(amount_fields(self.exprs, d, ctx))
            if d.cond is not None:
                fields["cond"] = self.exprs.check_bool(d.cond, ctx, "a reward condition")
        elif d.kind == "each":
            domain = self.exprs.check(d.domain, Ctx("rule"))  # type: ignore[arg-type]
            if not is_error(domain) and (domain.op != "all" or domain.type.elem is None):
                self.sink.error("WG301", f"'reward ... for each' ranges over an entity or an enum (one payment each), "
                                f"not {show_type(domain.type)}", d.domain.span)  # type: ignore[union-attr]
            elif not is_error(domain):
                inner = Ctx("rule").bind(Symbol(str(d.var), "local", domain.type.elem, d.span))  # type: ignore[arg-type]
                fields.update(var=d.var, domain=domain, cond=self.exprs.check_bool(d.cond, inner, "a reward condition"))  # type: ignore[arg-type]
        return Reward(**fields)  # type: ignore[arg-type]

    def steps(self, node: ast.Expr, what: str, least: int) -> tuple[int, Expr | None]:
        """A step count: (the number, None) when literal, else (``least``, its expression)."""
        e = self.exprs.check_int(node, Ctx("static"), what)
        if e.op == "lit" and isinstance(e.value, int):
            if not least <= e.value <= MAX_HORIZON:
                why = f" ({HORIZON_REASON})" if e.value > MAX_HORIZON else ""
                self.sink.error("WG410", f"{what} must be in {least}..{MAX_HORIZON:_}, not {e.value}{why}", node.span)
            return max(least, min(e.value, MAX_HORIZON)), None
        return least, (None if is_error(e) else e.model_copy(update={"line": node.span.line}))  # named when out of range

    def expects(self, decls: list[ast.ExpectDecl], goal: bool) -> list[Expect]:
        """``goal``: every world has a `done` (the base's, or one in each alternative of an axis)."""
        out = []
        for d in decls:
            if d.kind == "solvable" and not goal:
                self.sink.error("WG411", "'expect solvable' needs a goal: add 'done when <condition>' (to the world, or "
                                "to every alternative of an axis)", d.span)
            fields: dict[str, object] = {"observing": d.observing}
            if d.within is not None:
                within, expr = self.steps(d.within, "'solvable within'", 0)
                fields.update({"within_expr": expr} if expr is not None else {"within": within})
            if d.margin is not None:
                fields["margin"] = self.margin(d.margin)
            out.append(Expect(kind=d.kind, line=d.span.line, **fields))  # type: ignore[arg-type]
        return out

    def margin(self, node: ast.Expr) -> float:
        """`beats ... by M`: a literal share of the best return, 0 <= M <= 1."""
        value = node.value if isinstance(node, ast.Num) else None
        if value is None or not 0 <= value <= 1:
            self.sink.error("WG410", "'beats ... by' takes a share of the best return between 0 and 1, e.g. by 0.1", node.span)
            return 0.0
        return float(value)

    def require(self, d: ast.RequireDecl) -> Require:
        cond = self.exprs.check_bool(d.cond, Ctx("rule"), "a requirement")
        message = check_template(self.exprs, d.message, Ctx("rule")) if d.message is not None else None
        return Require(cond=cond, message=message, line=d.span.line)
