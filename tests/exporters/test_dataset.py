"""`worldgen export dataset`: one row per (world, episode seed) in the layout RL trainers read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import worldgen
from worldgen.agent import Episode
from worldgen.cli.main import main
from worldgen.exporters.dataset import dataset_rows
from worldgen.integrations.suites import episode_for
from worldgen.seeds_ignored import SeedsIgnored

KEYS = ["suite", "world_id", "seed", "scaffold", "params", "axes", "system_prompt", "observation", "prompt",
        "data_source", "env_class", "reward_spec", "extra_info", "info", "task"]


def test_each_row_names_its_episode_and_shows_what_the_model_sees_first(vault_suite: Path) -> None:
    entries = worldgen.load_suite(vault_suite)
    with pytest.warns(SeedsIgnored):  # vault has no run-time chance
        rows = list(dataset_rows(vault_suite, range(2, 5), root=vault_suite.parent))
    assert [(r["world_id"], r["seed"]) for r in rows] == [(e.id, s) for e in entries for s in (2, 3, 4)]
    for row in rows:
        assert list(row) == KEYS
        entry = next(e for e in entries if e.id == row["world_id"])
        episode = Episode(entry.world, row["seed"])
        assert row["suite"] == "suite"  # relative to the suite root, never this machine's path
        assert (row["scaffold"], row["params"], row["axes"]) == ("vault", entry.params, entry.axes)
        assert row["system_prompt"] == episode.system_prompt() and row["observation"] == episode.observation
        assert row["prompt"] == [{"role": "system", "content": row["system_prompt"]},
                                 {"role": "user", "content": row["observation"]}]
        where = {"suite": row["suite"], "world_id": row["world_id"], "seed": row["seed"]}
        assert row["extra_info"] == row["info"] == where
        assert (row["data_source"], row["env_class"], row["task"]) == ("worldgen/vault", "worldgen", "worldgen")
        assert row["reward_spec"] == {"method": "rule", "ground_truth": ""}
        assert episode_for(**where, root=vault_suite.parent).observation == row["observation"]  # the row rebuilds its episode


def test_the_cli_writes_the_same_bytes_every_time(vault_suite: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    root = ["--root", str(vault_suite.parent)]
    assert main(["export", "dataset", str(vault_suite), "-o", str(first), "--seeds", "0:2", *root]) == 0
    assert "wrote 6 rows (jsonl)" in capsys.readouterr().out
    assert main(["export", "dataset", str(vault_suite), "--format", "jsonl", "-o", str(second), "--seeds", "2", *root]) == 0
    assert first.read_bytes() == second.read_bytes()  # a count N is seeds 0..N-1
    lines = first.read_text("utf-8").splitlines()
    with pytest.warns(SeedsIgnored):
        assert [json.loads(line) for line in lines] == list(dataset_rows(vault_suite, range(0, 2), root=vault_suite.parent))


def test_one_episode_per_world_by_default(vault_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "rows.jsonl"
    monkeypatch.chdir(vault_suite.parent)
    assert main(["export", "dataset", "suite", "-o", str(out)]) == 0
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()] == [0, 0, 0]


def test_rows_hold_the_suite_relative_to_the_root_the_environment_variable_names(
        vault_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "rows.jsonl"
    monkeypatch.setenv("WORLDGEN_SUITE_ROOT", str(vault_suite.parent.parent))
    assert main(["export", "dataset", str(vault_suite), "-o", str(out)]) == 0
    row = json.loads(out.read_text().splitlines()[0])
    assert row["suite"] == f"{vault_suite.parent.name}/suite" == row["extra_info"]["suite"] == row["info"]["suite"]
    monkeypatch.chdir(tmp_path)  # a trainer elsewhere finds it through the same variable
    assert episode_for(row["suite"], row["world_id"], row["seed"]).observation == row["observation"]


def test_a_suite_outside_the_root_is_a_usage_error_naming_the_remedy(
        vault_suite: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["export", "dataset", str(vault_suite), "-o", str(tmp_path / "x.jsonl"), "--root", str(tmp_path)])
    assert code == 2
    assert f"the suite is outside the suite root {tmp_path}" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()


def test_seeds_of_worlds_without_chance_are_warned_about(vault_suite: Path, flaky_suite: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "dataset", str(vault_suite), "-o", str(tmp_path / "v.jsonl"), "--seeds", "0:4",
                 "--root", str(vault_suite.parent)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("worldgen export dataset: warning: 3 of 3 worlds (vault-0-")
    assert "have no run-time chance, so each of their 4 episode seeds plays the same episode" in err
    assert main(["export", "dataset", str(flaky_suite), "-o", str(tmp_path / "f.jsonl"), "--seeds", "0:4",
                 "--root", str(flaky_suite.parent)]) == 0
    assert "warning" not in capsys.readouterr().err  # `chance` in its rules: every seed is its own episode


@pytest.mark.parametrize("seeds", ["5:5", "x", "-1:2", "0"])
def test_a_bad_seed_range_is_a_usage_error(seeds: str, vault_suite: Path, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["export", "dataset", str(vault_suite), "-o", str(tmp_path / "x.jsonl"), "--seeds", seeds])
    assert exit_.value.code == 2
