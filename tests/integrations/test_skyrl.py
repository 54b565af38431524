"""SkyRL: ``skyrl_gym.make("worldgen", ...)`` plays one dataset row's episode as worldgen scores it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

skyrl_gym = pytest.importorskip("skyrl_gym")

import worldgen  # noqa: E402
from tests.walkthrough import chatty  # noqa: E402
from worldgen.errors import WorldgenError  # noqa: E402
from worldgen.integrations import skyrl  # noqa: E402  (registers "worldgen")
from worldgen.integrations.suites import episode_for  # noqa: E402


def row(suite: Path, world_id: str, seed: int = 0) -> dict[str, Any]:
    """The SkyRL fields of a ``worldgen export dataset`` row (the exporter's contract)."""
    episode = episode_for(suite, world_id, seed)
    prompt = [{"role": "system", "content": episode.system_prompt()}, {"role": "user", "content": episode.observation}]
    extra_info = {"suite": str(suite.resolve()), "world_id": world_id, "seed": seed}
    return {"prompt": prompt, "data_source": "worldgen/vault", "env_class": "worldgen",
            "reward_spec": {"method": "rule", "ground_truth": ""}, "extra_info": extra_info}


def world_return(world: worldgen.World, commands: list[str], seed: int = 0) -> tuple[list[float], str]:
    env = world.env()
    observation, _ = env.reset(seed=seed)
    rewards = []
    for command in commands:
        observation, reward, *_ = env.step(command)
        rewards.append(reward)
    return rewards, observation


def test_a_chatty_oracle_earns_the_worlds_return_step_by_step(vault_suite: Path) -> None:
    entry = worldgen.load_suite(vault_suite)[1]
    walkthrough = [step.command for step in entry.report.oracle.steps]
    data = row(vault_suite, entry.id)
    env = skyrl_gym.make("worldgen", env_config={}, extras={**data, "max_turns": 50})
    messages, info = env.init(data["prompt"])
    assert messages == data["prompt"] and info == {"world_id": entry.id, "seed": 0}
    outputs = [env.step(chatty(command, turn)) for turn, command in enumerate(walkthrough)]
    expected, _ = world_return(entry.world, walkthrough)
    assert [out["reward"] for out in outputs] == expected  # SkyRL sums these: the world's return
    assert [out["done"] for out in outputs] == [False] * (len(walkthrough) - 1) + [True]
    assert [out["metadata"]["command"] for out in outputs] == walkthrough
    _, second_observation = world_return(entry.world, walkthrough[:1])
    assert outputs[0]["observations"] == [{"role": "user", "content": second_observation}]
    assert outputs[-1]["observations"] == []
    assert outputs[-1]["metadata"]["success"] == 1.0 and outputs[-1]["metadata"]["steps"] == len(walkthrough)
    assert env.get_metrics() == {"return": sum(expected), "success": 1.0, "steps": len(walkthrough), "invalid": 0,
                                 "truncated": 0.0}


def test_the_generators_max_turns_ends_an_episode_the_world_has_not_ended(vault_suite: Path) -> None:
    entry = worldgen.load_suite(vault_suite)[0]
    env = skyrl_gym.make("worldgen", env_config={}, extras={**row(vault_suite, entry.id), "max_turns": 2})
    first = env.step("Let me think about this.")
    second = env.step("Still thinking.")
    assert not first["done"] and second["done"] and second["observations"] == []
    assert second["metadata"] == {"command": "Still thinking", "success": 0.0, "steps": 2}
    assert env.get_metrics()["invalid"] == 2


def test_reward_at_end_puts_the_whole_return_on_the_last_step(vault_suite: Path) -> None:
    entry = worldgen.load_suite(vault_suite)[1]
    walkthrough = [step.command for step in entry.report.oracle.steps]
    env = skyrl_gym.make("worldgen", env_config={"reward_at_end": True}, extras=row(vault_suite, entry.id, seed=0))
    rewards = [env.step(command)["reward"] for command in walkthrough]
    assert rewards[:-1] == [0.0] * (len(walkthrough) - 1)
    assert rewards[-1] == pytest.approx(sum(world_return(entry.world, walkthrough)[0]))


def test_a_row_without_a_prompt_is_prompted_by_the_episode_and_registration_is_idempotent(vault_suite: Path) -> None:
    skyrl.register()
    assert skyrl_gym.spec("worldgen").entry_point is skyrl.WorldgenTextEnv
    entry = worldgen.load_suite(vault_suite)[0]
    env = skyrl_gym.make("worldgen", extras={"extra_info": row(vault_suite, entry.id, seed=4)["extra_info"]})
    messages, _ = env.init([])
    assert messages == row(vault_suite, entry.id, seed=4)["prompt"]
    assert env.max_turns == entry.world.env().horizon


def test_a_row_that_does_not_name_its_episode_is_an_error_saying_what_it_lacks() -> None:
    with pytest.raises(WorldgenError, match=r"extra_info names its episode with suite, world_id and seed.*\['seed'\]"):
        skyrl_gym.make("worldgen", extras={"extra_info": {"seed": 1}})


def test_a_rows_relative_suite_is_found_under_the_env_configs_root(vault_suite: Path) -> None:
    entry = worldgen.load_suite(vault_suite)[0]
    extras = {"extra_info": {"suite": "suite", "world_id": entry.id, "seed": 0}}
    env = skyrl_gym.make("worldgen", env_config={"root": str(vault_suite.parent)}, extras=extras)
    assert env.episode.world.id == entry.id
    env.close()
