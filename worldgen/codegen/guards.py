"""The admissible-command scan, split by what each guard depends on.

Listing the admissible commands of a state is the model checker's inner loop: every binding of
every action, every state. Most guards do not need all of that. A guard that reads only the
command's arguments and the world's constants (``when m in allowed``, ``when index(a) < k``) has
the same answer in every state, so it is decided once per binding when the world is built and the
bindings it rules out never reach the scan (an argument ``int in 0..777`` then costs what its
admissible values cost, not its range). A guard that reads only the state (``when tries < limit``)
is decided once per state for the whole action, before its bindings are scanned. Only guards that
mix both are evaluated per binding per state, except that a mixed guard ``arg == E`` (E a plain
read of the state, a param or a const) picks the bindings to scan from a table by E's value
(``Lookup``), so does one starting with ``any(v: D, arg == F(v) ...)``, by the values of F over D
(``among.Among``), and mixed guards bounding an int argument by the state (``n <= coins``) scan only
the values within the bounds (``intervals.Interval``). A ``let`` that reads the arguments and no
state is computed once per binding as the world is built and travels with the binding. Guards
keep their written order within each group; a guard that raises a rule error while the world is
built rules its binding out.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from worldgen.codegen.names import Compiler, ident
from worldgen.codegen.among import Among, among
from worldgen.codegen.intervals import PLAIN, Binding, ByValue, Interval, conjuncts, interval
from worldgen.ir.models import Action, Expr, Function

STATIC, STATE, MIXED = "static", "state", "mixed"
Item = tuple[str, str | None, Expr]  # ("let", name, value) or ("when", None, condition)


def _depends(e: Expr, dynamic: frozenset[str], functions: dict[str, Function], lets: dict[str, set[str]]) -> set[str]:
    """What ``e`` reads: "state" (a variable some action changes) and/or "args" (the command's
    arguments, directly or through a guard's ``let``). Names bound inside ``e`` read nothing."""
    found: set[str] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if x.op == "state" and x.name in dynamic:
            found.add("state")
        elif x.op == "arg":
            found.add("args")
        elif x.op == "local" and x.name in lets:
            found |= lets[str(x.name)]
        elif x.op == "fn" and x.name in functions:
            stack.append(functions[str(x.name)].body)
        stack.extend(x.args)
    return found


def reads_state(e: Expr, dynamic: frozenset[str], functions: dict[str, Function]) -> bool:
    """Can ``e`` have another value in another state (does it read a variable an action changes)?"""
    return "state" in _depends(e, dynamic, functions, {})


def _kind(deps: set[str]) -> str:
    if "state" not in deps:
        return STATIC
    return MIXED if "args" in deps else STATE


def _locals(e: Expr) -> set[str]:
    out: set[str] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if x.op == "local" and x.name is not None:
            out.add(x.name)
        stack.extend(x.args)
    return out


@dataclass(frozen=True)
class GuardPlan:
    """One action's guards, sorted into when they are decided.

    ``static``: once per binding, as the world is built; ``hoisted``: once per state, before the
    scan (state-only guards written before any mixed one, so no error can surface that the written
    order would have kept hidden); ``scan``: per binding per state (lets only where a scanned
    guard needs them)."""

    static: tuple[Item, ...]
    hoisted: tuple[Item, ...]
    scan: tuple[Item, ...]
    lookup: Lookup | Among | Interval | None = None  # how the scan picks its bindings (None: all live ones)
    pre: tuple[str, ...] = ()  # lets that read arguments and no state: computed once per binding

    def loop_vars(self, action: Action) -> str:
        """The target of the scan's ``for``: the arguments, then the precomputed lets."""
        return "(" + "".join(f"a_{ident(q.name)}, " for q in action.params) + "".join(f"l_{ident(n)}, " for n in self.pre) + ")"


@dataclass(frozen=True)
class Lookup(ByValue):
    """The first scanned guard is ``arg == E`` with ``E`` reading no argument: the bindings worth
    scanning are those whose argument equals E's value in this state, found in a table by value
    instead of tried one by one (``amount == due[x]`` over ``amount: int in 0..999`` scans one
    binding, not a thousand). The guard itself still runs, so nothing else changes."""

    key: Expr  # E

    def source(self, ai: int, x: Compiler) -> str:
        """The scan's bindings in generated code: ``X{ai}.get(E, ())``."""
        return f"X{ai}.get({x.expr(self.key)}, ())"


def plan(action: Action, dynamic: frozenset[str], functions: dict[str, Function]) -> GuardPlan:
    items: list[Item] = []
    for g in action.guards:
        items += [("let", name, value) for name, value in g.lets]
        items.append(("when", None, g.cond))
    lets: dict[str, set[str]] = {}
    deps: list[set[str]] = []
    for what, name, e in items:
        found = _depends(e, dynamic, functions, lets)
        if what == "let":
            lets[str(name)] = found
        deps.append(found)
    static = tuple(it for it, d in zip(items, deps) if _kind(d) == STATIC)
    hoisted: list[Item] = []
    scan: list[Item] = []
    mixed_seen = False
    for it, d in zip(items, deps):
        kind = _kind(d)
        mixed_seen = mixed_seen or kind == MIXED
        if it[0] == "let" and not d:  # a let of constants: wherever a guard needs it
            hoisted.append(it)
            scan.append(it)
        elif kind == STATE and not mixed_seen:
            hoisted.append(it)
        elif kind != STATIC or it[0] == "let":
            scan.append(it)
    names = Counter(name for what, name, _ in items if what == "let")
    pre = tuple(str(name) for (what, name, _), d in zip(items, deps) if what == "let" and d == {"args"} and names[name] == 1)
    before = _needed(hoisted)
    known = {name for what, name, _ in before if what == "let"} | set(pre)
    scanned = _needed([it for it in scan if not (it[0] == "let" and it[1] in known)])
    leading = list(itertools.takewhile(lambda it: it[0] == "when", scanned))
    pick = (_lookup(action, scanned, dynamic, functions, lets) or _among(action, scanned, dynamic, functions, lets)
            or interval(action, [e for _, _, e in leading]))
    return GuardPlan(static, before, scanned, pick, pre)


def _lookup(action: Action, scan: tuple[Item, ...], dynamic: frozenset[str], functions: dict[str, Function],
            lets: dict[str, set[str]]) -> Lookup | None:
    """A conjunct ``arg == E`` of the first scanned guard, where E is a plain read (a state
    variable, param, const or literal): reading it before the scan can neither fail
    nor cost anything, whatever the conjuncts before it would have decided."""
    if not scan or scan[0][0] != "when":
        return None
    params = [q.name for q in action.params]
    for cond in conjuncts(scan[0][2]):
        if cond.op != "cmp" or cond.name != "==":
            continue
        for arg, other in (cond.args, cond.args[::-1]):
            if (arg.op == "arg" and arg.name in params and other.op in PLAIN
                    and "args" not in _depends(other, dynamic, functions, lets)):
                return Lookup(params.index(str(arg.name)), other)
    return None


def _among(action: Action, scan: tuple[Item, ...], dynamic: frozenset[str], functions: dict[str, Function],
           lets: dict[str, set[str]]) -> Among | None:
    """The first scanned guard starts with ``any(v: D, arg == F(v) ...)`` (codegen/among.py)."""
    if not scan or scan[0][0] != "when":
        return None
    return among([q.name for q in action.params], conjuncts(scan[0][2])[0],
                 lambda e: "args" in _depends(e, dynamic, functions, lets), functions)


def _needed(scan: list[Item]) -> tuple[Item, ...]:
    """The scanned guards and only the lets they (transitively) read."""
    need: set[str] = set()
    out: list[Item] = []
    for what, name, e in reversed(scan):
        if what == "when" or name in need:
            need |= _locals(e)
            out.append((what, name, e))
    return tuple(reversed(out))


def live(static: Callable[..., tuple[Any, ...] | None], bindings: tuple[Binding, ...],
         errors: tuple[type[Exception], ...]) -> tuple[Binding, ...]:
    """The bindings whose static guards hold (a guard raising a rule error rules it out), each
    with its precomputed lets (what ``static`` returns) after its arguments."""
    out = []
    for args, command, index in bindings:
        try:
            lets = static(*args)
        except errors:
            continue
        if lets is not None:
            out.append((args + lets, command, index))
    return tuple(out)
