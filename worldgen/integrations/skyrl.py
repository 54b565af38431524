"""SkyRL: a ``skyrl_gym`` text env under the id ``worldgen``, one episode per dataset row.

SkyRL builds one env per trajectory with ``skyrl_gym.make(row["env_class"], env_config=...,
extras=row)``; the row's ``extra_info`` names the episode (``suite``, ``world_id``, ``seed``, as
``worldgen export dataset --format parquet`` writes it). Each model turn is parsed as
``worldgen rollout --policy openai:`` parses it and stepped. SkyRL places each step's reward at the
end of that turn and sums them per trajectory, so the step reward is the world's step reward and a
trajectory scores the world's return. SkyRL's re-tokenising chat-template path keeps only the last
step's reward: set ``env_config.reward_at_end`` there, and the whole return arrives on the last
step. The generator's ``max_turns`` (in ``extras``) ends an episode the world has not ended. A
row's ``suite`` is relative to the suite root: ``env_config.root``, else ``$WORLDGEN_SUITE_ROOT``,
else the current directory.

Importing this module registers the env (``register()`` is idempotent); call it in the SkyRL
entrypoint, where custom envs are registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skyrl_gym.envs.base_text_env import BaseTextEnv, BaseTextEnvStepOutput, ConversationType
from skyrl_gym.envs.registration import register as _register_env
from skyrl_gym.envs.registration import registry

from worldgen.errors import WorldgenError
from worldgen.integrations.suites import episode_for

ENV_ID = "worldgen"


class WorldgenTextEnv(BaseTextEnv):
    """One episode of a compiled world; ``extras["extra_info"]`` = ``{suite, world_id, seed}``."""

    def __init__(self, env_config: Mapping[str, Any] | None = None, extras: Mapping[str, Any] | None = None):
        super().__init__()
        extras = extras or {}
        info = extras.get("extra_info") or {}
        if "suite" not in info or "world_id" not in info:
            raise WorldgenError(f"worldgen: error: a row's extra_info names its episode with suite, world_id and seed "
                                f"(as `worldgen export dataset` writes them); this one has {sorted(info)}")
        self.world_id = str(info["world_id"])
        root = (env_config or {}).get("root")  # the suite root rows' paths are relative to (else $WORLDGEN_SUITE_ROOT, cwd)
        self.episode = episode_for(str(info["suite"]), self.world_id, int(info.get("seed", 0)), root)
        self.max_turns = int(extras.get("max_turns") or self.episode.env.horizon)
        self.reward_at_end = bool((env_config or {}).get("reward_at_end", False))

    def init(self, prompt: ConversationType) -> tuple[ConversationType, dict[str, Any]]:
        """The row's prompt (worldgen's system prompt and first observation), or the episode's own
        when the row brings none."""
        messages = prompt or [{"role": "system", "content": self.episode.system_prompt()},
                              {"role": "user", "content": self.episode.observation}]
        return messages, {"world_id": self.world_id, "seed": self.episode.seed}

    def step(self, action: str) -> BaseTextEnvStepOutput:
        episode = self.episode
        observation = episode.act(action)
        turns = self.turns = episode.steps
        done = episode.done or turns >= self.max_turns
        reward = (episode.total_return if done else 0.0) if self.reward_at_end else episode.reward
        return {  # a literal: calling the TypedDict costs more per step
            "observations": [] if done else [{"role": "user", "content": observation}],
            "reward": reward,
            "done": done,
            "metadata": {"command": episode.commands[-1], "success": 1.0 if episode.success else 0.0, "steps": turns},
        }

    def get_metrics(self) -> dict[str, Any]:
        return self.episode.metrics()


def register() -> None:
    """Register ``worldgen`` with ``skyrl_gym`` (once per process). The entry point is the class
    itself, not a ``"module:Class"`` string, which ``make`` would import and look up again for
    every trajectory."""
    if ENV_ID not in registry:
        _register_env(id=ENV_ID, entry_point=WorldgenTextEnv)


register()
