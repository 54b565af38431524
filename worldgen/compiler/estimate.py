"""An upper estimate of a scaffold's states per world, before any world is built.

`worldgen check` uses it to warn that the largest worlds of a scaffold may not fit the model
checker's bound, minutes before `compile` would find out draw by draw. The estimate is the product
of the domain sizes of the *dynamic* state variables (those some effect assigns; the others are
constants of a world), with entity counts and int ranges evaluated at the params that make a world
largest: ints at the top of their range, the bool and choice values that give the largest product.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from worldgen.codegen.exprs import RuleError, WorldTables
from worldgen.ir.assigned import dynamic_under_any_axis
from worldgen.compiler.bounds import scaffold_bounds
from worldgen.compiler.instantiate import entity_size, evaluate, runtime_params, static_compiler
from worldgen.ir.models import Expr, Scaffold, Type


@dataclass(frozen=True)
class Estimate:
    states: int | None  # None: unknown, some ranges are drawn when a world is built (``unknown``)
    params: dict[str, int | bool | str]  # the params of the largest world
    unknown: tuple[str, ...]  # dynamic variables whose range depends on a build-time draw
    bound: int  # the model-checking bound `compile` will use (the scaffold's, else the default)

    @property
    def exceeds_bound(self) -> bool:
        return self.states is not None and self.states > self.bound

    def text(self) -> str:
        shown = (f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in self.params.items())
        at = f" (at {', '.join(shown)})" if self.params else ""
        if self.states is None:
            ranges = "has a range" if len(self.unknown) == 1 else "have ranges"
            return f"estimate: unknown: {', '.join(self.unknown)} {ranges} drawn when a world is built{at}; bound {self.bound}"
        return f"estimate: at most {approx(self.states)} states per world{at}; bound {self.bound}"

    def warning(self) -> str | None:
        if self.states is None or not self.exceeds_bound:
            return None
        return (f"warning: the estimate ({approx(self.states)}) exceeds the model-checking bound ({self.bound}); "
                "a world whose reachable states hit the bound fails `compile`: raise it with `check within N states` "
                "or --max-states, or shrink the params")

    def as_dict(self) -> dict[str, Any]:
        n = self.states
        return {"states": n if n is not None and n < 10**18 else None,  # exact; log10 gives the size beyond
                "log10": None if n is None else round(math.log10(max(n, 1)), 3),
                "params": self.params, "unknown": list(self.unknown), "bound": self.bound,
                "exceeds_bound": self.exceeds_bound}


class Unsized(Exception):
    """A range that depends on a build-time draw (``const k = randint(2, 5)``, ``int in 0..k``)."""


def approx(n: int) -> str:
    """Exact below a million, else two significant digits, rounded up (it is an upper estimate)."""
    if n < 10**6:
        return str(n)
    exp = int(math.log10(n))  # a float: correct it near powers of ten
    exp += (10 ** (exp + 1) <= n) - (10**exp > n)
    head = -(-n // 10 ** (exp - 1))  # 10..100
    if head == 100:
        head, exp = 10, exp + 1
    return f"{head // 10}.{head % 10}e{exp}"


def estimate(ir: Scaffold) -> Estimate:
    """The largest estimate over the combinations of bool and choice params (ints at their top).
    Raises InstantiationError when the largest world cannot be built (a grid 0 cells wide)."""
    types = {v.name: v.type for v in ir.state}
    dynamic = {name: types[name] for name in dynamic_under_any_axis(ir)}
    best: tuple[int, list[str], dict[str, Any]] | None = None
    for params in _largest_params(ir):
        size, unknown = _world_size(ir, params, dynamic)
        if best is None or size > best[0]:
            best = (size, unknown, params)
    assert best is not None  # itertools.product always yields at least one combination
    size, unknown, params = best
    return Estimate(None if unknown else size, params, tuple(unknown), scaffold_bounds(ir).max_states)


def _largest_params(ir: Scaffold) -> list[dict[str, Any]]:
    options = [[p.hi] if p.kind == "int" else [False, True] if p.kind == "bool" else list(p.choices) for p in ir.params]
    return [dict(zip((p.name for p in ir.params), combo)) for combo in itertools.product(*options)]


AT_BUILD = (NameError, KeyError, RuleError)  # a generator or content: known once a world is built; a failing value: reported by the build


def _world_size(ir: Scaffold, params: dict[str, Any], types: dict[str, Type]) -> tuple[int, list[str]]:
    """The product of the domain sizes of ``types`` in the world of ``params``, and the variables
    left out of it because their range is drawn when a world is built."""
    names: dict[str, list[str]] = {}
    grids: dict[str, tuple[int, int]] = {}
    tables = WorldTables(runtime_params(ir, params), names, {e.name: e.members for e in ir.enums}, {}, grids)
    compiler = static_compiler(ir, tables)
    for ent in ir.entities:  # counts use only params and numbers (the checker makes sure)
        n, grid = entity_size(ent, compiler)
        names[ent.name] = [""] * n  # only the count matters here
        if grid is not None:
            grids[ent.name] = grid
    consts: dict[str, Any] = {}
    for c in ir.consts:  # the int and bool consts that follow from the params alone (ranges use them)
        if c.type.kind in ("int", "bool"):
            try:
                consts[c.name] = evaluate(c.init, compiler, consts)
            except AT_BUILD:
                pass

    def value(e: Expr) -> int:
        try:
            return evaluate(e, compiler, consts)
        except AT_BUILD:  # a const left out above
            raise Unsized from None

    total, unknown = 1, []
    for name, t in types.items():
        try:
            total *= _size(t, tables.count, value)
        except Unsized:
            unknown.append(name)
    return total, unknown


def _size(t: Type, count: Callable[[str], int], value: Callable[[Expr], int]) -> int:
    """How many values a state type has: bool 2, an int range hi-lo+1, an entity or enum its
    members, set<E> 2^|E|, map<K,V> |V|^|K|, rel<A,B> 2^(|A|·|B|), list<E> max n: the lists of
    0..n items. (The checker admits no unbounded type in the state: no str, text, bare list or int.)"""
    match t.kind:
        case "bool":
            return 2
        case "int":
            return max(value(t.hi) - value(t.lo) + 1, 0)  # type: ignore[arg-type]
        case "entity" | "enum":
            return count(str(t.name))
        case "set":
            return 2 ** _size(t.elem, count, value)  # type: ignore[arg-type]
        case "map":
            return _size(t.value, count, value) ** _size(t.elem, count, value)  # type: ignore[arg-type]
        case "rel":
            return 2 ** (_size(t.elem, count, value) * _size(t.value, count, value))  # type: ignore[arg-type]
        case "list":
            items = _size(t.elem, count, value)  # type: ignore[arg-type]
            return sum(items**k for k in range(value(t.size) + 1))  # type: ignore[arg-type]
    raise AssertionError(f"a state variable of type {t}")
