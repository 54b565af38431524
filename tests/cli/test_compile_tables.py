"""`compile --tables` writes step tables beside each artifact; `verify` passes them as built and
fails a tampered one, naming the world and the state."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.cli.test_check_and_play import worldgen
from worldgen.compiler.artifact import load_world
from worldgen.tables.paths import tables_path
from worldgen.tables.store import load, save


def test_verify_fails_tables_whose_probabilities_were_edited(tmp_path: Path) -> None:
    out = tmp_path / "lake"
    done = worldgen("compile", "scaffolds/frozen_lake.wg", "--seeds", "0:2", "--tables", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "step tables: 2 of 2 worlds" in done.stdout
    assert worldgen("verify", str(out)).returncode == 0
    artifact = sorted((out / "worlds").glob("*.json"))[0]
    world = load_world(artifact)
    tables = load(tables_path(artifact), world.id)
    prob = tables.prob.copy()
    t = int((prob < 1).nonzero()[0][0])
    prob[t] /= 2
    save(replace(tables, prob=prob), tables_path(artifact))
    done = worldgen("verify", str(out))
    assert done.returncode == 1
    assert f"world {world.id}: state " in done.stderr and "probabilities summing to" in done.stderr
