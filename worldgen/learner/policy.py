"""``learner:POLICY.npz`` as a rollout policy: each step, a command drawn from the trained
softmax over the admissible commands, from a generator keyed by (episode seed, world id), so a
rollout file is reproducible like the random policy's."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from worldgen.canonical import sha256
from worldgen.learner.model import load
from worldgen.rollouts.policies.base import Move, Usage
from worldgen.rollouts.policies.random import WAIT
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env
from worldgen.seeding import rng


class LearnerAgent:
    usage: Usage | None = None

    def __init__(self, policy: LearnerPolicy, seed: int, world_id: str):
        self.policy = policy
        self.rng = rng(seed, f"rollout/learner/{world_id}")

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        commands = info["admissible"]
        if not commands:
            return Move(WAIT)
        k, _, _ = self.policy.model.choose(self.policy.featurize, observation, commands, self.rng)
        return Move(commands[k])


class LearnerPolicy:
    def __init__(self, path: str):
        self.name = f"learner:{path}"
        self.model = load(path)
        self.featurize = self.model.featurizer()
        # recorded in every episode: a file trained further keeps its name, and a resumed rollout
        # must not pool episodes of other weights under it (rollouts/runner.py refuses that)
        self.weights = sha256(Path(path).read_bytes())[:16]

    def agent(self, entry: Entry, env: Env, seed: int) -> LearnerAgent:
        return LearnerAgent(self, seed, entry.id)

    async def aclose(self) -> None:
        return None
