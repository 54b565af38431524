"""verifiers 0.4: ``vf-eval worldgen --env.taskset.suite OUT`` plays a compiled suite turn by turn.

verifiers resolves the plugin id ``worldgen`` by importing the package ``worldgen`` and taking the
``Taskset``, ``Env`` and ``Harness`` subclasses its ``__all__`` names; ``worldgen`` exports the
three below (lazily, and only when verifiers is installed). One task is one (world, seed) of the
suite, prompted with worldgen's system prompt and first observation. ``WorldgenEnv`` is the user
side of the conversation: each model reply is parsed as ``worldgen rollout --policy openai:``
parses it and stepped, the next observation is the next user turn, and the exchange ends when the
world terminates or truncates (or the agent's ``max_turns`` is reached). The trace's reward is
the world's return; ``success``, ``steps``, ``invalid`` and ``truncated`` are its metrics.
``WorldgenHarness`` asks the model for one reply per turn, in process and without tools (the
built-in chat harnesses start a ``uv`` script per turn).
"""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import openai
import verifiers.v1 as vf
from verifiers.v1.dialects.chat import message_to_wire

from worldgen.agent.episode import Episode
from worldgen.errors import WorldgenError
from worldgen.integrations.suites import episode_for, suite_worlds
from worldgen.llm import chat_completion
from worldgen.seed_ranges import SeedsLike, parse_seeds
from worldgen.seeds_ignored import warn_seeds_ignored
from worldgen.suite_root import resolve_suite

__all__ = ["WorldgenEnv", "WorldgenHarness", "WorldgenTaskset", "load_environment"]


class WorldgenData(vf.TaskData):
    """One episode: a world of a suite and the episode seed (the dataset rows' ``info``)."""

    suite: str
    world_id: str
    seed: int = 0


class WorldgenTask(vf.Task[WorldgenData]):
    """Scored by ``WorldgenEnv`` from the world itself, so it declares no rewards of its own."""


class WorldgenTasksetConfig(vf.TasksetConfig):
    suite: str = ""
    """A compiled suite folder (``worldgen compile -o``), an artifact or a world file (required;
    typed with a default because verifiers validates the config before reading the flags)."""
    seeds: int | str | list[int] = 1
    """Episode seeds of every world, as ``worldgen.seed_ranges`` reads them: a count ``N`` (seeds
    0..N-1), ``"A:B"`` or a list; tasks are every (world, seed)."""
    root: str = ""
    """The suite root a relative ``suite`` is under (default ``$WORLDGEN_SUITE_ROOT``, else the
    current directory)."""


class WorldgenTaskset(vf.Taskset[WorldgenTask, WorldgenTasksetConfig]):
    """Every (world, seed) of the suite, in suite order."""

    def __init__(self, config: WorldgenTasksetConfig) -> None:
        if not config.suite:
            raise WorldgenError("worldgen: error: name the compiled suite to play: --env.taskset.suite OUT")
        super().__init__(config)

    def load(self) -> Iterator[WorldgenTask]:
        suite = resolve_suite(self.config.suite, self.config.root or None)
        seeds = parse_seeds(self.config.seeds)
        worlds = suite_worlds(suite)
        warn_seeds_ignored(worlds.items(), seeds)
        for world_id in worlds:
            for seed in seeds:
                episode = episode_for(suite, world_id, seed)
                data = WorldgenData(id=f"{world_id}@{seed}", name=world_id, prompt=episode.observation,
                                    system_prompt=episode.system_prompt(), suite=suite, world_id=world_id, seed=seed)
                yield WorldgenTask(data, self.config.task)


class WorldgenEnvConfig(vf.EnvConfig):
    agent: vf.AgentConfig = vf.AgentConfig(runtime=vf.SubprocessConfig())
    """The policy playing the worlds (``--env.agent.*``); on the host, as its harness runs no code."""


class WorldgenEnv(vf.Env[WorldgenEnvConfig]):
    """The world answers each reply; the episode ends when the world does."""

    async def run(self, task: vf.Task, agents: vf.Agents) -> None:
        episode = episode_for(task.data.suite, task.data.world_id, task.data.seed)
        async with agents.agent.interaction(task) as interaction:
            segment = await interaction.turn()  # the task's prompt is the first observation
            while not segment.terminated:
                observation = episode.act(segment.last_reply)
                if episode.done:
                    break
                segment = await interaction.turn(observation)
            record(interaction.trace, episode)  # before the close, which logs and scores the trace


def record(trace: vf.Trace, episode: Episode) -> None:
    """The world's return as the trace's reward; the rest of the episode's metrics as metrics."""
    metrics = episode.metrics()
    trace.record_reward("return", metrics.pop("return"))
    trace.record_metrics(metrics)


class WorldgenHarnessConfig(vf.HarnessConfig):
    """No knobs: sampling comes from the run (``--sampling.*``)."""


class WorldgenHarness(vf.Harness[WorldgenHarnessConfig]):
    """One chat completion per turn through the run's interception endpoint, in process."""

    APPENDS_SYSTEM_PROMPT = True
    SUPPORTS_RESUME = True
    EXECUTES_CODE = False
    NEEDS_CONTAINER = False

    async def launch(self, ctx: vf.ModelContext, trace: vf.Trace, runtime: vf.Runtime, endpoint: str, secret: str,
                     mcp_urls: dict[str, str], data: vf.TaskData, **_: Any) -> vf.ProgramResult:
        system, prompt = self.resolve_prompt(data)
        messages: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
        if isinstance(prompt, str):
            messages.append({"role": "user", "content": prompt})
        else:
            messages += [message_to_wire(message) for message in prompt or []]
        http = httpx.AsyncClient(verify=_tls())
        async with openai.AsyncOpenAI(base_url=endpoint, api_key=secret, max_retries=0, http_client=http) as client:
            # the answer is the interception server's to record; the whole conversation is sent
            # every turn, so it goes as it is (``chat_completion``), on the rollouts' one event loop
            await chat_completion(client, {"model": ctx.model, "messages": messages})
        return vf.ProgramResult(exit_code=0, stdout="", stderr="")


@cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every turn's client: building one (the CA bundle) takes ~100 ms."""
    return ssl.create_default_context()


def load_environment(suite: str | Path, seeds: SeedsLike = 1, root: str | Path | None = None, **env: Any) -> WorldgenEnv:
    """The ``vf-eval worldgen`` environment built in Python (``env`` holds further ``EnvConfig``
    fields, such as ``agent``); ``seeds``: a count, ``"A:B"``, a range or a list."""
    taskset = {"id": "worldgen", "suite": str(suite), "seeds": _config_seeds(seeds), "root": str(root or "")}
    config = vf.resolve_env_config({**env, "taskset": taskset})
    return WorldgenEnv(config)  # type: ignore[arg-type]


def _config_seeds(seeds: SeedsLike) -> int | str | list[int]:
    """Seeds as the taskset config holds them (JSON): consecutive ones as ``"A:B"``, else a list."""
    parsed = parse_seeds(seeds)
    if isinstance(parsed, range) and parsed.step == 1:
        return f"{parsed.start}:{parsed.stop}"
    return list(parsed)
