"""Complexity, measured by behaviour rather than code size: how long solutions are, how many
commands each state offers, how sparse the reward is along the solution, how big the reachable
state space is. Distributions (quantiles and histograms), because a suite of all-easy and
all-hard worlds has a fine mean and is useless for a curriculum."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from worldgen.report.stats import distribution
from worldgen.report.suite import SuiteData
from worldgen.verify.report import Measures

# name -> (what it is, its unit on a plot's axis, how to read it from a world's measures); docs/report.md explains each
MEASURES: dict[str, tuple[str, str, Any]] = {
    "solution_length": ("steps of the shortest solution", "steps", lambda m: m.solution_length),
    "mean_branching": ("admissible commands per non-terminal state (mean over states)", "commands per state",
                       lambda m: m.mean_branching),
    "max_branching": ("admissible commands in the busiest state", "commands", lambda m: m.max_branching),
    "reward_sparsity": ("share of the solution's steps that pay nothing beyond the per-step reward",
                        "share of solution steps that pay nothing",
                        lambda m: None if m.reward_density is None else 1 - m.reward_density),
    "reachable_states": ("states reachable from the start", "states", lambda m: m.reachable_states),
    "depth": ("longest shortest path from the start", "steps", lambda m: m.depth),
    "dead_end_states": ("non-terminal states from which the goal is unreachable", "states", lambda m: m.dead_end_states),
}


def measure(data: SuiteData) -> dict[str, Any]:
    measures = [e.report.measures for e in data.entries]
    out: dict[str, Any] = {name: {"what": what, **distribution(get(m) for m in measures)}
                           for name, (what, _, get) in MEASURES.items()}
    by_scaffold: dict[str, list[Measures]] = defaultdict(list)
    for e in data.entries:
        by_scaffold[e.world.scaffold.name].append(e.report.measures)
    if len(by_scaffold) > 1:
        out["median_by_scaffold"] = {
            name: {m: distribution(get(x) for x in ms).get("median") for m, (_, _, get) in MEASURES.items()}
            for name, ms in sorted(by_scaffold.items())}
    return out

