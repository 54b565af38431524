"""Warnings about values fixed when a world is built.

A const is computed once, when the world is built, so a const that reads a state variable takes
that variable's initial value. When the rules change the variable, the const keeps the old value:
valid, but more often a `def` (evaluated each time it is used) was meant, and nothing else would
tell the author. A const an invariant reads is a deliberate snapshot of the start (the total a
conservation law keeps) and is not warned about.
"""

from __future__ import annotations

from typing import Any

from worldgen.errors import DiagnosticSink, Span
from worldgen.ir.assigned import dynamic_under_any_axis
from worldgen.ir.models import Expr, Scaffold
from worldgen.syntax import ast


def warn_consts_reading_changing_state(world: ast.World, ir: Scaffold, sink: DiagnosticSink) -> None:
    """WG501 at the first read, in each const no invariant reads, of a state variable some rule assigns."""
    changing = set(dynamic_under_any_axis(ir))
    snapshots = {name for inv in ir.invariants for name in _reads(inv.cond, "const")}
    inits = {c.name: c.init for c in ir.consts}
    for d in world.decls:
        if not isinstance(d, ast.ConstDecl) or d.name not in inits or d.name in snapshots:
            continue
        read = next((name for name in _reads(inits[d.name], "state") if name in changing), None)
        if read is not None:
            sink.warn("WG501", f"const '{d.name}' reads '{read}' when the world is built and keeps that first value, "
                      f"while the rules change '{read}'; for the value at each step, write `def {d.name}() = ...` "
                      f"and use {d.name}()", _first_name(d.value, read) or d.span)


def _reads(e: Expr, op: str) -> list[str]:
    """The names ``e`` reads through nodes ``op`` ("state" variables, "const"s), in order."""
    own = [str(e.name)] if e.op == op else []
    return own + [name for arg in e.args for name in _reads(arg, op)]


def _first_name(node: Any, name: str) -> Span | None:
    """Where ``name`` is first written inside an AST node (for the caret)."""
    return next((item.span for item in ast.walk(node) if isinstance(item, ast.Name) and item.id == name), None)
