"""Random and oracle rollouts over small compiled suites: records, seeds, resume, determinism."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import Entry, open_entries
from worldgen.rollouts.records import read


def rollout(suite: Path, policy: str, out: Path, episodes: int = 2, concurrency: int = 2, seed: int = 0) -> list[dict]:
    asyncio.run(run(open_entries(suite), make_policy(policy), out, episodes, concurrency, seed))
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_the_oracle_solves_every_world_and_random_mostly_fails(ledger_suite: Path, tmp_path: Path) -> None:
    oracle = rollout(ledger_suite, "oracle", tmp_path / "oracle.jsonl")
    random = rollout(ledger_suite, "random", tmp_path / "random.jsonl")
    assert len(oracle) == len(random) == 2 * len(open_entries(ledger_suite))
    assert all(e["success"] and e["error"] is None for e in oracle)
    assert sum(e["success"] for e in random) <= len(random) // 4
    entries = {e.id: e for e in open_entries(ledger_suite)}
    for e in oracle:  # the walkthrough, replayed: its commands, its length, its return
        report = entries[e["world"]].report
        assert [s["command"] for s in e["trace"]] == [s.command for s in report.oracle.steps]
        assert e["return"] == report.returns.oracle and e["steps"] == report.measures.solution_length


def test_an_episode_records_everything_the_report_needs(ledger_suite: Path, tmp_path: Path) -> None:
    episode = rollout(ledger_suite, "random", tmp_path / "r.jsonl", episodes=1)[0]
    world = open_entries(ledger_suite)[0].world
    assert episode["format"] == "worldgen.rollout/1" and episode["policy"] == "random"
    assert episode["axes"] == world.axes and episode["params"] == world.params and episode["scaffold"] == "ledger"
    assert episode["observation"] and episode["steps"] == len(episode["trace"]) > 0
    assert set(episode["trace"][0]) >= {"command", "observation", "reward", "valid"}
    assert abs(sum(s["reward"] for s in episode["trace"]) - episode["return"]) < 1e-6
    assert episode["tokens"] is None and episode["error"] is None and "seconds" in episode["timing"]
    assert episode["truncated"] or episode["terminated"]


def test_the_stochastic_oracle_replans_and_still_solves_every_world(flaky_suite: Path, tmp_path: Path) -> None:
    episodes = rollout(flaky_suite, "oracle", tmp_path / "o.jsonl", episodes=4)
    assert all(e["success"] for e in episodes)
    entries = {e.id: e for e in open_entries(flaky_suite)}
    assert any(e["steps"] > entries[e["world"]].report.measures.solution_length for e in episodes)  # chance said no, it retried


def test_same_inputs_give_the_same_file_apart_from_timing(ledger_suite: Path, tmp_path: Path) -> None:
    a = rollout(ledger_suite, "random", tmp_path / "a.jsonl", concurrency=1)
    b = rollout(ledger_suite, "random", tmp_path / "b.jsonl", concurrency=3)
    strip = lambda eps: [{k: v for k, v in e.items() if k != "timing"} for e in eps]  # noqa: E731
    assert strip(a) == strip(b)
    c = rollout(ledger_suite, "random", tmp_path / "c.jsonl", seed=100)
    assert [e["seed"] for e in c][:2] == [100, 101] and strip(c) != strip(a)


def test_a_rerun_resumes_without_duplicates_and_cuts_a_torn_line(ledger_suite: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    full = rollout(ledger_suite, "random", out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][:40])  # killed mid-write of the 4th episode
    resumed = rollout(ledger_suite, "random", out)
    strip = lambda eps: [{k: v for k, v in e.items() if k != "timing"} for e in eps]  # noqa: E731
    assert strip(resumed) == strip(full)
    rollout(ledger_suite, "oracle", out, episodes=1)  # another policy appends to the same file
    episodes, warnings = read(out)
    assert len(episodes) == len(full) + len(open_entries(ledger_suite)) and not warnings


def test_one_episode_per_world_deals_each_world_its_own_luck(flaky_suite: Path, tmp_path: Path) -> None:
    """Every world's episode 0 has episode seed 0, yet run-time chance is keyed by the world's own
    seed too: six worlds with the same rules and content, played once each, do not all see the
    same chance outcomes, and the same run again gives the same episodes."""
    entry = open_entries(flaky_suite)[0]
    twins = [Entry(f"twin-{s}", entry.world.model_copy(update={"seed": s}), entry.stored_report) for s in range(6)]

    def play(out: Path) -> list[tuple]:
        asyncio.run(run(twins, make_policy("oracle"), out, episodes=1))
        episodes = [json.loads(line) for line in out.read_text().splitlines()]
        assert {e["seed"] for e in episodes} == {0}
        return [tuple((s["command"], s["observation"]) for s in e["trace"]) for e in episodes]

    first = play(tmp_path / "a.jsonl")
    assert len(set(first)) > 1
    assert play(tmp_path / "b.jsonl") == first
