"""The report of a split: in-distribution vs held-out success and return, the gap, intervals, per
--test spec; and the interval helpers it reuses."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.cli.test_check_and_play import worldgen as cli
from tests.suites import compiled
from worldgen.flywheel.split import parse_test, read_split, split
from worldgen.report import build_report
from worldgen.report.generalisation import gap, group
from worldgen.report.stats import mean_interval, wilson
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries


def _episodes(successes: list[bool], returns: list[float]) -> list[dict]:
    return [{"success": s, "return": r} for s, r in zip(successes, returns)]


def test_wilson_matches_the_textbook_values() -> None:
    assert wilson(5, 10) == pytest.approx((0.236593, 0.763407), abs=1e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.277533), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.722467, 1.0), abs=1e-5)
    assert wilson(0, 0) is None


def test_the_mean_interval_is_mean_plus_or_minus_z_standard_errors() -> None:
    lo, hi = mean_interval([0.0, 1.0, 0.0, 1.0])  # mean 0.5, s = 0.57735, se = 0.288675
    assert (lo + hi) / 2 == pytest.approx(0.5) and hi - lo == pytest.approx(2 * 1.959964 * 0.288675, abs=1e-5)
    assert mean_interval([1.0]) is None


def test_the_gap_is_in_distribution_minus_held_out_with_newcombes_interval() -> None:
    inside = _episodes([True] * 8 + [False] * 2, [1.0] * 8 + [0.0] * 2)
    outside = _episodes([True] * 3 + [False] * 7, [1.0] * 3 + [0.0] * 7)
    g = gap(inside, outside)
    assert g["success"]["value"] == pytest.approx(0.5)
    lo, hi = g["success"]["interval"]
    (l1, u1), (l2, u2) = wilson(8, 10), wilson(3, 10)
    assert lo == pytest.approx(0.5 - ((0.8 - l1) ** 2 + (u2 - 0.3) ** 2) ** 0.5, abs=1e-5)
    assert hi == pytest.approx(0.5 + ((u1 - 0.8) ** 2 + (0.3 - l2) ** 2) ** 0.5, abs=1e-5)
    assert 0 < lo < 0.5 < hi < 1  # a real gap at this size: the interval excludes 0
    assert g["return"]["value"] == pytest.approx(0.5)
    assert group(outside)["success"] == {"count": 3, "of": 10, "rate": 0.3, "interval": list(wilson(3, 10))}


def test_the_gap_needs_both_sides() -> None:
    assert gap([], _episodes([True, False], [1.0, 0.0])) == {"success": None, "return": None}


@pytest.fixture(scope="module")
def split_suite(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """vault and jugs (8 worlds each), jugs held out; random and oracle rolled out over both."""
    root = tmp_path_factory.mktemp("gen")
    suites = [compiled(root / "vault", "vault", range(8)), compiled(root / "jugs", "jugs", range(8))]
    out = root / "split"
    split(suites, [parse_test("scaffold=jugs"), parse_test("layout=ring")], out)
    rollouts = root / "episodes.jsonl"
    for policy in ("oracle", "random"):
        asyncio.run(run(open_entries(out), make_policy(policy), rollouts, episodes=2))
    return out, rollouts


def test_the_report_counts_each_side_and_each_spec(split_suite: tuple[Path, Path]) -> None:
    out, rollouts = split_suite
    report = build_report(out, [str(rollouts)], measure=False)
    g = report["generalisation"]
    train, test = (read_split(out)["worlds"][s] for s in ("train", "test"))
    assert g["tests"] == ["scaffold=jugs", "layout=ring"]
    oracle = g["policies"]["oracle"]
    assert oracle["in_distribution"]["episodes"] == 2 * len(train) and oracle["held_out"]["episodes"] == 2 * len(test)
    assert oracle["in_distribution"]["success"]["rate"] == oracle["held_out"]["success"]["rate"] == 1.0
    assert oracle["gap"]["success"]["value"] == 0.0
    random = g["policies"]["random"]
    jugs = [w for w in report["rollouts"]["policies"]["random"]["by_world"] if w.startswith("jugs-")]
    assert random["by_test"]["scaffold=jugs"]["held_out"]["episodes"] == 2 * len(jugs)
    wins = sum(report["rollouts"]["policies"]["random"]["by_world"][w]["success"]["count"] for w in jugs)
    assert random["by_test"]["scaffold=jugs"]["held_out"]["success"]["count"] == wins
    for side in ("in_distribution", "held_out"):
        lo, hi = random[side]["success"]["interval"]
        assert lo <= random[side]["success"]["rate"] <= hi


def test_text_and_html_show_the_generalisation_table(split_suite: tuple[Path, Path], tmp_path: Path) -> None:
    out, rollouts = split_suite
    done = cli("report", str(out), "--rollouts", str(rollouts), "--html", str(tmp_path / "r.html"))
    assert done.returncode == 0, done.stderr
    sides = read_split(out)["worlds"]
    assert f"Generalisation: {len(sides['train'])} training worlds vs {len(sides['test'])} held out" in done.stdout
    assert "scaffold=jugs" in done.stdout and "layout=ring" in done.stdout
    page = (tmp_path / "r.html").read_text()
    assert "success: in-distribution vs held-out" in page and "random: scaffold=jugs" in page


def test_a_suite_that_is_no_split_has_no_generalisation_member(split_suite: tuple[Path, Path]) -> None:
    out, rollouts = split_suite
    assert "generalisation" not in build_report(out / ".." / "vault", [str(rollouts)], measure=False)
