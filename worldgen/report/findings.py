"""Findings: what a reader of a report should notice first, each with the numbers behind it.

Every rule reads the finished report (never the suite again), so a finding only points at numbers
the report already holds, and a rule says nothing unless its condition holds. The rules and
their thresholds are the table ``RULES``; docs/report.md ("Findings") lists the same table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from worldgen.report.complexity import MEASURES
from worldgen.report.display import num, pct
from worldgen.report.signals import NEAR_HORIZON

Finding = dict[str, Any]  # {"rule", "threshold", "message", "numbers"}

RANDOM_SOLVES = 0.5  # random play succeeding in this share of its episodes or more: too easy, or signals too dense
VALID_AT_LEAST = 0.1  # a policy whose commands the world understands less often than this is not playing


@dataclass(frozen=True)
class Rule:
    name: str
    threshold: float | None
    find: Callable[[dict[str, Any], float | None], Iterator[tuple[str, dict[str, Any]]]]  # (message, numbers) per finding


def find(report: dict[str, Any]) -> list[Finding]:
    """The findings that hold in ``report``, in the order of ``RULES``."""
    return [{"rule": rule.name, "threshold": rule.threshold, "message": message, "numbers": numbers}
            for rule in RULES for message, numbers in rule.find(report, rule.threshold)]


def _policies(report: dict[str, Any]) -> dict[str, Any]:
    return (report["rollouts"] or {}).get("policies", {})


def _executability(report: dict[str, Any], _: float | None) -> Iterator[tuple[str, dict[str, Any]]]:
    e, r = report["executability"], report["executability"]["rollouts"] or {}
    checks = [("determinism_check", e, "worlds fail the checker's determinism check"),
              ("replay_matches_artifact", e, "worlds replay differently here than when they were compiled"),
              ("crash_free", r, "episodes raised or hit a rule error"),
              ("deterministic_replay", r, "episodes do not replay to their recorded trace")]
    for key, where, what in checks:
        x = where.get(key)
        if x and x["rate"] is not None and x["rate"] < 1:
            yield (f"{x['of'] - x['count']} of {x['of']} {what} (first: {', '.join(x['failing'][:3])}): "
                   "fix these before trusting any other number", {key: x})


def _random_solves_most(report: dict[str, Any], threshold: float | None) -> Iterator[tuple[str, dict[str, Any]]]:
    random = _policies(report).get("random")
    if random is None or random["success"]["rate"] is None or random["success"]["rate"] < (threshold or 0):
        return
    worlds = random["by_world"].values()
    solved = sum(w["success"]["count"] > 0 for w in worlds)
    yield (f"The random policy solves {pct(random['success'])} of its episodes and {solved} of {len(worlds)} worlds at "
           "least once: the suite is too easy, or its signals too dense, to teach much",
           {"success": random["success"], "worlds_solved": solved, "worlds": len(worlds)})


def _unsolved_values(report: dict[str, Any], _: float | None) -> Iterator[tuple[str, dict[str, Any]]]:
    policies = _policies(report)
    for group, kind in (("by_axis", "axis"), ("by_param", "param")):
        values: dict[tuple[str, str, str], dict[str, int]] = {}
        solved: set[tuple[str, str, str]] = set()
        for policy, x in policies.items():
            for scaffold, names in x[group].items():
                for name, by_value in names.items():
                    for value, g in by_value.items():
                        key = (scaffold, name, value)
                        values.setdefault(key, {})[policy] = g["episodes"]
                        if g["success"]["count"]:
                            solved.add(key)
        for (scaffold, name, value), episodes in values.items():
            total = sum(episodes.values(), 0)
            if (scaffold, name, value) not in solved and total:
                played = ", ".join(f"{p} {n}" for p, n in episodes.items())
                why = ("even the oracle fails there, so look at those worlds" if "oracle" in episodes else
                       "roll the oracle out on it to tell a hard value from a broken one")
                yield (f"No policy solves {scaffold} {kind} {name} = {value}: 0 of {total} episodes "
                       f"({played}); {why}",
                       {"scaffold": scaffold, kind: name, "value": value, "episodes": episodes})


def _near_horizon(report: dict[str, Any], threshold: float | None) -> Iterator[tuple[str, dict[str, Any]]]:
    """Counted by signals.py, which holds the per-world numbers, at this rule's threshold."""
    near, use = report["signals"]["near_horizon"], report["signals"]["horizon_use"]
    if near["count"]:
        yield (f"The oracle's walkthrough takes {num((threshold or 0) * 100)}% of the horizon or more in {near['count']} of "
               f"{near['of']} worlds (horizon use: median {num(use['median'])}, max {num(use['max'])}; first: {', '.join(near['worlds'][:3])}): "
               "an agent there has little slack for a wasted step", {"near_horizon": near, "horizon_use": use})


def _identical_complexity(report: dict[str, Any], _: float | None) -> Iterator[tuple[str, dict[str, Any]]]:
    c = report["complexity"]
    measures = {name: c[name] for name in MEASURES if c[name]["n"]}
    if report["suite"]["worlds"] < 2 or not measures or any(d["min"] != d["max"] for d in measures.values()):
        return
    values = {name: d["min"] for name, d in measures.items()}
    yield (f"All {report['suite']['worlds']} worlds are identical in complexity ("
           + ", ".join(f"{name.replace('_', ' ')} {num(v)}" for name, v in values.items())
           + "): the suite offers no range of difficulty for a curriculum", values)


def _invalid_commands(report: dict[str, Any], threshold: float | None) -> Iterator[tuple[str, dict[str, Any]]]:
    for policy, x in _policies(report).items():
        valid = x["valid_steps"]
        if valid["rate"] is not None and valid["rate"] < (threshold or 0):
            how = "never issues a valid command" if valid["count"] == 0 else f"issues a valid command in only {pct(valid)}"
            yield (f"{policy} {how} ({valid['of']} steps): the world does not understand it, so its results say "
                   "nothing about the worlds (check its prompt, the interface axis or the reply parsing)",
                   {"policy": policy, "valid_steps": valid})


def _unused_values(report: dict[str, Any], _: float | None) -> Iterator[tuple[str, dict[str, Any]]]:
    for scaffold, axes in report["coverage"]["axes"].items():
        for axis, a in axes.items():
            if a["unused"]:
                yield (f"No world of {scaffold} drew {axis} = {', '.join(a['unused'])}: the suite has a gap along that "
                       "axis (compile more seeds, or that value alone with --axis)",
                       {"scaffold": scaffold, "axis": axis, "unused": a["unused"], "worlds": a["worlds"]})


RULES: tuple[Rule, ...] = (
    Rule("not_executable", None, _executability),
    Rule("random_solves_most", RANDOM_SOLVES, _random_solves_most),
    Rule("unsolved_value", None, _unsolved_values),
    Rule("oracle_near_horizon", NEAR_HORIZON, _near_horizon),
    Rule("identical_complexity", None, _identical_complexity),
    Rule("invalid_commands", VALID_AT_LEAST, _invalid_commands),
    Rule("unused_axis_value", None, _unused_values),
)
