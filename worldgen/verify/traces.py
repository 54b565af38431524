"""Shortest paths in an explored graph, as the commands a player would type."""

from __future__ import annotations

from typing import Any

from worldgen.codegen.program import Rules
from worldgen.ir.patterns import normalize
from worldgen.verify.outcomes import RULE_ERRORS
from worldgen.verify.report import Step
from worldgen.verify.statespace import StateGraph


def path_to(g: StateGraph, state: int) -> list[int]:
    """The transitions of the BFS-tree path from the start to ``state`` (a shortest path)."""
    out: list[int] = []
    t = g.parent[state]
    while t >= 0:
        out.append(t)
        t = g.parent[g.edge_src[g.trans_edge[t]]]
    out.reverse()
    return out


def steps(g: StateGraph, rules: Rules, transitions: list[int]) -> tuple[Step, ...]:
    return tuple(
        Step(command=rules.bindings[g.edge_binding[g.trans_edge[t]]].command, chance=g.trans_decisions[t])
        for t in transitions
    )


def trace_to(g: StateGraph, rules: Rules, state: int, then: Step | None = None) -> tuple[Step, ...]:
    """The shortest trace reaching ``state``, optionally followed by one more step."""
    return steps(g, rules, path_to(g, state)) + ((then,) if then is not None else ())


def states_along(rules: Rules, initial: list[Any], trace: tuple[Step, ...]) -> list[tuple[Any, ...]]:
    """The states a trace passes through (start included), its chance outcomes forced. A step the
    rules refuse, or that raises a rule error, leaves the state unchanged, as in the runtime."""
    s = tuple(initial)
    out = [s]
    for step in trace:
        b = rules.table.get(normalize(step.command))
        if b is not None:
            binding = rules.bindings[b]
            if rules.guard[binding.action](s, *binding.args) < 0:
                s = _forced(rules, s, binding.action, binding.args, step.chance)
        out.append(s)
    return out


def _forced(rules: Rules, s: tuple[Any, ...], action: int, args: tuple[Any, ...], chance: tuple[bool, ...]) -> tuple[Any, ...]:
    decisions = iter(chance)

    def pick(p: float) -> bool:
        return next(decisions, True) if 0 < p < 1 else p >= 1

    new = list(s)
    try:
        rules.apply[action](new, *args, pick, [])
    except RULE_ERRORS:
        return s
    return tuple(new)
