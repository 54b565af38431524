"""Trainer integrations benchmark: steps/s through verifiers' and SkyRL's own env interfaces beside the raw runtime.

Run by hand (needs the verifiers and skyrl extras):  .venv/bin/python bench/bench_integrations_vs.py [--seconds S]

Every contender replays the same episodes of a compiled suite (vault, seeds 0:3): per world, a few
episodes of random admissible commands played once beforehand on the raw runtime, until the world
terminated or truncated. A new episode's setup is timed but not counted as steps.

* raw: ``world.env()``, ``reset(seed=)`` then ``step(command)``.
* SkyRL: what SkyRL's generator calls per trajectory: ``skyrl_gym.make("worldgen", extras=row)``
  and ``init(prompt)``, then ``step(reply)`` per turn (reply parsing included).
* verifiers: ``WorldgenEnv.run(task, agents)`` per episode, on the taskset's own tasks, with a
  scripted stand-in for the agent's interaction handing back prepared ``Segment``s: the env's step
  path without a model, a harness or the interception server.
* verifiers, full rollouts: ``WorldgenEnv.run_episode`` against a loopback model that answers at
  once (interception server, in-process harness, HTTP per turn, the trace): what the framework
  costs per model call, for information (a real model takes far longer per call).

Target (issue 11): each framework's env interface >= 80 % of raw. Contenders take turns in short
slices and keep their best slice (``bench_adapters.compare``), on this process's CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import skyrl_gym
import verifiers.v1 as vf

import worldgen
from bench_adapters import compare, line
from worldgen.integrations import skyrl  # noqa: F401  (registers "worldgen")
from worldgen.integrations.verifiers import WorldgenEnv, load_environment

ROOT = Path(__file__).resolve().parent.parent
EPISODES_PER_WORLD = 4
Episode = tuple[str, int, list[str]]  # world id, seed, commands


def compile_suite(out: Path) -> Path:
    subprocess.run([sys.executable, "-m", "worldgen.cli.main", "compile", str(ROOT / "scaffolds/vault.wg"),
                    "--pack", str(ROOT / "content_packs/vault/example.json"), "--seeds", "0:3", "-o", str(out)],
                   check=True, capture_output=True)
    return out


def random_episodes(suite: Path) -> list[Episode]:
    """Random admissible play on the raw runtime, recorded to be replayed by every contender."""
    choice = random.Random(0).choice
    played = []
    for entry in worldgen.load_suite(suite):
        env = entry.world.env()
        for seed in range(EPISODES_PER_WORLD):
            _, info = env.reset(seed=seed)
            commands: list[str] = []
            done = False
            while not done:
                commands.append(choice(info["admissible"]) if info["admissible"] else "look")
                _, _, terminated, truncated, info = env.step(commands[-1])
                done = terminated or truncated
            played.append((entry.id, seed, commands))
    return played


def cycle(items: list[Any]) -> Iterator[Any]:
    while True:
        yield from items


def raw(suite: Path, episodes: list[Episode]) -> Callable[[float], int]:
    envs = {entry.id: entry.world.env() for entry in worldgen.load_suite(suite)}
    upcoming = cycle(episodes)

    def run(deadline: float) -> int:
        steps = 0
        while time.perf_counter() < deadline:
            world_id, seed, commands = next(upcoming)
            env = envs[world_id]
            env.reset(seed=seed)
            for command in commands:
                env.step(command)
            steps += len(commands)
        return steps

    return run


def skyrl_env(suite: Path, episodes: list[Episode]) -> Callable[[float], int]:
    """Rows as the dataset holds them: the prompt is built once, by the exporter."""
    upcoming = cycle(episodes)
    suite_path = str(suite.resolve())
    rows = {}
    for world_id, seed, _ in episodes:
        extras = {"extra_info": {"suite": suite_path, "world_id": world_id, "seed": seed}}
        rows[world_id, seed] = extras, skyrl_gym.make("worldgen", extras=extras).init([])[0]

    def run(deadline: float) -> int:
        steps = 0
        while time.perf_counter() < deadline:
            world_id, seed, commands = next(upcoming)
            extras, prompt = rows[world_id, seed]
            env = skyrl_gym.make("worldgen", env_config={}, extras=extras)
            env.init(prompt)
            for command in commands:
                env.step(command)
            env.close()
            steps += len(commands)
        return steps

    return run


class ScriptedInteraction:
    """Stands in for verifiers' ``Interaction``: each turn returns the next prepared ``Segment``."""

    def __init__(self, segments: list[vf.Segment], trace: vf.Trace):
        self.turns = iter(segments)
        self.trace = trace

    async def turn(self, message: str | None = None) -> vf.Segment:
        return next(self.turns)


class ScriptedAgent:
    def __init__(self, segments: list[vf.Segment], trace: vf.Trace):
        self.segments, self.trace = segments, trace

    @contextlib.asynccontextmanager
    async def interaction(self, task: vf.Task) -> AsyncIterator[ScriptedInteraction]:
        yield ScriptedInteraction(self.segments, self.trace)


class ScriptedAgents:
    def __init__(self, segments: list[vf.Segment], trace: vf.Trace):
        self.agent = ScriptedAgent(segments, trace)


def verifiers_env(env: WorldgenEnv, episodes: list[Episode]) -> Callable[[float], int]:
    """The replies as verifiers hands them to the env (``Segment`` of an ``AssistantMessage``) and
    the rollout's ``Trace`` are made beforehand: making them is the harness's and the rollout's work,
    in the full-rollout figure."""
    tasks = {(t.data.world_id, t.data.seed): t for t in env.taskset}
    some = next(iter(tasks.values()))
    trace = vf.Trace(task=vf.TraceTask(type=type(some).__name__, data=some.data), agent=vf.AgentInfo(config=vf.AgentConfig()))
    played = [(tasks[world_id, seed], ScriptedAgents([vf.Segment(messages=[vf.AssistantMessage(content=c)])
                                                      for c in commands], trace), len(commands))
              for world_id, seed, commands in episodes]
    upcoming = cycle(played)  # type: ignore[arg-type]

    async def play(deadline: float) -> int:
        steps = 0
        while time.perf_counter() < deadline:
            task, agents, n = next(upcoming)
            await env.run(task, agents)  # type: ignore[arg-type]
            steps += n
        return steps

    return lambda deadline: asyncio.run(play(deadline))


def verifiers_rollouts(env: WorldgenEnv, base_url: str, seconds: float) -> float:
    """Steps/s of whole rollouts inside one ``serving()`` (its start-up not timed), wall clock."""
    ctx = vf.ModelContext(model="bench", client=vf.EvalClientConfig(base_url=base_url, api_key_var="WORLDGEN_BENCH_KEY"))
    tasks = list(env.taskset)

    async def play() -> float:
        async with env.serving():
            await env.run_episode(tasks[0], ctx)  # warm-up
            start, steps, n = time.perf_counter(), 0, 0
            while time.perf_counter() - start < seconds:
                episode = await env.run_episode(tasks[n % len(tasks)], ctx)
                steps, n = steps + int(episode.traces[0].metrics["steps"]), n + 1
            return steps / (time.perf_counter() - start)

    return asyncio.run(play())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per contender (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        suite = compile_suite(Path(tmp) / "suite")
        episodes = random_episodes(suite)
        env = load_environment(suite, seeds=EPISODES_PER_WORLD)
        steps = sum(len(c) for *_, c in episodes)
        print(f"{len(episodes)} episodes of random admissible play on vault, {steps} steps; CPU time of this process")
        best = compare({"raw": raw(suite, episodes), "skyrl": skyrl_env(suite, episodes),
                        "verifiers": verifiers_env(env, episodes)}, args.seconds, time.process_time)
        for name in ("skyrl", "verifiers"):
            ok = "ok" if best[name] >= 0.8 * best["raw"] else "MISSED"
            print(line(f"{name}: the env's own interface", best[name], best["raw"], f"target >= 80 %: {ok}"))
        sys.path.insert(0, str(ROOT))
        from tests.content.chat_server import ChatServer, Reply

        os.environ.setdefault("WORLDGEN_BENCH_KEY", "loopback")
        with ChatServer(lambda body, n: Reply(content="I look around.")) as server:  # unparseable: plays to the horizon
            full = verifiers_rollouts(env, server.base_url, args.seconds)
        print(f"  verifiers: full rollouts, loopback model {full:>8,.0f} steps/s   (wall clock; for information: "
              "a model call, the interception server and the trace per step)")


if __name__ == "__main__":
    main()
