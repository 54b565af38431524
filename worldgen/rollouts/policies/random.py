"""The uniform-random baseline: one admissible command, uniformly, each step.

It is the policy whose expected return the checker computes exactly (``report.returns.random``),
so its rollouts are an empirical check of that number. Randomness comes from a numpy Generator
keyed by (episode seed, world id), never from global state, so a rollout file is reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from worldgen.seeding import rng
from worldgen.rollouts.policies.base import Move, Usage
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env

WAIT = "wait"  # sent where nothing is admissible: the world answers with its invalid message


class RandomAgent:
    usage: Usage | None = None

    def __init__(self, entry: Entry, seed: int):
        self.rng = rng(seed, f"rollout/random/{entry.id}")

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        options = info["admissible"]
        return Move(options[int(self.rng.integers(len(options)))] if options else WAIT)


class RandomPolicy:
    name = "random"

    def agent(self, entry: Entry, env: Env, seed: int) -> RandomAgent:
        return RandomAgent(entry, seed)

    async def aclose(self) -> None:
        return None
