"""The policy interface the episode runner drives.

A Policy is made once per rollout run (it may hold a network client or per-world caches); it makes
one Agent per episode. Agents are async because the LLM agent waits on the network; the random
and oracle agents simply never await anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env


@dataclass
class Usage:
    """Tokens an agent spent in one episode (LLM agents only)."""

    prompt: int = 0
    completion: int = 0
    requests: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"prompt": self.prompt, "completion": self.completion, "requests": self.requests}


@dataclass(frozen=True)
class Move:
    """One decision: the command sent to the world, and the agent's raw reply when it differs."""

    command: str
    reply: str | None = None


class Agent(Protocol):
    usage: Usage | None

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move: ...


class Policy(Protocol):
    name: str  # as recorded in every episode: "random", "oracle", "openai:MODEL"

    def agent(self, entry: Entry, env: Env, seed: int) -> Agent: ...

    async def aclose(self) -> None: ...


class PolicyError(Exception):
    """The policy failed for one episode (e.g. the LLM endpoint kept failing); the episode is
    recorded with this error and the run goes on."""
