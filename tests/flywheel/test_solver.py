"""Reading the solver's results out of reports: which policy, success, param trends, win lengths."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.flywheel.fixtures import SOLVER
from worldgen.errors import WorldgenError
from worldgen.flywheel.solver import ParamTrend, read_reports


def test_the_solver_is_the_one_policy_that_is_not_a_baseline(first_round: Path) -> None:
    view = read_reports(sorted((first_round / "round-00" / "reports").glob("*.json")))
    assert view.policy == SOLVER and set(view.scaffolds) == {"ledger", "vault"}
    vault = view.scaffolds["vault"]
    assert vault.episodes == 20 and 0 <= vault.success <= 1
    assert vault.win_steps == tuple(sorted(vault.win_steps)) and len(vault.win_steps) == round(vault.success * 20)
    assert set(vault.params) == {"rooms", "keys"}
    assert set(vault.axes) == {"feedback", "interface", "observation", "layout"}
    for values in vault.axes.values():  # per alternative: (success, mean steps); overall success is their weighted mean
        rates = [rate for rate, _ in values.values()]
        assert min(rates) <= vault.success <= max(rates) and all(steps > 0 for _, steps in values.values())


def test_a_horizon_for_a_success_rate_is_a_quantile_of_the_wins() -> None:
    from worldgen.flywheel.solver import ScaffoldResult

    result = ScaffoldResult("x", 10, 1.0, win_steps=tuple(range(1, 11)))
    assert result.horizon_for(0.5) == 5 and result.horizon_for(1.0) == 10 and result.horizon_for(0.05) == 1
    assert ScaffoldResult("x", 10, 0.0).horizon_for(0.5) is None


def test_a_param_trend_says_which_way_is_harder() -> None:
    assert ParamTrend((1, 2, 3), (1.0, 0.8, 0.5), (5, 6, 7)).larger_is_harder()
    assert not ParamTrend((1, 2, 3), (0.5, 0.8, 1.0), (5, 6, 7)).larger_is_harder()
    assert not ParamTrend((1, 2, 3), (1.0, 1.0, 1.0), (9, 7, 5)).larger_is_harder()  # equal success: fewer steps


def test_reports_without_the_solvers_rollouts_are_errors(first_round: Path, tmp_path: Path) -> None:
    report = sorted((first_round / "round-00" / "reports").glob("*.json"))[0]
    with pytest.raises(WorldgenError, match="no rollouts of policy 'openai:x'"):
        read_reports([report], "openai:x")
    bare = json.loads(report.read_text())
    bare["rollouts"] = None
    (tmp_path / "bare.json").write_text(json.dumps(bare))
    with pytest.raises(WorldgenError, match="has no rollouts"):
        read_reports([tmp_path / "bare.json"])
    (tmp_path / "junk.json").write_text("{")
    with pytest.raises(WorldgenError, match="not a report"):
        read_reports([tmp_path / "junk.json"])


@pytest.mark.parametrize(("report", "message"), [
    ([], "not a report (worldgen report --json writes a JSON object)"),
    ({"rollouts": 5}, "the report has no rollouts"),
    ({"rollouts": {"policies": {"x": 1}}}, "not a report as `worldgen report --json` writes it (its rollouts for 'x': TypeError"),
    ({"rollouts": {"policies": {"noisy-oracle:0.3": {}}}}, "its rollouts for 'noisy-oracle:0.3': KeyError 'by_scaffold'"),
])
def test_a_report_of_another_shape_is_one_error_naming_what_is_wrong(report: object, message: str, tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text(json.dumps(report))
    with pytest.raises(WorldgenError, match=re.escape(message)):
        read_reports([tmp_path / "r.json"])


def test_a_rollout_file_the_report_names_must_be_found(first_round: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report keeps its rollout files' paths as given: read from elsewhere, a relative one that
    is not there is an error, not a solver view quietly missing its episodes' steps."""
    report = json.loads(sorted((first_round / "round-00" / "reports").glob("*.json"))[0].read_text())
    report["rollouts"]["files"] = ["rollouts/missing.jsonl"]
    (tmp_path / "r.json").write_text(json.dumps(report))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(WorldgenError, match="the report's rollout file rollouts/missing.jsonl is not there"):
        read_reports([tmp_path / "r.json"])


def test_a_relative_rollout_file_found_both_here_and_beside_the_report_is_ambiguous(first_round: Path, tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Another folder's file of the same name changed the proposals silently (horizon 9 vs 10)."""
    report = json.loads(sorted((first_round / "round-00" / "reports").glob("*.json"))[0].read_text())
    report["rollouts"]["files"] = ["r.jsonl"]
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "r.json").write_text(json.dumps(report))
    (tmp_path / "reports" / "r.jsonl").write_text("")
    (tmp_path / "r.jsonl").write_text("")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(WorldgenError, match=r"the report's rollout file r.jsonl is both .*r.jsonl and .*reports/r.jsonl, "
                                            "two different files"):
        read_reports([tmp_path / "reports" / "r.json"])
