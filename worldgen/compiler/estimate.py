"""A scaffold's states per world, before `compile` builds any: `worldgen check`'s estimate.

`check` uses it to warn that a scaffold's worlds may not fit the model checker's bound, minutes
before `compile` would find out draw by draw. Two figures: an upper bound, the product of the
domain sizes of the *dynamic* state variables (those some effect assigns; the others are constants
of a world) with entity counts and int ranges at the params that make a world largest (ints at the
top of their range, the bool and choice values that give the largest product); and the reachable
states of a few real draws at those params (sampling.py). The bound alone is loose by up to 10^8,
so the draws give the figure shown and decide the warning: it is raised only when a real draw
comes within 10x of the bound, never by the domains alone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from worldgen.codegen.exprs import WorldTables
from worldgen.codegen.names import RuleError
from worldgen.ir.assigned import dynamic_under_any_axis
from worldgen.compiler.bounds import scaffold_bounds
from worldgen.compiler.instantiate import entity_size, evaluate, runtime_params, static_compiler
from worldgen.compiler.sampling import Explored, explore_draws
from worldgen.ir.models import Expr, Scaffold, Type

NEAR = 10  # a draw with at least bound/NEAR states is near the bound: a larger draw may well hit it


@dataclass(frozen=True)
class Estimate:
    states: int | None  # the product of the domains; None: some ranges are drawn when a world is built (``unknown``)
    params: dict[str, int | bool | str]  # the params of the largest world
    unknown: tuple[str, ...]  # dynamic variables whose range depends on a build-time draw
    bound: int  # the model-checking bound `compile` will use (the scaffold's, else the default)
    explored: Explored | str  # the draws explored, or why none could be

    @property
    def reachable(self) -> int | None:
        """The most reachable states of an explored draw (a lower bound when that draw was cut)."""
        return self.explored.largest.states if isinstance(self.explored, Explored) else None

    @property
    def near_bound(self) -> bool:
        """A real draw comes near the bound (within a factor NEAR) or reaches it."""
        return self.reachable is not None and self.reachable * NEAR >= self.bound

    def text(self) -> str:
        e = self.explored
        if isinstance(e, Explored):
            top = e.largest
            at = _at(top.params, " at ")
            if top.complete:
                of = "1 draw explored" if len(e.draws) == 1 else f"largest of {len(e.draws)} draws explored"
                return f"estimate: {approx(top.states)} states per world ({of}{at}); bound {self.bound}"
            domains = "" if self.states is None else f"; at most {approx(self.states)} by the domains"
            return (f"estimate: more than {approx(top.states)} states per world (a draw explored{at} "
                    f"stopped at {e.cap}{domains}); bound {self.bound}")
        at = _at(self.params, "at ")
        at = f"{at}; " if at else ""
        if self.states is None:
            ranges = "has a range" if len(self.unknown) == 1 else "have ranges"
            return (f"estimate: unknown: {', '.join(self.unknown)} {ranges} drawn when a world is built "
                    f"({at}no draw explored: {e}); bound {self.bound}")
        return f"estimate: at most {approx(self.states)} states per world (by the domains, {at}no draw explored: {e}); bound {self.bound}"

    def warnings(self) -> list[str]:
        """What the explored draws say a compile of the scaffold would meet."""
        return [w for w in (self._bound_warning(), self._fault_warning(), self._edit_warning()) if w is not None]

    def _edit_warning(self) -> str | None:
        """A writable file no in-place edit can save (compiler/editable.py)."""
        e = self.explored
        draw = next((d for d in e.draws if d.uneditable is not None), None) if isinstance(e, Explored) else None
        if draw is None:
            return None
        return f"warning: the world of seed {draw.seed}{_at(draw.params, ' at ')}: {draw.uneditable}"

    def _fault_warning(self) -> str | None:
        """A rule error the exploration met (`check` itself explores only the rules' shape)."""
        e = self.explored
        faulty = next((d for d in e.draws if d.fault is not None), None) if isinstance(e, Explored) else None
        if faulty is None:
            return None
        return (f"warning: the world of seed {faulty.seed}{_at(faulty.params, ' at ')} meets a rule error {faulty.fault}; "
                "`compile` rejects such a world (check rule_errors; `worldgen explain` shows the trace)")

    def _bound_warning(self) -> str | None:
        if not self.near_bound:
            return None
        assert isinstance(self.explored, Explored)  # near_bound says so
        top = self.explored.largest
        draw = f"the world of seed {top.seed}{_at(top.params, ' at ')}"
        if not top.complete and top.states >= self.bound:
            found = f"{draw} reaches the model-checking bound ({self.bound})"
        else:
            more = "" if top.complete else "more than "
            found = f"{draw} has {more}{approx(top.states)} reachable states, within {NEAR}x of the model-checking bound ({self.bound})"
        return (f"warning: {found}; a world whose reachable states hit the bound fails `compile`: raise it with "
                "`check within N states` or --max-states, or shrink the params")

    def as_dict(self) -> dict[str, Any]:
        n = self.states
        e = self.explored
        return {"states": n if n is not None and n < 10**18 else None,  # exact; log10 gives the size beyond
                "log10": None if n is None else round(math.log10(max(n, 1)), 3),
                "params": self.params, "unknown": list(self.unknown), "bound": self.bound,
                "reachable": self.reachable,
                "explored": {"draws": [{"seed": d.seed, "params": d.params, "states": d.states, "complete": d.complete,
                                        **({"fault": d.fault} if d.fault is not None else {}),
                                        **({"uneditable": d.uneditable} if d.uneditable is not None else {})}
                                       for d in e.draws], "cap": e.cap} if isinstance(e, Explored) else {"error": e},
                "near_bound": self.near_bound}


def _at(params: dict[str, Any], lead: str) -> str:
    shown = (f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())
    return f"{lead}{', '.join(shown)}" if params else ""


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
    """The domains' bound, the largest over the combinations of bool and choice params (ints at
    their top), and the draws explored at those params (the largest combination first). Raises
    InstantiationError when the largest world cannot be built (a grid 0 cells wide)."""
    types = {v.name: v.type for v in ir.state}
    dynamic = {name: types[name] for name in dynamic_under_any_axis(ir)}
    best: tuple[int, list[str], dict[str, Any]] | None = None
    combos = _largest_params(ir)
    for params in combos:
        size, unknown = _world_size(ir, params, dynamic)
        if best is None or size > best[0]:
            best = (size, unknown, params)
    assert best is not None  # itertools.product always yields at least one combination
    size, unknown, params = best
    bounds = scaffold_bounds(ir)
    combos.sort(key=lambda c: c is not params)  # stable: the largest first, then the others in order
    return Estimate(None if unknown else size, params, tuple(unknown), bounds.max_states, explore_draws(ir, combos, bounds))


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
