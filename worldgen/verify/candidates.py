"""The worlds an agent cannot tell apart before it acts: one per value of the hidden state.

An agent knows the rules, not the draw. So the candidates for a world's hidden variables (the
scaffold's `hidden` line) are every value of their types under which every invariant holds in the
start state: the scaffold says what an agent may assume by writing invariants. Each candidate is
the world itself with its hidden start values replaced, compiled like any world (the generated
code is shared; only its constants differ), so stepping it is the runtime's own stepping.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.codegen.program import Rules
from worldgen.ir.models import Type
from worldgen.ir.values import encode
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules

MAX_CANDIDATES = 4096  # beyond this many hidden values the fair check says "unknown (bound)"


class TooManyCandidates(Exception):
    """The hidden variables' types allow more values than the bound (or an unbounded type)."""


@dataclass(frozen=True)
class Candidate:
    world: World
    rules: Rules
    initial: tuple[Any, ...]  # the dynamic state at the start, as the runtime keeps it


def candidates(world: World, limit: int = MAX_CANDIDATES) -> list[Candidate]:
    """The world's candidates (the world itself among them), in the order of their hidden values.

    Raises TooManyCandidates when the hidden types allow more than ``limit`` values."""
    hidden = world.scaffold.hidden
    rules, _ = load_rules(world)
    if not hidden:
        return [c for c in [_candidate(world)] if c is not None]
    types = {v.name: v.type for v in world.scaffold.state}
    assert rules.domain is not None
    per_var = [_values(types[name], rules, limit) for name in hidden]
    total = 1
    for values in per_var:
        total *= len(values)
    if total > limit:
        raise TooManyCandidates(f"the hidden state {', '.join(hidden)} can take {total} values, more than {limit}")
    out = []
    for combo in product(*per_var):
        start = dict(world.initial_state)
        start.update((name, encode(types[name], v)) for name, v in zip(hidden, combo))
        c = _candidate(world.model_copy(update={"initial_state": start}))
        if c is not None:
            out.append(c)
    return out


def _candidate(world: World) -> Candidate | None:
    """The candidate for ``world``; None when an invariant fails (or cannot be evaluated) at its start."""
    rules, initial = load_rules(world)
    try:
        ok = rules.invariant(initial) < 0
    except RULE_ERRORS:
        ok = False
    return Candidate(world, rules, tuple(initial)) if ok else None


def _values(t: Type, rules: Rules, limit: int) -> list[Any]:
    """Every runtime value of type ``t`` in this world (at most ``limit``, else TooManyCandidates)."""
    domain = rules.domain
    assert domain is not None
    match t.kind:
        case "bool" | "int" | "entity" | "enum":
            if t.kind == "int" and t.lo is None:
                raise TooManyCandidates("a hidden int without a range (int in LO..HI) has no end of values")
            values = domain(t)
        case "set":
            assert t.elem is not None
            elements = domain(t.elem)
            n = len(elements)
            _check(2 ** n, limit)
            low = elements[0] if t.elem.kind == "int" and elements else 0  # a set of ints: bit v is the int v
            values = [m << low for m in range(2 ** n)]
        case "map":
            assert t.elem is not None and t.value is not None
            keys, vals = len(domain(t.elem)), _values(t.value, rules, limit)
            _check(len(vals) ** keys, limit)
            values = list(product(vals, repeat=keys))
        case "rel":
            assert t.elem is not None and t.value is not None
            rows, row = len(domain(t.elem)), 2 ** len(domain(t.value))
            _check(row ** rows, limit)
            values = list(product(range(row), repeat=rows))
        case _:
            raise TooManyCandidates(f"a hidden {t.kind} has no end of values")
    _check(len(values), limit)
    return values


def _check(n: int, limit: int) -> None:
    if n > limit:
        raise TooManyCandidates(f"a hidden variable can take {n} values, more than {limit}")
