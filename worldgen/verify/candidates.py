"""The worlds an agent cannot tell apart before it acts: one per value of the hidden state.

An agent knows the rules, not the draw. So the candidates for a world's hidden variables (the
scaffold's `hidden` line) are every value of their types under which every invariant holds in the
start state: the scaffold says what an agent may assume by writing invariants. For variables
hidden `from draws` they are instead the values the world's generator draws
(``worldgen.verify.draw_candidates``), under the same invariants. Each candidate is
the world itself with its hidden start values replaced, compiled like any world (the generated
code is shared; only its constants differ), so stepping it is the runtime's own stepping.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product
from typing import Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.codegen.program import Rules
from worldgen.ir.models import Type
from worldgen.ir.values import encode
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.verify.draw_candidates import TooManyDraws, drawn_values

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
    parts = _parts(world, rules, limit)
    total = math.prod(len(p) for p in parts)
    if total > limit:
        raise TooManyCandidates(f"the hidden state {', '.join(hidden)} can take {total} values, more than {limit}")
    out = []
    for combo in product(*parts):
        start = dict(world.initial_state)
        for values in combo:
            start.update(values)
        c = _candidate(world.model_copy(update={"initial_state": start}))
        if c is not None:
            out.append(c)
    return out


def _parts(world: World, rules: Rules, limit: int) -> list[list[dict[str, Any]]]:
    """The hidden values, as independent parts whose product is the candidates: one per hidden
    variable of the type's values, and one for those `from draws` together (what the generator drew)."""
    ir = world.scaffold
    types = {v.name: v.type for v in ir.state}
    drawn = tuple(n for n in ir.hidden if n in ir.hidden_drawn)
    parts = []
    for name in ir.hidden:
        if name not in drawn:
            parts.append([{name: encode(types[name], v)} for v in _values(types[name], rules, limit)])
        elif name == drawn[0]:
            try:
                parts.append(drawn_values(world, drawn, limit).values)
            except TooManyDraws as err:
                raise TooManyCandidates(str(err)) from None
    return parts


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
