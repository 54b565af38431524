"""Shared fixtures: the example scaffolds and their example content records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import worldgen
from tests.suites import compiled, with_tables

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("vault", "services", "ledger")

from tests.flywheel.fixtures import first_round, library  # noqa: E402,F401 - session fixtures of tests/flywheel and tests/exporters


def example_record(name: str) -> dict:
    return json.loads((ROOT / "content_packs" / name / "example.json").read_text())


def example_scaffold(name: str) -> worldgen.Scaffold:
    return worldgen.load(ROOT / "scaffolds" / f"{name}.wg")


@pytest.fixture(params=EXAMPLES)
def example(request: pytest.FixtureRequest) -> tuple[worldgen.Scaffold, dict]:
    return example_scaffold(request.param), example_record(request.param)


@pytest.fixture
def broken_counter_artifact(tmp_path: Path) -> Path:
    """An artifact of the checker's counter world whose invariant fails after two `inc`s."""
    from worldgen.compiler.artifact import build
    from worldgen.verify import verify_world

    source = (ROOT / "tests" / "verify" / "counter.wg").read_text().replace("n <= 4", "n <= 1")
    world = worldgen.loads(source).instantiate({}, seed=0)
    path = tmp_path / "bad.json"
    path.write_text(build(world, verify_world(world), "none").to_json())
    return path


# Suites shared by the tests of rollouts, reports and exporters: built once per session.


@pytest.fixture(scope="session")
def vault_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled(tmp_path_factory.mktemp("vault") / "suite", "vault", range(0, 3))


@pytest.fixture(scope="session")
def ledger_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Deterministic worlds where uniform-random play rarely wins."""
    return compiled(tmp_path_factory.mktemp("ledger") / "suite", "ledger", range(0, 4))


@pytest.fixture(scope="session")
def flaky_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Stochastic worlds: starting a unit fails one time in five, so a walkthrough succeeds only
    under some episode seeds. Seeds 1..2: world 2's walkthrough fails under its first exported
    episode seed, so the exporter's seed search is exercised (worlds 0 and 1 happen to win at once)."""
    return compiled(tmp_path_factory.mktemp("flaky") / "suite", "services", range(1, 3), flakiness="flaky")


@pytest.fixture(scope="session")
def lake_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Worlds with chance (each move may slip), compiled without step tables."""
    return compiled(tmp_path_factory.mktemp("lake") / "suite", "frozen_lake", range(0, 3))


@pytest.fixture(scope="session")
def lake_tables_suite(lake_suite: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same worlds, with their step tables beside them (``compile --tables``)."""
    return with_tables(lake_suite, tmp_path_factory.mktemp("lake-tables") / "suite")
