"""Code for ``until(x: START, COND, STEP)`` (mixed into ExprCompiler) and the loop it calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from worldgen.codegen.comprehensions import local_name
from worldgen.codegen.names import Compiler, RuleError
from worldgen.ir.models import Expr

MAX_REPAIRS = 1_000  # steps of one until: a repair that needs more is a scaffold mistake, reported


def _until(value: Any, done: Callable[[Any], bool], step: Callable[[Any], Any], line: int) -> Any:
    """Apply ``step`` until ``done`` holds; at most MAX_REPAIRS steps."""
    for _ in range(MAX_REPAIRS):
        if done(value):
            return value
        value = step(value)
    if done(value):
        return value
    raise RuleError(f"until at line {line} did not reach its condition in {MAX_REPAIRS:_} steps; "
                    "check that its step can make the condition true")


REPAIR_HELPERS = {"_until": _until}


class RepairCode:
    def _until(self: Compiler, e: Expr) -> str:
        start, cond, step = e.args
        x = local_name(e.value)
        return f"_until({self.expr(start)}, lambda {x}: {self.expr(cond)}, lambda {x}: {self.expr(step)}, {int(e.line)})"
