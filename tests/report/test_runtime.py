"""The report says which runtime each world's episodes ran on: its step tables or its rules."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from tests.rollouts.test_runner import rollout
from worldgen.report import build_report
from worldgen.report.html import render_html
from worldgen.report.text import render_text


def test_a_suite_with_tables_reports_tables_for_every_world(lake_tables_suite: Path, tmp_path: Path) -> None:
    rollout(lake_tables_suite, "random", tmp_path / "random.jsonl", episodes=1)
    report = build_report(lake_tables_suite, [str(tmp_path / "random.jsonl")])
    by_world = report["rollouts"]["policies"]["random"]["by_world"]
    assert len(by_world) == 3 and {w["runtime"] for w in by_world.values()} == {"tables"}
    out = io.StringIO()
    render_text(report, Console(file=out, width=200))
    assert "runtime tables 3 worlds" in out.getvalue()
    html = render_html(report)
    assert "<th>runtime</th>" in html and html.count("<td>tables</td>") == 3


def test_episodes_recorded_on_the_rules_say_so_and_replay_on_the_tables(lake_suite: Path, lake_tables_suite: Path,
                                                                       tmp_path: Path) -> None:
    rollout(lake_suite, "random", tmp_path / "rules.jsonl", episodes=1)  # no runtime label, as files before tables
    report = build_report(lake_tables_suite, [str(tmp_path / "rules.jsonl")], measure=False)
    assert report["executability"]["rollouts"]["deterministic_replay"]["rate"] == 1
    assert {w["runtime"] for w in report["rollouts"]["policies"]["random"]["by_world"].values()} == {"rules"}
