"""A solver of fixed, known skill: ``noisy-oracle:P`` plays a uniformly random admissible command
with probability P and the oracle's move otherwise.

The flywheel needs a solver whose success rate sits between random and perfect and moves when
worlds get harder or easier, without a model to train: this is it. After a random move the
walkthrough no longer applies, so the oracle's move is always re-planned from the current state
(``worldgen.rollouts.planner``, success-maximising); where no goal is reachable any more it plays
randomly too. Randomness comes from a numpy Generator keyed by (episode seed, world id).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from worldgen.rollouts.planner import Planner, Planners
from worldgen.rollouts.policies.base import Move, PolicyError, Usage
from worldgen.rollouts.policies.random import random_command
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env
from worldgen.seeding import rng


class NoisyOracleAgent:
    usage: Usage | None = None

    def __init__(self, planner: Planner, env: Env, noise: float, seed: int, world_id: str):
        self.planner = planner
        self.env = env
        self.noise = noise
        self.rng = rng(seed, f"rollout/noisy-oracle/{world_id}")

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        explore = self.rng.random() < self.noise
        command = None if explore else self.planner.command(self.env)
        return Move(command if command is not None else random_command(self.rng, info["admissible"]))


class NoisyOraclePolicy:
    def __init__(self, noise: float):
        self.noise = noise
        self.name = f"noisy-oracle:{noise:g}"
        self.planners = Planners()

    def agent(self, entry: Entry, env: Env, seed: int) -> NoisyOracleAgent:
        report = entry.report
        if report.oracle is None:
            raise PolicyError("the world has no oracle walkthrough (no goal state was found by its checks)")
        return NoisyOracleAgent(self.planners.get(entry.id, entry.world, report.bounds), env, self.noise, seed, entry.id)

    async def aclose(self) -> None:
        self.planners.clear()
