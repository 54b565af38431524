"""A `for` whose whole body is ``if K(x) == V { ... }``: visit only the elements whose key is V.

``every { for j in job { if arrive(j) == clock { do queue += j } } }`` (the dispatch chore: jobs
arrive on a schedule) tested every job on every step, and the model checker takes that step for
every command of every state it explores, though a job's arrival time is fixed in a world. When
the domain and K read nothing but the world's constants and the loop variable, the elements are
grouped by key once per world, in domain order (``O3 = _memo(lambda: _by_key(lambda l_j: K,
DOMAIN))``), and the loop runs over the group of V's value: the same elements in the same order,
so the body runs as it did (its ``if`` stays, true each time).

Exactness: V reads neither the loop variable nor anything the body assigns, so it has one value
for the whole loop; it is computed once, before the loop, where the first test computed it (the
key beside it cannot fail: every key was computed). With an empty domain V is not computed, and
a rule error while grouping the keys (or a key with no hash) loops over the whole domain as
written, meeting the error where it always did.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from worldgen.codegen.names import RULE_ERRORS, ident
from worldgen.ir.assigned import assigned_names
from worldgen.ir.models import Expr, Function, Stmt

if TYPE_CHECKING:
    from worldgen.codegen.exprs import ExprCompiler


def keyed_domain(st: Stmt, x: ExprCompiler) -> str | None:
    """What the `for` statement ``st`` iterates, as the group of its key's value (source), or
    None when it has another shape."""
    if len(st.then) != 1 or st.domain is None or st.var is None:
        return None
    inner = st.then[0]
    if inner.kind != "if" or inner.otherwise or inner.cond is None:
        return None
    cond = inner.cond
    if cond.op != "cmp" or cond.name != "==":
        return None
    var = st.var
    sides = [(k, v) for k, v in (cond.args, cond.args[::-1]) if _reads(k, var) and not _reads(v, var)]
    if not sides:
        return None
    key, value = sides[0]
    if _state_read(value, x.functions) & assigned_names(inner.then):
        return None
    domain, loop = x.domain(st.domain), f"l_{ident(var)}"
    index = x.hoist(f"_by_key(lambda {loop}: {x.expr(key)}, {domain})")
    if not index.endswith("()"):  # not closed: the keys or the domain read the state or a variable
        return None
    name = f"_ix{index[:-2]}"
    return f"({domain} if not ({name} := {index}) else _group({name}, {x.expr(value)}, {domain}))"


def _reads(e: Expr, var: str) -> bool:
    """Does ``e`` read the local ``var``?"""
    return (e.op == "local" and e.name == var) or any(_reads(a, var) for a in e.args)


def _state_read(e: Expr, functions: dict[str, Function]) -> set[str]:
    """The state variables ``e`` reads, directly or through the defs it calls."""
    found: set[str] = set()
    stack, seen = [e], set()
    while stack:
        x = stack.pop()
        if x.op == "state":
            found.add(str(x.name))
        elif x.op == "fn" and x.name in functions and x.name not in seen:
            seen.add(str(x.name))
            stack.append(functions[str(x.name)].body)
        stack.extend(x.args)
    return found


def _by_key(key: Callable[[Any], Any], domain: Iterable[Any]) -> dict[Any, tuple[Any, ...]] | None:
    """The domain's elements grouped by key, each group in domain order; None when a key fails."""
    groups: dict[Any, list[Any]] = {}
    try:
        for element in domain:
            groups.setdefault(key(element), []).append(element)
    except (*RULE_ERRORS, TypeError):
        return None
    return {k: tuple(v) for k, v in groups.items()}


def _group(index: dict[Any, tuple[Any, ...]], value: Any, domain: Sequence[Any]) -> Sequence[Any]:
    """The elements whose key is ``value`` (the whole domain when ``value`` has no hash)."""
    try:
        return index.get(value, ())
    except TypeError:
        return domain


KEYED_HELPERS = {"_by_key": _by_key, "_group": _group}
