"""Rollouts of a suite compiled with --tables play its worlds from the tables: the same episodes,
byte for byte apart from timing, each marked ``"runtime": "tables"``."""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import replace
from pathlib import Path

import gymnasium as gym
import pytest

from tests.rollouts.test_runner import rollout
from worldgen.adapters import SUITE_ENV_ID
from worldgen.errors import WorldgenError
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.runtimes import open_env, runtime_of
from worldgen.rollouts.sources import open_entries
from worldgen.tables.store import load, save


def without(episodes: list[dict], *keys: str) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in keys} for e in episodes]


@pytest.mark.parametrize("policy", ["random", "oracle"])
def test_tables_give_the_episodes_the_rules_give(policy: str, lake_suite: Path, lake_tables_suite: Path,
                                                 tmp_path: Path) -> None:
    rules = rollout(lake_suite, policy, tmp_path / "rules.jsonl", episodes=4)
    tables = rollout(lake_tables_suite, policy, tmp_path / "tables.jsonl", episodes=4)
    assert len(tables) == 12 and sum(e["steps"] for e in tables) > 12
    assert without(tables, "timing", "runtime") == without(rules, "timing")
    assert {e["runtime"] for e in tables} == {"tables"}
    assert all("runtime" not in e for e in rules)  # files of the rules keep their old bytes


def test_a_record_without_a_runtime_ran_on_the_rules() -> None:
    assert runtime_of({"policy": "random"}) == "rules"
    assert runtime_of({"runtime": "tables"}) == "tables"


def test_a_resumed_run_ends_with_the_file_a_whole_run_writes(lake_tables_suite: Path, tmp_path: Path) -> None:
    whole = rollout(lake_tables_suite, "random", tmp_path / "whole.jsonl", episodes=2)
    rollout(lake_tables_suite, "random", tmp_path / "resumed.jsonl", episodes=1)
    resumed = rollout(lake_tables_suite, "random", tmp_path / "resumed.jsonl", episodes=2)
    assert without(resumed, "timing") == without(whole, "timing")


def test_the_real_shell_plays_on_the_rules(lake_tables_suite: Path) -> None:
    entry = open_entries(lake_tables_suite)[0]
    for shell, runtime in (("emulated", "tables"), ("real", "rules")):
        env, used = open_env(entry, shell)
        env.close()
        assert used == runtime


def test_a_tampered_tables_file_stops_the_run_before_any_episode(lake_tables_suite: Path, tmp_path: Path) -> None:
    suite = shutil.copytree(lake_tables_suite, tmp_path / "suite")
    broken = sorted((suite / "worlds").glob("*.tables.npz"))[0]
    broken.write_bytes(b"not a zip")
    out = tmp_path / "r.jsonl"
    with pytest.raises(WorldgenError, match=rf"{broken.name}: error: step tables edited after compilation: their "
                                            r"sha256 differs from the one \S*index.jsonl:\d+ records"):
        asyncio.run(run(open_entries(suite), make_policy("random"), out))
    assert not out.exists()


def test_tables_edited_to_pay_more_are_refused_and_trusted_they_run_on_the_rules(lake_tables_suite: Path, tmp_path: Path) -> None:
    """Well-formed tables whose numbers were changed pass every structural check: the sha256 the
    index records for them is what catches them (verify also replays them against the rules)."""
    suite = shutil.copytree(lake_tables_suite, tmp_path / "suite")
    edited = sorted((suite / "worlds").glob("*.tables.npz"))[0]
    world_id = edited.name.removesuffix(".tables.npz")
    tables = load(edited, world_id)
    save(replace(tables, gain=tables.gain + 100), edited)
    with pytest.raises(WorldgenError, match="step tables edited after compilation"):
        open_entries(suite)
    with pytest.raises(WorldgenError, match="step tables edited after compilation"):
        gym.make_vec(SUITE_ENV_ID, num_envs=2, vectorization_mode="vector_entry_point", suite=str(suite))
    trusted = {e.id: e for e in open_entries(suite, trust_edited=True)}
    assert trusted[world_id].tables_file is None  # --trust-edited: the world runs on its rules
