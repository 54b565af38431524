"""An invariant whose condition is ``all(x: D, C)`` (nested, or joined by ``and``) runs as loops.

``invariant(s)`` runs once per explored state, and a generator expression costs a frame and a
resume per element: sorting's and hanoi's checkers spent half their exploration in invariants
written as ``all(p: peg, all(i: 1..len(pegs[p]) - 1, ...))``. A ``for`` loop tests the same
elements in the same order and stops at the same first failure, so the invariant's value, and a
rule error raised by one element's test, are the same. A test that compares a ``count`` or an
int ``sum`` (its left operand: evaluated first as written) counts in a loop too
(``all(t: tile, count(i: 0..n - 1, row[i] == t) == 1)``); a real sum keeps Python's ``sum``,
whose rounding is its own. A quantifier the expression compiler writes otherwise (one bitwise
operation over a set, or a value hoisted once per world) keeps that form, and so does a
condition that rebinds a name an enclosing loop binds.
"""

from __future__ import annotations

from worldgen.codegen.names import Compiler, ident
from worldgen.ir.models import Expr

Lines = list[tuple[int, str]]  # (indent, line)


def loop_lines(x: Compiler, cond: Expr, fail: str) -> Lines | None:
    """Lines that run ``fail`` (a statement) when ``cond`` is false, with its ``all``s as loops;
    None when ``cond`` holds no ``all`` to write as one."""
    lines = _lines(x, cond, fail, 0, frozenset())
    return lines if lines is not None and any(line.startswith("for ") for _, line in lines) else None


def _lines(x: Compiler, cond: Expr, fail: str, depth: int, bound: frozenset[str]) -> Lines | None:
    if cond.op == "and":
        left = _lines(x, cond.args[0], fail, depth, bound)
        right = _lines(x, cond.args[1], fail, depth, bound)
        return None if left is None or right is None else left + right
    if cond.op == "quant" and cond.name == "all" and x.expr(cond).startswith("all("):
        name = str(cond.value)
        if name in bound:
            return None
        body = _lines(x, cond.args[1], fail, depth + 1, bound | {name})
        return None if body is None else [(depth, f"for l_{ident(name)} in {x.domain(cond.args[0])}:"), *body]
    if cond.op == "cmp" and cond.args[0].op == "quant" and cond.args[0].type.kind == "int":
        counted = _counted(x, cond.args[0], depth, bound)
        if counted is not None:
            return [*counted, (depth, f"if not (_n{depth} {cond.name} {x.expr(cond.args[1])}): {fail}")]
    return [(depth, f"if not {x.expr(cond)}: {fail}")]


def _counted(x: Compiler, q: Expr, depth: int, bound: frozenset[str]) -> Lines | None:
    """Lines that leave the value of ``q`` (a ``count``, or an int ``sum``, written as a
    generator) in ``_n{depth}``; None for any other shape."""
    name = str(q.value)
    if q.name not in ("count", "sum") or name in bound or not x.expr(q).startswith("sum("):
        return None
    body = x.expr(q.args[1])
    step = f"if {body}: _n{depth} += 1" if q.name == "count" else f"_n{depth} += {body}"
    return [(depth, f"_n{depth} = 0"), (depth, f"for l_{ident(name)} in {x.domain(q.args[0])}:"), (depth + 1, step)]
