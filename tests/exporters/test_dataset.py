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

KEYS = ["suite", "world_id", "seed", "scaffold", "params", "axes", "system_prompt", "observation", "prompt",
        "data_source", "env_class", "reward_spec", "extra_info", "info", "task"]


def test_each_row_names_its_episode_and_shows_what_the_model_sees_first(vault_suite: Path) -> None:
    entries = worldgen.load_suite(vault_suite)
    rows = list(dataset_rows(vault_suite, range(2, 5)))
    assert [(r["world_id"], r["seed"]) for r in rows] == [(e.id, s) for e in entries for s in (2, 3, 4)]
    for row in rows:
        assert list(row) == KEYS
        entry = next(e for e in entries if e.id == row["world_id"])
        episode = Episode(entry.world, row["seed"])
        assert row["suite"] == str(vault_suite.resolve()) and Path(row["suite"]).is_absolute()
        assert (row["scaffold"], row["params"], row["axes"]) == ("vault", entry.params, entry.axes)
        assert row["system_prompt"] == episode.system_prompt() and row["observation"] == episode.observation
        assert row["prompt"] == [{"role": "system", "content": row["system_prompt"]},
                                 {"role": "user", "content": row["observation"]}]
        where = {"suite": row["suite"], "world_id": row["world_id"], "seed": row["seed"]}
        assert row["extra_info"] == row["info"] == where
        assert (row["data_source"], row["env_class"], row["task"]) == ("worldgen/vault", "worldgen", "worldgen")
        assert row["reward_spec"] == {"method": "rule", "ground_truth": ""}
        assert episode_for(**where).observation == row["observation"]  # the row rebuilds its episode


def test_the_cli_writes_the_same_bytes_every_time(vault_suite: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert main(["export", "dataset", str(vault_suite), "-o", str(first), "--seeds", "0:2"]) == 0
    assert "wrote 6 rows (jsonl)" in capsys.readouterr().out
    assert main(["export", "dataset", str(vault_suite), "--format", "jsonl", "-o", str(second), "--seeds", "0:2"]) == 0
    assert first.read_bytes() == second.read_bytes()
    lines = first.read_text("utf-8").splitlines()
    assert [json.loads(line) for line in lines] == list(dataset_rows(vault_suite, range(0, 2)))


def test_one_episode_per_world_by_default(vault_suite: Path, tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    assert main(["export", "dataset", str(vault_suite), "-o", str(out)]) == 0
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()] == [0, 0, 0]


@pytest.mark.parametrize("seeds", ["5:5", "x", "-1:2"])
def test_a_bad_seed_range_is_a_usage_error(seeds: str, vault_suite: Path, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["export", "dataset", str(vault_suite), "-o", str(tmp_path / "x.jsonl"), "--seeds", seeds])
    assert exit_.value.code == 2
