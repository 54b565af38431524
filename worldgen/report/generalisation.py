"""In-distribution vs held-out: each policy's success and return on the training side of a split
(``worldgen split``) against the test side, and the generalisation gap between them.

The suite's ``split.json`` says which worlds trained and which were held out, and by which
``--test`` spec. Every figure comes with a 95% interval: Wilson for success rates, the normal
interval for mean returns; the gap (in-distribution minus held-out, so positive means the
policy does worse on worlds it never saw) takes Newcombe's interval for a difference of two
Wilson rates and the normal interval of a difference of means. Per split dimension, the held-out
worlds that matched one spec are set against the whole training side. Episodes ended by a policy
error are left out, as everywhere in the report.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from worldgen.report.stats import Z95, mean, mean_interval, r, rate, wilson
from worldgen.report.suite import SuiteData


def measure(data: SuiteData, split: dict[str, Any] | None) -> dict[str, Any] | None:
    if split is None:
        return None
    train, test = set(split["worlds"]["train"]), set(split["worlds"]["test"])
    held_by: dict[str, list[str]] = split["held_out_by"]
    by_policy: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in data.episodes:
        if not (e["error"] and e["error"]["source"] == "policy"):
            by_policy[e["policy"]].append(e)
    policies = {}
    for policy, episodes in sorted(by_policy.items()):
        inside = [e for e in episodes if e["world"] in train]
        outside = [e for e in episodes if e["world"] in test]
        by_test = {spec: [e for e in outside if spec in held_by.get(e["world"], ())] for spec in split["tests"]}
        policies[policy] = {"in_distribution": group(inside), "held_out": group(outside), "gap": gap(inside, outside),
                            "by_test": {spec: {"held_out": group(eps), "gap": gap(inside, eps)} for spec, eps in by_test.items()}}
    return {"side": split.get("side"), "rule": split.get("rule"), "tests": split["tests"],
            "worlds": {"train": len(train), "test": len(test)}, "policies": policies}


def group(episodes: list[dict[str, Any]]) -> dict[str, Any]:
    """Episodes, success with its Wilson interval, mean return with its normal interval."""
    wins = sum(bool(e["success"]) for e in episodes)
    returns = [e["return"] for e in episodes]
    return {"episodes": len(episodes), "success": {**rate(wins, len(episodes)), "interval": _pair(wilson(wins, len(episodes)))},
            "return": {"mean": mean(returns), "interval": _pair(mean_interval(returns))}}


def gap(inside: list[dict[str, Any]], outside: list[dict[str, Any]]) -> dict[str, Any]:
    """In-distribution minus held-out, success (Newcombe) and mean return (normal), with intervals."""
    a, b = group(inside), group(outside)
    out: dict[str, Any] = {"success": None, "return": None}
    sa, sb = a["success"], b["success"]
    if sa["rate"] is not None and sb["rate"] is not None:
        (la, ua), (lb, ub) = sa["interval"], sb["interval"]
        d = sa["rate"] - sb["rate"]
        out["success"] = {"value": r(d), "interval": [r(d - math.hypot(sa["rate"] - la, ub - sb["rate"])),
                                                      r(d + math.hypot(ua - sa["rate"], sb["rate"] - lb))]}
    ra, rb = [e["return"] for e in inside], [e["return"] for e in outside]
    if len(ra) >= 2 and len(rb) >= 2:
        d = sum(ra) / len(ra) - sum(rb) / len(rb)
        se = math.sqrt(_var(ra) / len(ra) + _var(rb) / len(rb))
        out["return"] = {"value": r(d), "interval": [r(d - Z95 * se), r(d + Z95 * se)]}
    return out


def _var(xs: list[float]) -> float:
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def _pair(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else list(interval)
