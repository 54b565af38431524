"""Int arguments bounded by the state: the scan tries only the values a guard's bounds leave.

A guard such as ``when n >= low and n <= coins`` over ``n: int in 0..99_999`` admits, in each
state, the values between two reads of the state; trying all 100,000 bindings to keep a handful
made exploration cost the argument's range. The conjuncts of the leading scanned guards of the
forms ``arg OP E`` or ``E OP arg`` (OP one of ``< <= > >=``), where E is an int built from plain
reads (state variables, params, consts, literals) with ``+``, ``-`` and negation (nothing that
can fail), bound the argument below and above (``Interval``). The
scan then takes, from the bindings in the order it lists them, those whose argument lies within
the bounds: bisected per run of bindings sharing the arguments before it, so the order is kept.
The guards still run on every binding taken: the bounds only skip bindings they would refuse.
Conjuncts that bound nothing (``arg != E``, a bound read through a function) are left to the
scan; ``arg == E`` is looked up by value instead (``guards.Lookup``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from worldgen.codegen.names import Compiler
from worldgen.ir.models import Action, Expr

Bound = tuple[Expr, int]  # E + k
Binding = tuple[tuple[Any, ...], str, int]  # (arguments and precomputed lets, command, id)
Block = tuple[list[Any], tuple[Binding, ...]]  # one sorted run: the argument's values, the bindings

PLAIN = {"state", "param", "const", "lit", "member"}
# arg OP E  ->  (lower or upper bound, offset to E)
_ARG_FIRST = {">=": ("lower", 0), ">": ("lower", 1), "<=": ("upper", 0), "<": ("upper", -1)}
_ARG_LAST = {"<=": ("lower", 0), "<": ("lower", 1), ">=": ("upper", 0), ">": ("upper", -1)}


def conjuncts(e: Expr) -> list[Expr]:
    """The operands of a chain of ``and``, in written order."""
    return conjuncts(e.args[0]) + conjuncts(e.args[1]) if e.op == "and" else [e]


def plain_int(e: Expr) -> bool:
    """An int computed from plain reads with + and -: reading it can neither fail nor depend on
    the command's arguments."""
    if e.type.kind != "int":
        return False
    if e.op in PLAIN:
        return True
    if e.op == "arith" and e.name in ("+", "-") or e.op == "neg":
        return all(plain_int(a) for a in e.args)
    return False


@dataclass(frozen=True)
class Interval:
    """Argument ``arg`` (its position) lies within ``max(lower)..min(upper)`` (each ``E + k``;
    a side without bounds is open) whenever the guards hold."""

    arg: int
    lower: tuple[Bound, ...]
    upper: tuple[Bound, ...]

    def table(self, bindings: Sequence[Binding]) -> tuple[Block, ...]:
        return sorted_runs(bindings, self.arg)

    def source(self, ai: int, x: Compiler) -> str:
        """The scan's bindings in generated code: ``_within(X{ai}, lo, hi)``."""
        def side(bounds: tuple[Bound, ...], pick: str) -> str:
            terms = [x.expr(e) if k == 0 else f"({x.expr(e)} + {k})" for e, k in bounds]
            return "None" if not terms else terms[0] if len(terms) == 1 else f"{pick}({', '.join(terms)})"
        return f"_within(X{ai}, {side(self.lower, 'max')}, {side(self.upper, 'min')})"


def interval(action: Action, leading: Sequence[Expr]) -> Interval | None:
    """The bounds the ``leading`` scanned guards put on one int argument (the first argument
    bounded on both sides, else the first bounded at all); None when none is bounded."""
    params = [q.name for q in action.params]
    found: dict[int, tuple[list[Bound], list[Bound]]] = {}
    for cond in (c for guard in leading for c in conjuncts(guard)):
        for arg, side, e, k in _bounds(cond):
            if arg.name in params and action.params[params.index(str(arg.name))].type.kind == "int":
                lower, upper = found.setdefault(params.index(str(arg.name)), ([], []))
                (lower if side == "lower" else upper).append((e, k))
    if not found:
        return None
    best = min(found, key=lambda p: (not (found[p][0] and found[p][1]), p))
    return Interval(best, tuple(found[best][0]), tuple(found[best][1]))


def _bounds(cond: Expr) -> list[tuple[Expr, str, Expr, int]]:
    """(argument, side, E, k) for the bound ``cond`` puts on an argument, if any."""
    if cond.op == "cmp" and cond.name in _ARG_FIRST:
        a, b = cond.args
        if a.op == "arg" and plain_int(b):
            side, k = _ARG_FIRST[str(cond.name)]
            return [(a, side, b, k)]
        if b.op == "arg" and plain_int(a):
            side, k = _ARG_LAST[str(cond.name)]
            return [(b, side, a, k)]
    return []


def by_value(bindings: Sequence[Binding], arg: int) -> dict[Any, tuple[Binding, ...]]:
    """The bindings grouped by the value of argument ``arg``, each group in binding order."""
    out: dict[Any, list[Binding]] = {}
    for binding in bindings:
        out.setdefault(binding[0][arg], []).append(binding)
    return {value: tuple(group) for value, group in out.items()}


@dataclass(frozen=True)
class ByValue:
    """A scan whose bindings are found in a table by the value of one argument (``guards.Lookup``,
    ``among.Among``)."""

    arg: int  # the argument's position in the action's parameters

    def table(self, bindings: Sequence[Binding]) -> dict[Any, tuple[Binding, ...]]:
        return by_value(bindings, self.arg)


def sorted_runs(bindings: Sequence[Binding], arg: int) -> tuple[Block, ...]:
    """The bindings cut into maximal runs that share the arguments before ``arg`` and list it in
    increasing order (one run per combination of those arguments, as the scan lists them)."""
    runs: list[tuple[tuple[Any, ...], list[Any], list[Binding]]] = []
    for b in bindings:
        prefix, value = b[0][:arg], b[0][arg]
        if not runs or runs[-1][0] != prefix or runs[-1][1][-1] >= value:
            runs.append((prefix, [], []))
        runs[-1][1].append(value)
        runs[-1][2].append(b)
    return tuple((values, tuple(group)) for _, values, group in runs)


def within(runs: tuple[Block, ...], lo: int | None, hi: int | None) -> Sequence[Binding]:
    """The bindings whose argument lies in ``lo..hi`` (None: unbounded), in scan order."""
    out: list[Binding] = []
    for values, group in runs:
        start = 0 if lo is None else bisect_left(values, lo)
        stop = len(values) if hi is None else bisect_right(values, hi)
        if start < stop:
            if len(runs) == 1:
                return group[start:stop]
            out += group[start:stop]
    return out
