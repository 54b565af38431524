"""`worldgen rollout --shell real`: any policy through real bash, labelled so a report shows both faces."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.test_check_and_play import worldgen
from tests.suites import compiled
from worldgen.terminal.jail import available

if available() is not None and os.environ.get("CI") != "true":
    pytest.skip(available(), allow_module_level=True)


def test_the_oracle_succeeds_in_both_faces_and_the_report_shows_both(tmp_path: Path) -> None:
    suite = compiled(tmp_path / "suite", "logs", range(2))
    out = tmp_path / "episodes.jsonl"
    for face in ("emulated", "real"):
        done = worldgen("rollout", str(suite), "--policy", "oracle", "-o", str(out), "--shell", face)
        assert done.returncode == 0, done.stderr
    episodes = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(e["policy"] for e in episodes) == ["oracle", "oracle", "oracle@real-shell", "oracle@real-shell"]
    assert all(e["success"] for e in episodes) and all(e.get("shell") == "real" for e in episodes if "@" in e["policy"])
    real = {e["world"]: e["trace"] for e in episodes if "@" in e["policy"]}
    emulated = {e["world"]: e["trace"] for e in episodes if "@" not in e["policy"]}
    assert real == emulated  # the same observations, rewards and validity step for step
    report = worldgen("report", str(suite), "--rollouts", str(out), "--json")
    rows = json.loads(report.stdout)
    assert "oracle@real-shell" in json.dumps(rows)


def test_real_shell_refuses_a_suite_with_worlds_that_have_no_files(tmp_path: Path) -> None:
    suite = compiled(tmp_path / "suite", "vault", range(1))
    done = worldgen("rollout", str(suite), "--policy", "random", "-o", str(tmp_path / "e.jsonl"), "--shell", "real")
    assert done.returncode == 2 and "--shell real plays terminal worlds" in done.stderr
