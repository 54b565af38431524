"""A `def` inside an axis alternative: it replaces the world's `def` of that name in the worlds
that draw the alternative (a hint variant changes one helper, not every action that calls it).

An override must fit every place the world's def is already used, because those uses were
checked once against the world's def: the same argument names and types, a result the world's def
could give, and no state read where the world's def reads none (it may be used while the world is
built). Its body sees only the defs declared above the world's def, so an override can never call
back into itself through a later def.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from worldgen.check.exprs import ExprChecker, did_you_mean
from worldgen.check.nodes import show_type
from worldgen.check.scope import FunctionSig
from worldgen.errors import DiagnosticSink
from worldgen.ir.models import ActionParam, Function, Type
from worldgen.syntax import ast

CODE = "WG430"


def check_override(
    sink: DiagnosticSink, exprs: ExprChecker, d: ast.FuncDecl, resolve: Callable[[ast.TypeExpr], Type | None]
) -> Function | None:
    """The checked replacement for the world's def ``d.name``; None (reported) when it does not fit.

    ``resolve`` turns a written argument type into a type (reporting unknown ones)."""
    functions = exprs.scope.functions
    base = functions.get(d.name)
    if base is None:
        sink.error(CODE, f"an alternative's def replaces a def of the world, and there is no def '{d.name}'"
                   + did_you_mean(d.name, list(functions)), d.span)
        return None
    params = [(ActionParam(name=p.name, type=t), p) for p in d.params if (t := resolve(p.type)) is not None]
    if len(params) != len(d.params):
        return None
    if tuple(p for p, _ in params) != base.ir.params:
        sink.error(CODE, f"def '{d.name}' must take the arguments of the world's def (line {base.ir.line}): "
                   f"({_signature(base)})", d.span)
        return None
    earlier = dict(list(functions.items())[: list(functions).index(d.name)])
    later = next((c for c in _calls(d.body) if c.func in functions and c.func not in earlier), None)
    if later is not None:
        sink.error(CODE, f"def '{d.name}' may only call defs declared above the world's def (line {base.ir.line}), "
                   f"and '{later.func}' is not one of them", later.span)
        return None
    exprs.scope.functions = earlier
    try:
        sig = exprs.declare_function(d, params, base.result)
    finally:
        exprs.scope.functions = functions
    if sig is None:
        return None
    if sig.reads_state and not base.reads_state:
        sink.error(CODE, f"def '{d.name}' reads the state, but the world's def (line {base.ir.line}) does not, "
                   "so it may be used while the world is built; make both read it or neither", d.span)
        return None
    return sig.ir


def _signature(sig: FunctionSig) -> str:
    return ", ".join(f"{p.name}: {_written(p.type)}" for p in sig.ir.params)


def _written(t: Type) -> str:
    """A type as it is written, where that is short (an int argument's literal range)."""
    lo, hi = t.lo, t.hi
    if t.kind == "int" and lo is not None and hi is not None and lo.op == hi.op == "lit":
        return f"int in {lo.value}..{hi.value}"
    return show_type(t)


def _calls(node: object) -> Iterator[ast.Call]:
    """Every call in an expression, nested ones included."""
    return (item for item in ast.walk(node) if isinstance(item, ast.Call))
