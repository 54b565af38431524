"""Reward amounts read from the state (check/payments.py), as generated code.

``pay_{i}(s)`` is the amount of the ``i``-th `reward when` in the state where its condition first
holds; an `on` reward's amount joins its action's ``bonus_{ai}(s, *args)``, read as the action
starts. Either goes through ``_reward``, so an amount outside ±MAX_REWARD (or not a number) is a
rule error, never an infinite or NaN return. The model checker reads the same functions over the
explored states (verify/arrays.py), so its returns are the runtime's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from worldgen.codegen.exprs import ExprCompiler
from worldgen.codegen.names import RuleError
from worldgen.ir.limits import MAX_REWARD
from worldgen.ir.models import Reward, Scaffold

if TYPE_CHECKING:
    from worldgen.codegen.emitter import Emitter


def _reward(v: Any, line: int) -> float:
    v = float(v)
    if not (math.isfinite(v) and abs(v) <= MAX_REWARD):
        raise RuleError(f"the reward at line {line} would pay {v:g}; an amount must be within "
                        f"-{MAX_REWARD:_}..{MAX_REWARD:_}")
    return v


PAYMENT_HELPERS = {"_reward": _reward}


def bonus_rewards(rules: Scaffold, action: str) -> list[Reward]:
    """The `reward on` declarations of ``action`` that the rules compute per step: those with a
    condition or an amount read from the state (the others are one number per action)."""
    return [r for r in rules.rewards if r.kind == "on" and r.action == action and (r.cond is not None or r.live_amount is not None)]


def bonus_term(x: ExprCompiler, r: Reward, static: str) -> str:
    """One `reward on`'s share of a bonus: ``static`` names its amount when it is a number."""
    paid = static if r.live_amount is None else f"_reward({x.expr(r.live_amount)}, {r.line})"
    return paid if r.cond is None else f"({paid} if {x.expr(r.cond)} else 0.0)"


def emit_pays(em: Emitter) -> None:
    """``pay_{i}(s)`` for each `reward when` (numbered among them) whose amount reads the state."""
    for i, r in enumerate(r for r in em.rules.rewards if r.kind == "when"):
        if r.live_amount is not None:
            em.emit(0, f"def pay_{i}(s): return _reward({em.x.expr(r.live_amount)}, {r.line})")


LivePay = tuple[int, int, Callable[[Any], float]]  # (pay-once bit, line, its amount in a state)


def live_pays(rules: Scaffold, env: dict[str, Any]) -> tuple[LivePay, ...]:
    """The `reward when`s whose amount reads the state, with the functions that read it."""
    whens = [r for r in rules.rewards if r.kind == "when"]
    return tuple((i, r.line, env[f"pay_{i}"]) for i, r in enumerate(whens) if r.live_amount is not None)
