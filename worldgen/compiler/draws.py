"""The record of a failed draw: which checks failed, why, and each counterexample with the state
after every step, so a person can read what went wrong without re-running anything.

A suite's ``draws.jsonl`` holds one such record per failed draw, of rejected and accepted seeds
alike (docs/compile.md has the format); ``worldgen explain`` prints them.
"""

from __future__ import annotations

from typing import Any

from worldgen.errors import InstantiationError
from worldgen.ir.world import World
from worldgen.runtime.queries import encoded_state
from worldgen.runtime.loader import load_rules
from worldgen.runtime.named import named_state
from worldgen.verify import Check, Report, Step
from worldgen.verify.traces import states_along


def built(world: World, report: Report) -> dict[str, Any]:
    """A world that was built but failed a check."""
    checks = []
    for c in report.failures():
        entry: dict[str, Any] = {"name": c.name, "detail": c.detail}
        trace = evidence(c, report)
        if trace is not None:
            entry["trace"] = counterexample(world, trace)
        checks.append(entry)
    return {"attempt": world.attempt, "params": world.params, "axes": world.axes,
            "failed": [c.name for c in report.failures()], "reason": report.reason(), "checks": checks,
            "consts": world.consts, "start": named_state(world, world.initial_state)}


def unbuilt(attempt: int, params: dict[str, Any], axes: dict[str, str], err: InstantiationError) -> dict[str, Any]:
    """A draw that did not make a world (a broken `require`, content that does not fit, ...)."""
    return {"attempt": attempt, "params": params, "axes": axes,
            "failed": [err.check], "reason": str(err), "checks": [{"name": err.check, "detail": str(err)}]}


def counterexample(world: World, trace: tuple[Step, ...]) -> list[dict[str, Any]]:
    """``trace`` replayed through the world's compiled rules with its chance outcomes forced:
    ``{"command", "chance", "state_after"}`` per step, states as a person reads them (entities and
    enum values by name: runtime/named.py)."""
    rules, initial = load_rules(world)
    states = states_along(rules, initial, trace)[1:]
    return [{"command": step.command, "chance": list(step.chance),
             "state_after": named_state(world, encoded_state(world, rules.dynamic, state))}
            for step, state in zip(trace, states)]


def evidence(c: Check, report: Report) -> tuple[Step, ...] | None:
    """A check's own counterexample; for a failed `solvable within N`, the too-long shortest solution."""
    if c.trace is not None:
        return c.trace
    if c.name.startswith("solvable") and report.oracle is not None:
        return report.oracle.steps
    return None
