"""`worldgen fidelity`: a suite's terminal worlds in both faces, as a table or JSON; refusals
with exit 2 (a suite of plain worlds; a machine without namespaces)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.test_check_and_play import worldgen
from tests.suites import compiled
from worldgen.terminal.jail import available

REASON = available()


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> str:
    return str(compiled(tmp_path_factory.mktemp("logs"), "logs", range(0, 1)))


@pytest.mark.skipif(REASON is not None and os.environ.get("CI") != "true", reason=REASON or "")
def test_json_reports_agreement_states_and_differences_per_world(logs: str) -> None:
    done = worldgen("fidelity", logs, "-n", "15", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert 0.9 <= figures["agreement"] <= 1 and figures["states"] == 1
    assert figures["worlds"][0]["lines"] >= 15
    assert {"agreement", "lines", "agreed", "by_design", "states", "differences"} <= set(figures)


@pytest.mark.skipif(REASON is not None and os.environ.get("CI") != "true", reason=REASON or "")
def test_the_table_and_fail_under(logs: str) -> None:
    done = worldgen("fidelity", logs, "-n", "5", "--fail-under", "0")
    assert done.returncode == 0, done.stderr
    assert "Emulated shell vs real bash" in done.stdout and "overall:" in done.stdout


def test_a_suite_without_terminal_worlds_is_refused_with_exit_2(tmp_path: Path) -> None:
    done = worldgen("fidelity", str(compiled(tmp_path, "vault", range(0, 1))), "-n", "5")
    assert done.returncode == 2
    assert "fidelity compares terminal worlds" in done.stderr and "Traceback" not in done.stderr


def test_a_share_outside_0_to_1_is_a_usage_error(tmp_path: Path) -> None:
    done = worldgen("fidelity", str(tmp_path), "--fail-under", "1.5")
    assert done.returncode == 2 and "expected a share from 0 to 1" in done.stderr
