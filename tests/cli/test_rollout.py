"""`worldgen rollout --seeds A:B|N`: the episode seeds of every world, in the one seeds convention."""

import json
from pathlib import Path

import pytest

from worldgen.cli.main import main


def seeds_played(out: Path) -> list[tuple[str, int]]:
    return sorted((e["world"], e["seed"]) for e in map(json.loads, out.read_text().splitlines()))


def test_seeds_say_in_one_flag_what_seed_and_episodes_say(vault_suite: Path, tmp_path: Path) -> None:
    ranged, counted, spelled = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    assert main(["rollout", str(vault_suite), "--policy", "oracle", "-o", str(ranged), "--seeds", "2:4"]) == 0
    assert main(["rollout", str(vault_suite), "--policy", "oracle", "-o", str(spelled), "--seed", "2", "--episodes", "2"]) == 0
    assert seeds_played(ranged) == seeds_played(spelled)
    assert {seed for _, seed in seeds_played(ranged)} == {2, 3}
    assert main(["rollout", str(vault_suite), "--policy", "oracle", "-o", str(counted), "--seeds", "2"]) == 0
    assert {seed for _, seed in seeds_played(counted)} == {0, 1}  # a count N: seeds 0..N-1


def test_seeds_with_seed_or_episodes_is_a_usage_error(vault_suite: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["rollout", str(vault_suite), "--policy", "oracle", "-o", str(tmp_path / "x.jsonl"), "--seeds", "0:2"]
    assert main([*argv, "--episodes", "3"]) == 2
    assert "--seeds names the episode seeds; it replaces --seed and --episodes" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()
