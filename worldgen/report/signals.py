"""Signals: is the reward a reliable, informative signal?

From the artifacts (computed exactly by the checker): which worlds have an (omniscient) oracle and
a fair one (playing from observations only), the optimal success probability, how the oracle's
return compares with uniform-random play and doing nothing, and how likely the walkthrough is to
work open-loop in stochastic worlds, and how much of its horizon the walkthrough uses (the slack an
agent has for mistakes). The same per-world numbers are grouped per axis value and per param value,
so a value whose worlds pay no more than random play stands out. From rollouts (observed): how often each policy succeeds, the
spread of a policy's return on one world across episode seeds (reward noise), and how far the
random policy's observed mean lies from the checker's exact expectation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import numpy as np

from worldgen.report.stats import distribution, mean, r, rate, value_order, value_text
from worldgen.report.suite import SuiteData
from worldgen.rollouts.sources import Entry
from worldgen.runtime.loader import load_rules

NEAR_HORIZON = 0.8  # a walkthrough using this share of the horizon or more leaves an agent little slack
EXAMPLES = 10  # world ids listed


def measure(data: SuiteData) -> dict[str, Any]:
    reports = [e.report for e in data.entries]
    n = len(reports)
    use = {e.id: _horizon_use(e) for e in data.entries}
    near = [w for w, u in use.items() if u is not None and u >= NEAR_HORIZON]
    with_oracle = [rep for rep in reports if rep.oracle is not None]
    out: dict[str, Any] = {
        "oracle_coverage": rate(len(with_oracle), n),
        "stochastic_worlds": rate(sum(rep.measures.stochastic for rep in reports), n),
        "walkthrough_probability": distribution(rep.oracle.probability for rep in with_oracle),
        "optimal_success": distribution(rep.optimal_success for rep in reports if rep.optimal_success is not None),
        "fair_oracle_coverage": rate(sum(rep.fair_oracle is not None for rep in reports), n),
        "fair_oracle_steps": distribution(rep.fair_oracle.worst_case_steps for rep in reports if rep.fair_oracle is not None),
        "beats_baselines_check": _baselines(reports),
        "expected_return": {
            "oracle": distribution(rep.returns.oracle for rep in reports),
            "random": distribution(rep.returns.random for rep in reports),
            "do_nothing": distribution(rep.returns.do_nothing for rep in reports),
            "max": distribution(rep.returns.max for rep in reports),
        },
        "oracle_minus_random": distribution(rep.returns.oracle - rep.returns.random for rep in with_oracle),
        "horizon_use": distribution(use.values()),
        "near_horizon": {**rate(len(near), len(with_oracle)), "at_least": NEAR_HORIZON, "worlds": near[:EXAMPLES]},
        "by_axis": _grouped(data.entries, use, lambda e: e.axes),
        "by_param": _grouped(data.entries, use, lambda e: {p: value_text(v) for p, v in e.params.items()}),
        "observed": _observed(data) if data.episodes else None,
    }
    return out


def _horizon_use(entry: Entry) -> float | None:
    """The walkthrough's steps over the world's horizon (axes and params applied): 1 means the
    oracle needs every step, so one wasted command fails the episode."""
    if entry.report.oracle is None:
        return None
    return r(len(entry.report.oracle.steps) / load_rules(entry.world)[0].horizon)


# per-world signals summarised per group by their median: name -> how to read it from a world
PER_WORLD: dict[str, Callable[[Entry, float | None], float | None]] = {
    "optimal_success": lambda e, use: e.report.optimal_success,
    "oracle_return": lambda e, use: e.report.returns.oracle,
    "random_return": lambda e, use: e.report.returns.random,
    "do_nothing_return": lambda e, use: e.report.returns.do_nothing,
    "oracle_minus_random": lambda e, use: None if e.report.returns.oracle is None else e.report.returns.oracle - e.report.returns.random,
    "horizon_use": lambda e, use: use,
}


def _grouped(entries: list[Entry], use: dict[str, float | None], values: Callable[[Entry], dict[str, str]]) -> dict[str, Any]:
    """scaffold -> name -> value -> the signals of the worlds with that value (``values(entry)``
    gives a world's {name: value})."""
    groups: dict[str, dict[str, dict[str, list[Entry]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for e in entries:
        for name, value in values(e).items():
            groups[e.world.scaffold.name][name][value].append(e)
    return {s: {name: {v: _signals(es, use) for v, es in sorted(vs.items(), key=lambda kv: value_order(kv[0]))}
                for name, vs in sorted(by.items())}
            for s, by in sorted(groups.items())}


def _signals(entries: list[Entry], use: dict[str, float | None]) -> dict[str, Any]:
    reports = [e.report for e in entries]
    return {"worlds": len(entries),
            "oracle_coverage": rate(sum(rep.oracle is not None for rep in reports), len(reports)),
            "beats_baselines_check": _baselines(reports),
            "stochastic_worlds": rate(sum(rep.measures.stochastic for rep in reports), len(reports)),
            "median": {name: distribution(get(e, use[e.id]) for e in entries).get("median") for name, get in PER_WORLD.items()}}


BASELINE_CHECKS = ("beats baselines", "beats random", "beats doing nothing")  # the first: artifacts built before the split


def _baselines(reports: list[Any]) -> dict[str, Any]:
    """Worlds whose baseline checks (`expect beats ...`, or the default where a world pays rewards)
    all pass, out of the worlds that have any."""
    checked = [[c for c in rep.checks if c.name.startswith(BASELINE_CHECKS)] for rep in reports]
    checked = [cs for cs in checked if cs]
    return rate(sum(all(c.status == "pass" for c in cs) for cs in checked), len(checked))


def _observed(data: SuiteData) -> dict[str, Any]:
    """Per policy: success, returns, reward noise; for the random policy, agreement with the
    checker's exact expected return."""
    returns: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    successes: dict[str, list[bool]] = defaultdict(list)
    for e in data.episodes:
        if e["error"] and e["error"]["source"] == "policy":
            continue  # says nothing about the world's signal
        returns[e["policy"]][e["world"]].append(e["return"])
        successes[e["policy"]].append(e["success"])
    by_id = data.by_id()
    out: dict[str, Any] = {}
    for policy in sorted(returns):
        per_world = returns[policy]
        spreads = [r(np.std(v)) for v in per_world.values() if len(v) >= 2]  # rounded: 1e-17 is no spread
        entry: dict[str, Any] = {
            "success": rate(sum(successes[policy]), len(successes[policy])),
            "return": distribution(x for v in per_world.values() for x in v),
            "reward_noise": {
                "worlds_measured": len(spreads),
                "mean_std": mean(spreads),
                "max_std": r(max(spreads)) if spreads else None,
                "worlds_with_spread": sum(s > 0 for s in spreads),
                "note": None if spreads else "needs at least 2 episodes per world (--episodes 2)",
            },
        }
        if policy == "random":
            gaps = [abs(float(np.mean(v)) - by_id[w].report.returns.random) for w, v in per_world.items()]
            entry["mean_abs_gap_to_expected"] = mean(gaps)
        out[policy] = entry
    return out
