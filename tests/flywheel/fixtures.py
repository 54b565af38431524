"""A two-scaffold library and one round of the loop over it (the solver's reports), shared by the
flywheel and proposer-task tests (registered in tests/conftest.py): compiling and rolling out is
the slow part, so it runs once per session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from worldgen.flywheel.loop import LoopSettings, loop

ROOT = Path(__file__).resolve().parents[2]

SOLVER = "noisy-oracle:0.3"
SEEDS = range(10)


def make_library(folder: Path, names: tuple[str, ...] = ("ledger", "vault")) -> Path:
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(ROOT / "scaffolds" / f"{name}.wg", folder / f"{name}.wg")
        shutil.copy(ROOT / "content_packs" / name / "example.json", folder / f"{name}.json")
    return folder


@pytest.fixture(scope="session")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_library(tmp_path_factory.mktemp("flywheel") / "library")


@pytest.fixture(scope="session")
def first_round(library: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """RUN/ after one round of `worldgen loop` (its reports are what `propose` reads)."""
    run = tmp_path_factory.mktemp("flywheel-run") / "run"
    loop(library, run, LoopSettings(SOLVER, rounds=1, proposals=2, seeds=SEEDS))
    return run
