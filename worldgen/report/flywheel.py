"""The numbers the flywheel steers by: success per world, per scaffold and per axis value, for
each policy found in the rollout files.

Episodes that ended in a policy error (an endpoint that kept failing) say nothing about the world;
they are counted apart and left out of the rates. The frontier (worlds a policy solves sometimes
but not always) and the unsolved worlds are listed for a proposer to aim at; the share of steps
whose command the world understood (``valid_steps``) tells a policy that plays from one that only
wastes its steps. Each world also says which runtime its episodes ran on (``runtime``: its step
tables, its rules, or both across episodes).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from worldgen.report.stats import mean, r, rate, value_order, value_text
from worldgen.report.suite import SuiteData
from worldgen.rollouts.runtimes import runtimes_of


def measure(data: SuiteData) -> dict[str, Any] | None:
    if not data.episodes:
        return None
    by_policy: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in data.episodes:
        by_policy[e["policy"]].append(e)
    order = {e.id: i for i, e in enumerate(data.entries)}
    return {"files": data.rollout_files,
            "policies": {p: _policy(eps, order) for p, eps in sorted(by_policy.items())}}


def _policy(episodes: list[dict[str, Any]], order: dict[str, int]) -> dict[str, Any]:
    counted = [e for e in episodes if not (e["error"] and e["error"]["source"] == "policy")]
    worlds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    scaffolds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    axes: dict[str, dict[str, dict[str, list[dict[str, Any]]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    params: dict[str, dict[str, dict[str, list[dict[str, Any]]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for e in counted:
        worlds[e["world"]].append(e)
        scaffolds[e["scaffold"]].append(e)
        for axis, value in e["axes"].items():
            axes[e["scaffold"]][axis][value].append(e)
        for name, value in e["params"].items():
            params[e["scaffold"]][name][value_text(value)].append(e)
    per_world = {w: {**_group(eps), "axes": eps[0]["axes"], "runtime": runtimes_of(eps)}
                 for w, eps in sorted(worlds.items(), key=lambda kv: order[kv[0]])}
    tokens = [e["tokens"] for e in episodes if e["tokens"]]
    successes = sum(e["success"] for e in counted)
    out: dict[str, Any] = {
        **_group(counted),
        "policy_errors": len(episodes) - len(counted),
        "valid_steps": rate(sum(bool(s["valid"]) for e in counted for s in e["trace"]), sum(len(e["trace"]) for e in counted)),
        "by_scaffold": {s: _group(eps) for s, eps in sorted(scaffolds.items())},
        "by_axis": _nested(axes),
        "by_param": _nested(params),
        "by_world": per_world,
        "frontier": [w for w, g in per_world.items() if 0 < g["success"]["rate"] < 1],
        "unsolved": [w for w, g in per_world.items() if g["success"]["rate"] == 0],
        "tokens": None,
    }
    if tokens:
        prompt, completion = sum(t["prompt"] for t in tokens), sum(t["completion"] for t in tokens)
        out["tokens"] = {"prompt": prompt, "completion": completion, "requests": sum(t["requests"] for t in tokens),
                         "per_episode": r((prompt + completion) / len(episodes)),
                         "per_success": r((prompt + completion) / successes) if successes else None}
    return out


def _group(episodes: list[dict[str, Any]]) -> dict[str, Any]:
    return {"episodes": len(episodes), "success": rate(sum(e["success"] for e in episodes), len(episodes)),
            "mean_return": mean([e["return"] for e in episodes]), "mean_steps": mean([e["steps"] for e in episodes])}


def _nested(groups: dict[str, dict[str, dict[str, list[dict[str, Any]]]]]) -> dict[str, Any]:
    return {s: {name: {v: _group(eps) for v, eps in sorted(values.items(), key=lambda kv: value_order(kv[0]))}
                for name, values in sorted(by.items())}
            for s, by in sorted(groups.items())}
