"""verifiers and SkyRL benchmark: steps/s through each framework's own env interface beside the raw runtime.

Run by hand (needs the verifiers and skyrl extras):  .venv/bin/python bench/bench_integrations_vs.py [--seconds S]

Timed as every integration benchmark is (bench/integrations.py): the oracle's walkthroughs of a
compiled suite under a few episode seeds, episode after episode, beside worldgen's raw ``Env``
playing the same episodes (Gymnasium's ``Env.step``), in this process's CPU time; target (issue 11)
>= 80 % of raw. For information, the same episodes through ``Env.begin``/``Env.advance`` (the core
every integration steps through, without Gymnasium's info dict) show what wrapping costs.

* SkyRL: what SkyRL's generator does per trajectory: ``skyrl_gym.make("worldgen", extras=row)``,
  ``init(row prompt)``, ``step(reply)`` per turn (reply parsing included), ``close()``.
* SkyRL floor (for information): the same calls on a ``BaseTextEnv`` that does nothing (a step
  returns a literal dict): what SkyRL itself costs per step, so ``core / (core + floor)`` is the
  best any wrapper of worldgen's core could score against it.
* verifiers: ``WorldgenEnv.run(task, agents)`` per episode on the taskset's own tasks, with a
  scripted stand-in for the agent's interaction handing back prepared ``Segment``s (making them
  is the harness's and the interception server's work): the env's own step path, no model.
* verifiers, full rollouts (for information): ``WorldgenEnv.run_episode`` against a loopback model
  that answers at once: the interception server, the in-process harness, HTTP and the trace per
  turn, in wall-clock time; a real model takes far longer per call.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from itertools import cycle
from pathlib import Path
from typing import Any

import skyrl_gym
import verifiers.v1 as vf
from skyrl_gym.envs.base_text_env import BaseTextEnv
from skyrl_gym.envs.registration import register, registry
from integrations import ROOT, Walkthrough, bench_suite, print_ratios, raw_episodes, steps_per_second, walkthroughs

from worldgen.integrations import skyrl  # noqa: F401  (registers "worldgen")
from worldgen.integrations.verifiers import WorldgenEnv, load_environment

SEEDS = range(0, 4)


class NoopTextEnv(BaseTextEnv):
    """SkyRL's own per-episode and per-step cost, with no world behind it."""

    def __init__(self, env_config: Any = None, extras: Any = None):
        super().__init__()

    def init(self, prompt: Any) -> tuple[Any, dict[str, Any]]:
        return prompt, {}

    def step(self, action: str) -> Any:
        return {"observations": [{"role": "user", "content": action}], "reward": 0.0, "done": False,
                "metadata": {"command": action}}


def skyrl_floor(walks: list[Walkthrough]) -> Callable[[], int]:
    if "worldgen-bench-noop" not in registry:
        register(id="worldgen-bench-noop", entry_point=NoopTextEnv)  # as worldgen registers its own
    episodes = cycle(walks)

    def play() -> int:
        walk = next(episodes)
        env = skyrl_gym.make("worldgen-bench-noop", env_config={}, extras={})
        env.init([])
        for command in walk.commands:
            env.step(command)
        env.close()
        return len(walk.commands)

    return play


def skyrl_episodes(walks: list[Walkthrough]) -> Callable[[], int]:
    rows = {}
    for w in walks:  # rows as the dataset holds them: the prompt made once, by the exporter
        extras = {"extra_info": {"suite": w.suite, "world_id": w.world_id, "seed": w.seed}}
        rows[w.world_id, w.seed] = extras, skyrl_gym.make("worldgen", extras=extras).init([])[0]
    episodes = cycle(walks)

    def play() -> int:
        walk = next(episodes)
        extras, prompt = rows[walk.world_id, walk.seed]
        env = skyrl_gym.make("worldgen", env_config={}, extras=extras)
        env.init(prompt)
        for command in walk.commands:
            env.step(command)
        env.close()
        return len(walk.commands)

    return play


class ScriptedInteraction:
    """Stands in for verifiers' ``Interaction``: each turn returns the next prepared ``Segment``.

    Also its own async context manager, as cheap as one can be: the stand-in's cost is the
    harness's side of a turn, which this benchmark leaves out (the full-rollouts line shows it),
    so it should weigh on neither the env nor the ratio."""

    __slots__ = ("turns", "trace")

    def __init__(self, segments: list[vf.Segment], trace: vf.Trace):
        self.turns = iter(segments)
        self.trace = trace

    async def turn(self, message: str | None = None) -> vf.Segment:
        return next(self.turns)

    async def __aenter__(self) -> ScriptedInteraction:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None


class ScriptedAgent:
    def __init__(self, segments: list[vf.Segment], trace: vf.Trace):
        self.segments, self.trace = segments, trace

    def interaction(self, task: vf.Task) -> ScriptedInteraction:
        return ScriptedInteraction(self.segments, self.trace)


class ScriptedAgents:
    def __init__(self, segments: list[vf.Segment], trace: vf.Trace):
        self.agent = ScriptedAgent(segments, trace)


def finish(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine that never waits on I/O (the scripted episode) without an event loop."""
    try:
        coroutine.send(None)
    except StopIteration:
        return
    raise RuntimeError("the scripted episode waited on I/O")


def verifiers_episodes(env: WorldgenEnv, walks: list[Walkthrough]) -> Callable[[], int]:
    tasks = {(t.data.world_id, t.data.seed): t for t in env.taskset}
    some = next(iter(tasks.values()))
    trace = vf.Trace(task=vf.TraceTask(type=type(some).__name__, data=some.data), agent=vf.AgentInfo(config=vf.AgentConfig()))
    episodes = cycle([(tasks[w.world_id, w.seed], [vf.Segment(messages=[vf.AssistantMessage(content=c)]) for c in w.commands])
                      for w in walks])

    def play() -> int:
        task, segments = next(episodes)
        finish(env.run(task, ScriptedAgents(segments, trace)))  # type: ignore[arg-type]
        return len(segments)

    return play


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
    print("SkyRL env and verifiers env vs raw Env.step, oracle walkthroughs, CPU time")
    with tempfile.TemporaryDirectory() as tmp:
        for scaffold in ("vault", "hanoi"):
            suite = bench_suite(Path(tmp), scaffold)
            walks = walkthroughs(suite, SEEDS)
            env = load_environment(suite, seeds=len(SEEDS))
            best = steps_per_second({"raw": raw_episodes(walks), "core": raw_episodes(walks, lean=True), "skyrl": skyrl_episodes(walks),
                                     "verifiers": verifiers_episodes(env, walks), "floor": skyrl_floor(walks)},
                                    args.seconds)
            print_ratios(scaffold, walks, best, ["skyrl", "verifiers"])
            core_step, floor_step = 1 / best["core"], 1 / best["floor"]
            print(f"  {scaffold:<6} SkyRL's own cost with a no-op env: {1e6 * floor_step:.2f} us/step beside worldgen's core "
                  f"{1e6 * core_step:.2f} us/step: no SkyRL wrapper can exceed {100 * core_step / (core_step + floor_step):.1f} % "
                  "of the core")
        sys.path.insert(0, str(ROOT))
        from tests.content.chat_server import ChatServer, Reply

        os.environ.setdefault("WORLDGEN_BENCH_KEY", "loopback")
        with ChatServer(lambda body, n: Reply(content="I look around.")) as server:  # unparseable: plays to the horizon
            full = verifiers_rollouts(env, server.base_url, args.seconds)
        print(f"  verifiers, full rollouts against an instant loopback model: {full:,.0f} steps/s (wall clock; "
              "a model call, the interception server and the trace per step)")


if __name__ == "__main__":
    main()
