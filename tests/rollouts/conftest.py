"""Suites shared by the rollout tests: built once per session (compiling is the slow part)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rollouts.suites import compiled


@pytest.fixture(scope="session")
def ledger_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Deterministic worlds where uniform-random play rarely wins."""
    return compiled(tmp_path_factory.mktemp("ledger") / "suite", "ledger", range(0, 4))


@pytest.fixture(scope="session")
def flaky_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Stochastic worlds: starting a unit fails one time in five."""
    return compiled(tmp_path_factory.mktemp("flaky") / "suite", "services", range(0, 3), flakiness="flaky")
