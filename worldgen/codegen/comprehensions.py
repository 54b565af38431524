"""Code for Language 3's comprehensions and fixpoints (mixed into ExprCompiler), and the helpers
the generated code calls.

The body of each becomes a lambda of its bound variables, so one helper runs the loop, counts
the work before doing it, and reports work beyond its bound as a rule error naming the line:
at build time that fails the build with a located message, in a rule it refuses the step.
"""

from __future__ import annotations

from collections.abc import Callable
from worldgen.codegen.names import Compiler, RuleError, ident
from worldgen.ir.models import Expr
from worldgen.ir.values import bits

MAX_PAIRS = 1_000_000  # condition tests of one filter over pairs
MAX_CLOSURE_TESTS = 1_000_000  # step tests of one closure: n values, each expanded once, n tests each


def _relof(n: int, left: int, right: int, test: Callable[[int, int], bool], line: int) -> tuple[int, ...]:
    """The relation (one bitmask per left value, ``n`` of them) of the pairs that pass ``test``."""
    pairs = left.bit_count() * right.bit_count()
    if pairs > MAX_PAIRS:
        raise RuleError(f"filter over pairs at line {line} would test {pairs:_} pairs, more than {MAX_PAIRS:_}; "
                        "range over smaller sets")
    rights = bits(right)
    return tuple(sum(1 << b for b in rights if test(a, b)) if left >> a & 1 else 0 for a in range(n))


def _fix(start: int, n: int, source: Callable[[int], bool], step: Callable[[int, int], bool], line: int) -> int:
    """Everything reached from the set ``start`` in one or more steps d -> e, where ``source(d)``
    (the part of the condition that reads only d, tested once per d) and ``step(d, e)`` hold.
    Each value is expanded at most once, so at most n * n tests: that is the bound checked."""
    if n * n > MAX_CLOSURE_TESTS:
        raise RuleError(f"closure at line {line} ranges over {n:_} values and could test {n * n:_} steps, more than "
                        f"{MAX_CLOSURE_TESTS:_}")
    reached, frontier = 0, bits(start)
    while frontier:
        grown = []
        for d in frontier:
            if not source(d):
                continue
            for e in range(n):
                if not reached >> e & 1 and step(d, e):
                    reached |= 1 << e
                    grown.append(e)
        frontier = grown
    return reached


COMPREHENSION_HELPERS = {"_relof": _relof, "_fix": _fix}


def local_name(name: object) -> str:
    """The source name of a bound variable (``ident`` refuses anything but an identifier)."""
    return f"l_{ident(name)}"


class ComprehensionCode:
    """``relcomp``, ``mapcomp`` and ``fixpoint`` nodes -> Python source."""

    def _relcomp(self: Compiler, e: Expr) -> str:
        left, right, body = e.args
        assert e.type.elem is not None
        n = self.ns.const(("count", e.type.elem.name))
        test = f"lambda {local_name(e.name)}, {local_name(e.value)}: {self.expr(body)}"
        return f"_relof({n}, {self.expr(left)}, {self.expr(right)}, {test}, {int(e.line)})"

    def _mapcomp(self: Compiler, e: Expr) -> str:
        assert e.type.elem is not None
        n = self.ns.const(("count", e.type.elem.name))
        return f"tuple({self.expr(e.args[1])} for {local_name(e.value)} in range({n}))"

    def _fixpoint(self: Compiler, e: Expr) -> str:
        start, body = e.args
        assert e.type.elem is not None
        n = self.ns.const(("count", e.type.elem.name))
        mask = self.expr(start) if start.type.kind == "set" else f"(1 << {self.expr(start)})"
        source, step = _split(body, str(e.value))
        d, to = local_name(e.name), local_name(e.value)
        return (f"_fix({mask}, {n}, lambda {d}: {self.expr(source)}, lambda {d}, {to}: {self.expr(step)}, "
                f"{int(e.line)})")


def _conjuncts(e: Expr) -> list[Expr]:
    return _conjuncts(e.args[0]) + _conjuncts(e.args[1]) if e.op == "and" else [e]


def _reads(e: Expr, name: str) -> bool:
    """Does ``e`` read the bound variable ``name`` (a local of that name not rebound inside)?"""
    return (e.op == "local" and e.name == name) or any(_reads(a, name) for a in e.args)


def _split(cond: Expr, to: str) -> tuple[Expr, Expr]:
    """A closure's condition as (the conjuncts that do not read ``to``, the others), each an ``and``
    chain (``true`` when empty): the first is tested once per value stepped from, not once per pair.
    Conjuncts keep their order, so a conjunct that guards another still runs before it."""
    parts = _conjuncts(cond)
    cut = next((i for i, p in enumerate(parts) if _reads(p, to)), len(parts))

    def chain(xs: list[Expr]) -> Expr:
        out = xs[0] if xs else Expr(op="lit", type=cond.type, value=True)
        for x in xs[1:]:
            out = Expr(op="and", type=cond.type, args=(out, x))
        return out

    return chain(parts[:cut]), chain(parts[cut:])
