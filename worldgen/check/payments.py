"""Reward amounts read from the state: ``reward (payout()) when over``, ``reward (n / 10) on bet``.

A pay-once ``reward R when C`` reads R in the state where C first holds; ``reward R on A [when C]``
reads R as A starts, with A's arguments bound, as C is. Amounts of ``per step`` and ``for each``
rewards stay numbers known when the world is built: a per-step amount is what the returns bound
and the "doing nothing" baseline multiply by the horizon, and ``for each`` pays one amount per value.

An amount that only uses params, consts and numbers stays ``amount``/``amount_expr`` in the IR, so
scaffolds that do not read the state keep exactly the IR they had; one that reads the state (or an
action's arguments) is ``live_amount``, computed by the rules (codegen/payments.py).
"""

from __future__ import annotations

from worldgen.check.exprs import ExprChecker
from worldgen.check.functions import reads_state
from worldgen.check.nodes import is_error
from worldgen.check.scope import Ctx
from worldgen.ir.models import Expr
from worldgen.syntax import ast

LIVE_KINDS = ("when", "on")  # the rewards whose amount may read the state


def amount_fields(exprs: ExprChecker, d: ast.RewardDecl, on_ctx: Ctx | None = None) -> dict[str, object]:
    """The Reward fields of ``d``'s amount: ``amount`` (a number), ``amount_expr`` (params and
    consts, resolved per world) or ``live_amount`` (read from the state as it is paid); ``on_ctx``
    binds an `on` reward's action arguments."""
    ctx = Ctx("pay", on_ctx.locals if on_ctx else ()) if d.kind in LIVE_KINDS else None
    e = exprs.check_number(d.amount, "a reward amount", ctx)
    if is_error(e):
        return {}
    if _live(e, exprs):
        return {"live_amount": e}
    if e.op == "lit" and isinstance(e.value, (int, float)) and not isinstance(e.value, bool):
        return {"amount": float(e.value)}
    return {"amount_expr": e}


def _live(e: Expr, exprs: ExprChecker) -> bool:
    return reads_state(e, exprs.scope.functions) or _has_arg(e)


def _has_arg(e: Expr) -> bool:
    return e.op == "arg" or any(_has_arg(a) for a in e.args)
