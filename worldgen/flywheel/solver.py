"""What the solver's rollouts say about each scaffold: its success rate, and how success and
episode length move with each param (the direction a proposal must push to make it harder).

Read from ``worldgen report --json`` files (one per suite, or one over several), which count
success per scaffold, per axis value and per param value for every policy that played.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.errors import WorldgenError

BASELINES = ("random", "oracle", "fair-oracle")


@dataclass(frozen=True)
class ParamTrend:
    """Success and mean episode length per value of one int param (values ascending)."""

    values: tuple[int, ...]
    success: tuple[float, ...]
    steps: tuple[float, ...]

    def larger_is_harder(self) -> bool:
        """True unless the solver clearly does better (more success, or fewer steps at equal
        success) at the param's larger values: bigger worlds are usually harder."""
        if len(self.values) < 2:
            return True
        d_success = self.success[-1] - self.success[0]
        if abs(d_success) > 1e-9:
            return d_success < 0
        return self.steps[-1] >= self.steps[0]

    def effect(self) -> float:
        """How much the param moves difficulty."""
        return effect(self.success, self.steps)


def effect(success: tuple[float, ...], steps: tuple[float, ...]) -> float:
    """How much a param or an axis moves difficulty, from success and mean steps per value: the
    success spread first, then the relative spread of steps."""
    spread = max(success) - min(success) if success else 0.0
    top = max(steps) if steps else 0.0
    return spread + (0.0 if top <= 0 else (top - min(steps)) / top / 10)


@dataclass
class ScaffoldResult:
    name: str
    episodes: int
    success: float
    params: dict[str, ParamTrend] = field(default_factory=dict)
    suite: str | None = None  # the compiled suite the report read
    win_steps: tuple[int, ...] = ()  # steps of each episode the solver won (from the report's rollout files), sorted
    axes: dict[str, dict[str, tuple[float, float]]] = field(default_factory=dict)  # axis -> alternative -> (success, mean steps)

    def horizon_for(self, success: float) -> int | None:
        """The horizon at which the solver would have won about ``success`` of its episodes:
        the matching quantile of the steps its wins took (None without episode data)."""
        if not self.win_steps or self.success <= 0:
            return None
        share = min(1.0, success / self.success)  # of the wins, the share that must still fit
        return self.win_steps[max(0, math.ceil(share * len(self.win_steps)) - 1)]


@dataclass
class SolverView:
    policy: str
    scaffolds: dict[str, ScaffoldResult]


def read_reports(paths: list[Path], policy: str | None = None) -> SolverView:
    """The solver's results over every report (a scaffold in several reports: the last wins)."""
    results: dict[str, ScaffoldResult] = {}
    chosen = policy
    for path in paths:
        try:
            data = jsondata.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise WorldgenError(f"{path}: error: not a report (worldgen report --json): {err}") from None
        if not isinstance(data, dict):
            raise WorldgenError(f"{path}: error: not a report (worldgen report --json writes a JSON object)")
        rollouts = data.get("rollouts")
        policies = rollouts.get("policies") if isinstance(rollouts, dict) else None
        if not policies or not isinstance(policies, dict):
            raise WorldgenError(f"{path}: error: the report has no rollouts; run `worldgen report SUITE --rollouts FILE --json`")
        chosen = chosen or _solver(policies, path)
        if chosen not in policies:
            raise WorldgenError(f"{path}: error: no rollouts of policy {chosen!r} (it has {', '.join(sorted(policies))})")
        try:
            results.update(_results(data, policies[chosen], chosen, path))
        except (AttributeError, KeyError, TypeError, ValueError) as err:
            raise WorldgenError(f"{path}: error: not a report as `worldgen report --json` writes it (its rollouts for "
                                f"{chosen!r}: {type(err).__name__} {err}); write it again with that command") from None
    assert chosen is not None
    return SolverView(chosen, results)


def _results(data: dict[str, Any], stats: dict[str, Any], chosen: str, path: Path) -> dict[str, ScaffoldResult]:
    suite = (data.get("suite") or {}).get("path")
    wins = _win_steps(data["rollouts"].get("files", []), chosen, path)
    return {name: ScaffoldResult(name, group["episodes"], group["success"]["rate"] or 0.0,
                                 _trends(stats["by_param"].get(name, {})), suite, tuple(sorted(wins.get(name, []))),
                                 _axis_success(stats.get("by_axis", {}).get(name, {})))
            for name, group in stats["by_scaffold"].items()}


def _win_steps(files: list[str], policy: str, report: Path) -> dict[str, list[int]]:
    """Per scaffold, the steps of every episode ``policy`` won, from the report's rollout files.
    The report names them as it was given them: a relative path is read from the current folder,
    else from the report's own; a file found in neither, or two different files found in both, is
    an error (the proposals would silently differ from those the same report gives elsewhere)."""
    from worldgen.rollouts.records import read

    out: dict[str, list[int]] = {}
    for name in files:
        there = [p for p in (Path(name), report.parent / name) if p.is_file()]
        if len(there) == 2 and not there[0].samefile(there[1]):
            raise WorldgenError(f"{report}: error: the report's rollout file {name} is both {there[0].resolve()} and "
                                f"{there[1].resolve()}, two different files; run from a folder without the other, or "
                                "report again with the files' absolute paths")
        found = there[0] if there else None
        if found is None:
            raise WorldgenError(f"{report}: error: the report's rollout file {name} is not there (a relative path is read "
                                f"from the current folder, then from the report's); run from the folder `worldgen report` "
                                f"ran in, or report again with the files' paths")
        for episode in read(found)[0]:
            if episode.get("policy") == policy and episode.get("success"):
                out.setdefault(episode["scaffold"], []).append(int(episode["steps"]))
    return out


def _solver(policies: dict[str, Any], path: Path) -> str:
    candidates = [p for p in sorted(policies) if p not in BASELINES]
    if not candidates:
        raise WorldgenError(f"{path}: error: the report has rollouts of baselines only ({', '.join(sorted(policies))}), "
                            "none of the solver's; roll the solver out on the suite (`worldgen rollout SUITE --policy "
                            "SOLVER`) and report those rollouts too")
    if len(candidates) != 1:
        raise WorldgenError(f"{path}: error: cannot tell which policy is the solver ({', '.join(sorted(policies))}); "
                            "pass --solver POLICY")
    return candidates[0]


def _trends(by_param: dict[str, dict[str, Any]]) -> dict[str, ParamTrend]:
    trends = {}
    for name, values in by_param.items():
        try:
            points = sorted((int(v), g["success"]["rate"] or 0.0, g["mean_steps"] or 0.0) for v, g in values.items())
        except ValueError:
            continue  # bool and choice params have no direction
        trends[name] = ParamTrend(tuple(p[0] for p in points), tuple(p[1] for p in points), tuple(p[2] for p in points))
    return trends


def _axis_success(by_axis: dict[str, dict[str, dict[str, Any]]]) -> dict[str, dict[str, tuple[float, float]]]:
    return {axis: {value: (g["success"]["rate"] or 0.0, g["mean_steps"] or 0.0) for value, g in values.items()}
            for axis, values in by_axis.items()}
