"""The uniform-random baseline: one admissible command, uniformly, each step.

It is the policy whose expected return the checker computes exactly (``report.returns.random``),
so its rollouts are an empirical check of that number. Randomness comes from a numpy Generator
keyed by (episode seed, world id), never from global state, so a rollout file is reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

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
        return Move(random_command(self.rng, info["admissible"]))


def random_command(rng: np.random.Generator, admissible: list[str]) -> str:
    """One admissible command, uniformly; WAIT when none is."""
    return admissible[int(rng.integers(len(admissible)))] if admissible else WAIT


class RandomPolicy:
    name = "random"

    def agent(self, entry: Entry, env: Env, seed: int) -> RandomAgent:
        return RandomAgent(entry, seed)

    async def aclose(self) -> None:
        return None
