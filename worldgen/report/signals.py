"""Signals: is the reward a reliable, informative signal?

From the artifacts (computed exactly by the checker): which worlds have an (omniscient) oracle and
a fair one (playing from observations only), the optimal success probability, how the oracle's
return compares with uniform-random play and doing nothing, and how likely the walkthrough is to
work open-loop in stochastic worlds. From rollouts (observed): how often each policy succeeds, the
spread of a policy's return on one world across episode seeds (reward noise), and how far the
random policy's observed mean lies from the checker's exact expectation.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np

from worldgen.report.stats import distribution, mean, r, rate
from worldgen.report.suite import SuiteData


def measure(data: SuiteData) -> dict[str, Any]:
    reports = [e.report for e in data.entries]
    n = len(reports)
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
        "observed": _observed(data) if data.episodes else None,
    }
    return out


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
