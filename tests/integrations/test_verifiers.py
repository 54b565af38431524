"""verifiers 0.4: the real framework plays worlds against a loopback Chat Completions model, through
its Python API and through the ``vf-eval worldgen`` command line."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

vf = pytest.importorskip("verifiers.v1")

import worldgen  # noqa: E402
from tests.content.chat_server import ChatServer, Reply  # noqa: E402
from tests.walkthrough import chatty, walkthrough_script  # noqa: E402
from worldgen.errors import WorldgenError  # noqa: E402
from worldgen.integrations import verifiers as integration  # noqa: E402
from worldgen.seeds_ignored import SeedsIgnored  # noqa: E402

KEY_VAR = "WORLDGEN_TEST_MODEL_KEY"  # the loopback server takes any key; verifiers reads it from the environment


def oracle(entry: Any) -> list[str]:
    return [step.command for step in entry.report.oracle.steps]


def world_return(world: worldgen.World, commands: list[str]) -> float:
    env = world.env()
    env.reset(seed=0)
    return sum(env.step(command)[1] for command in commands)


@pytest.fixture(autouse=True)
def model_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_VAR, "loopback")


def play(suite: Path, script: Callable[[dict[str, Any], int], Reply], task: int = 0) -> tuple[Any, ChatServer]:
    """One episode of task ``task`` through ``load_environment`` and the env's own ``run_episode``."""
    env = integration.load_environment(suite)
    chosen = list(env.taskset)[task]

    async def run(base_url: str) -> Any:
        client = vf.EvalClientConfig(base_url=base_url, api_key_var=KEY_VAR)
        async with env.serving():
            return await env.run_episode(chosen, vf.ModelContext(model="test-model", client=client))

    with ChatServer(script) as server:
        episode = asyncio.run(run(server.base_url))
    assert episode.ok and not episode.errors
    return episode, server


def test_vf_eval_resolves_the_worldgen_plugin_to_this_package() -> None:
    from verifiers.v1.utils.loaders import default_harness_id, environment_class, taskset_class, taskset_config_type

    assert taskset_class("worldgen") is integration.WorldgenTaskset is worldgen.WorldgenTaskset
    assert environment_class("worldgen") is integration.WorldgenEnv
    assert default_harness_id("worldgen") == "worldgen"  # the in-process chat harness, not bash
    assert "suite" in taskset_config_type("worldgen").model_fields
    assert {"WorldgenEnv", "WorldgenHarness", "WorldgenTaskset"} <= set(worldgen.__all__)


def test_tasks_are_every_world_and_seed_prompted_as_worldgen_prompts(vault_suite: Path) -> None:
    env = integration.load_environment(vault_suite, seeds=2)
    tasks = list(env.taskset)
    entries = worldgen.load_suite(vault_suite)
    assert [(t.data.world_id, t.data.seed) for t in tasks] == [(e.id, s) for e in entries for s in (0, 1)]
    first = tasks[0].data
    observation, _ = entries[0].world.env().reset(seed=0)
    assert first.system_prompt == entries[0].world.system_prompt() and first.prompt == observation
    assert first.suite == str(vault_suite.resolve())


@pytest.mark.parametrize("seeds", ["1:3", range(1, 3), [1, 2]])
def test_seeds_take_every_spelling_and_a_relative_suite_its_root(seeds: Any, vault_suite: Path) -> None:
    with pytest.warns(SeedsIgnored):  # vault has no run-time chance: its seeds repeat one episode
        tasks = list(integration.load_environment("suite", seeds=seeds, root=vault_suite.parent).taskset)
    assert [t.data.seed for t in tasks] == [1, 2] * len(worldgen.load_suite(vault_suite))


def test_a_chatty_model_wins_with_the_worlds_return_as_reward(vault_suite: Path) -> None:
    entry = worldgen.load_suite(vault_suite)[1]
    walkthrough = oracle(entry)
    episode, server = play(vault_suite, walkthrough_script(walkthrough), task=1)
    (trace,) = episode.traces
    assert trace.reward == pytest.approx(world_return(entry.world, walkthrough))
    assert trace.metrics == {"success": 1.0, "steps": len(walkthrough), "invalid": 0.0, "truncated": 0.0}
    assert len(server.requests) == len(walkthrough)  # the exchange ends when the world does
    last = server.requests[-1]["messages"]
    assert [m["role"] for m in last] == ["system"] + ["user", "assistant"] * (len(walkthrough) - 1) + ["user"]
    assert last[0]["content"] == entry.world.system_prompt()
    assert last[2]["content"] == chatty(walkthrough[0], 0) and last[4]["content"] == chatty(walkthrough[1], 1)
    env = entry.world.env()
    env.reset(seed=0)
    assert last[3]["content"] == env.step(walkthrough[0])[0]  # each observation is the next user turn


def test_an_episode_the_model_never_plays_ends_when_the_world_truncates(vault_suite: Path) -> None:
    horizon = worldgen.load_suite(vault_suite)[0].world.env().horizon
    episode, server = play(vault_suite, lambda body, n: Reply(content="Let me think about it."))
    (trace,) = episode.traces
    assert len(server.requests) == horizon
    assert trace.metrics == {"success": 0.0, "steps": horizon, "invalid": horizon, "truncated": 1.0}


def test_a_missing_suite_is_an_error_saying_which_flag_to_pass() -> None:
    with pytest.raises(WorldgenError, match="--env.taskset.suite"):
        integration.load_environment("")


def test_the_vf_eval_command_plays_a_suite(vault_suite: Path, tmp_path: Path) -> None:
    """The real ``vf-eval`` in a subprocess, local only (``--no-push``), every model call to 127.0.0.1."""
    entries = worldgen.load_suite(vault_suite)
    by_start = {entry.world.env().reset(seed=0)[0]: oracle(entry) for entry in entries}

    def script(body: dict[str, Any], n: int) -> Reply:
        return walkthrough_script(by_start[body["messages"][1]["content"]])(body, n)

    vf_eval = Path(sys.executable).parent / "vf-eval"
    env = {**os.environ, "HOME": str(tmp_path)}  # no ~/.prime login; verifiers' caches in tmp
    with ChatServer(script) as server:
        done = subprocess.run(
            [str(vf_eval), "worldgen", "--env.taskset.suite", str(vault_suite), "--env.taskset.seeds", "1:2", "-m", "test-model",
             "--client.base-url", server.base_url, "--client.api-key-var", KEY_VAR, "--no-push", "--no-rich",
             "-o", str(tmp_path / "runs"), "--run.name", "suite"],
            capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    episodes = [json.loads(line) for line in (tmp_path / "runs" / "suite" / "traces.jsonl").read_text().splitlines()]
    assert len(episodes) == len(entries) and all(episode["ok"] for episode in episodes)
    for episode in episodes:
        (trace,) = episode["traces"]
        entry = next(e for e in entries if e.id == trace["task"]["data"]["world_id"])
        assert trace["rewards"]["return"]["score"] == pytest.approx(world_return(entry.world, oracle(entry)))
        assert trace["metrics"]["success"] == 1.0 and trace["metrics"]["steps"] == len(oracle(entry))
        assert trace["task"]["data"]["seed"] == 1  # "A:B" on vf-eval's command line, as everywhere
