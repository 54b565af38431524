"""A guard ``any(v: D, arg == F(v) and ...)``: scan only the bindings whose argument is one of the F(v).

``action term(n: int in 1200..1299) "kill {n}" { when up(n) ... }`` with ``def up(n) = any(p:
alive, pid(p) == n)`` mixes the argument and the state, so every state tried all hundred pids
(and ``kill -SIG n``, fifteen signals times a hundred pids), each running ``up`` over every live
process: the processes chore explored ~3,600 states a second. The pids ``up`` can accept in a
state are ``{pid(p) for p in alive}``, a handful; the scan tries the bindings with those values,
found in a table by value (like ``guards.Lookup``), in binding order.

Exactness: the ``any`` must be the guard's first conjunct (directly or as the body of the ``def``
called there, through ``def``s that call ``def``s) and ``arg == F(v)`` the first conjunct of its
condition, F and D reading no argument. A binding left out then has an argument equal to no
F(v), so its guard computes D and each F(v), exactly as the set of keys did, compares, and is
false without meeting anything else. If computing the keys raises a rule error, every live
binding is scanned, and the guards meet the error where they always did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from worldgen.codegen.inlining import BINDERS
from worldgen.codegen.intervals import Binding, ByValue, conjuncts
from worldgen.codegen.names import RULE_ERRORS, Compiler, ident
from worldgen.ir.models import Expr, Function

MAX_UNFOLD = 8  # defs calling defs followed from the guard to the `any`


@dataclass(frozen=True)
class Among(ByValue):
    var: str  # the variable the `any` binds
    domain: Expr  # D
    key: Expr  # F(v)

    def source(self, ai: int, x: Compiler) -> str:
        """The scan's bindings in generated code: ``_among(X{ai}, L{ai}, lambda: {F for v in D})``."""
        return f"_among(X{ai}, L{ai}, lambda: {{{x.expr(self.key)} for l_{ident(self.var)} in {x.domain(self.domain)}}})"


def among(params: Sequence[str], first: Expr, reads_args: Callable[[Expr], bool],
          functions: dict[str, Function]) -> Among | None:
    """The `Among` of a scanned guard whose first conjunct is ``first``, if it has that shape."""
    e, mapping = first, {}
    for _ in range(MAX_UNFOLD):
        if e.op != "fn" or e.name not in functions:
            break
        f = functions[str(e.name)]
        args = [_substitute(a, mapping) for a in e.args]
        if any(a is None for a in args):
            return None
        mapping = {p.name: a for p, a in zip(f.params, args)}
        e = f.body
    if e.op != "quant" or e.name != "any":
        return None
    var, domain = str(e.value), _substitute(e.args[0], mapping)
    inner = {k: v for k, v in mapping.items() if k != var}  # the `any` rebinds its own name
    test = conjuncts(e.args[1])[0]
    if domain is None or test.op != "cmp" or test.name != "==" or reads_args(domain):
        return None
    for side, other in (test.args, test.args[::-1]):
        arg, key = _substitute(side, inner), _substitute(other, inner)
        if (arg is not None and key is not None and arg.op == "arg" and arg.name in params
                and not reads_args(key)):
            return Among(list(params).index(str(arg.name)), var, domain, key)
    return None


def _substitute(e: Expr, mapping: dict[str, Expr]) -> Expr | None:
    """``e`` with the locals named in ``mapping`` replaced; None if ``e`` binds a name itself (a
    replaced name could then mean its own variable)."""
    if e.op in BINDERS:
        return None
    if e.op == "local" and e.name in mapping:
        return mapping[str(e.name)]
    if not e.args:
        return e
    args = [_substitute(a, mapping) for a in e.args]
    if any(a is None for a in args):
        return None
    return e.model_copy(update={"args": tuple(args)})  # type: ignore[arg-type]


def _among(table: dict[Any, tuple[Binding, ...]], live: tuple[Binding, ...],
           keys: Callable[[], set[Any]]) -> Sequence[Binding]:
    """The bindings whose argument is one of ``keys()``, in binding order (all live ones if
    computing the keys raises a rule error)."""
    try:
        wanted = keys()
    except RULE_ERRORS:
        return live
    groups = [table[k] for k in wanted if k in table]
    if len(groups) <= 1:
        return groups[0] if groups else ()
    return sorted(chain.from_iterable(groups), key=_index)


def _index(binding: Binding) -> int:
    return binding[2]


AMONG_HELPERS = {"_among": _among}
