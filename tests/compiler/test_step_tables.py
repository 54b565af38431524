"""`compile --tables`: each worker builds an accepted world's tables from the graph it has just
verified (one exploration per world); the files are the bytes an exploration of the artifact
would give, and a world that does not fit is counted with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldgen
from worldgen.compiler.step_tables import write_tables

ROOT = Path(__file__).resolve().parents[2]


def tables_files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "worlds").glob("*.tables.npz"))}


def test_worker_built_tables_are_the_bytes_of_exploring_each_artifact_again(tmp_path: Path) -> None:
    suite = worldgen.compile(ROOT / "scaffolds/frozen_lake.wg", tmp_path / "lake", range(6), jobs=2, tables=True,
                             progress=False)
    built = tables_files(suite.path)
    assert len(built) == suite.accepted == 6 and suite.summary["tables"] == {"written": 6, "without": {}}
    for path in (suite.path / "worlds").glob("*.tables.npz"):
        path.unlink()
    assert write_tables(suite.path) == (6, {})  # no reason known and no file: each is explored again
    assert tables_files(suite.path) == built


def test_a_world_that_does_not_fit_is_counted_with_its_reason(tmp_path: Path) -> None:
    suite = worldgen.compile(ROOT / "scaffolds/git.wg", tmp_path / "git", range(2), tables=True, progress=False)
    assert suite.accepted and suite.summary["tables"] == {
        "written": 0, "without": {"it takes typed text or words in its commands": suite.accepted}}
    assert tables_files(suite.path) == {}


def test_an_interrupted_tables_compile_resumed_without_tables_is_refused(tmp_path: Path) -> None:
    """It finished with tables for the worlds before the kill only, which the vector env refuses."""
    suite = worldgen.compile(ROOT / "scaffolds/frozen_lake.wg", tmp_path / "lake", range(3), tables=True, progress=False)
    (suite.path / "in-progress").write_text("", "utf-8")  # as a kill leaves it (the journal's marker)
    with pytest.raises(worldgen.WorldgenError, match=r"holds an interrupted `compile --tables`; re-run it with --tables"):
        worldgen.compile(ROOT / "scaffolds/frozen_lake.wg", tmp_path / "lake", range(3), progress=False)
