"""One episode of a world as a trainer's loop drives it: a prompt, then one step per model reply.

Every trainer integration (TRL, verifiers, SkyRL) wraps this, so they all prompt, parse replies
and score exactly as ``worldgen rollout --policy openai:`` does: reward is the world's return,
success is the world's goal reached, and a reply that names no command is still sent (the world
answers with its invalid message and the step counts), which is the honest outcome.
"""

from __future__ import annotations

from typing import Any

from worldgen.agent.commands import parse_command
from worldgen.agent.prompt import system_prompt
from worldgen.ir.world import World
from worldgen.runtime.env import OVER, Env


class Episode:
    """``Episode(world, seed)`` resets the world; ``act(reply)`` plays one reply and returns what
    the world answered. ``total_return``, ``success``, ``steps`` and ``done`` say how it went."""

    # slots and plain attributes (``done`` too): trainers call ``act`` once per step, thousands of
    # episodes per second, and the wrapper's cost is measured against the raw ``Env.step``
    __slots__ = ("world", "env", "seed", "observation", "instruction", "success", "total_return", "reward", "steps",
                 "invalid", "terminated", "truncated", "done", "commands", "_known")

    def __init__(self, world: World, seed: int = 0, env: Env | None = None):
        self.world = world
        self.env = env if env is not None else world.env()  # `env`: one of this world, e.g. ``Env.fresh()``
        self.seed = seed
        self.observation, self.instruction, self.success = self.env.begin(seed)  # `reset` without the info dict
        self.total_return = 0.0
        self.reward = 0.0  # the last step's (trainers that score per turn, such as SkyRL, read it)
        self.steps = 0
        self.invalid = 0  # replies the world refused (unparseable, unknown or not allowed now)
        self.terminated: bool = self.success
        self.truncated = False
        self.done: bool = self.terminated  # terminated or truncated
        self.commands: list[str] = []
        self._known = self.env.rules.table  # normalised command -> binding: membership is all parsing needs

    def system_prompt(self) -> str:
        """The system message: rules of play, this episode's goal, the world's command syntax."""
        return system_prompt(self.world, self.instruction)

    def admissible(self) -> list[str]:
        """The commands the world accepts now."""
        return self.env.admissible

    def act(self, reply: str) -> str:
        """Send the command in ``reply`` (parsed as the LLM policy parses it); the world's answer."""
        if self.done:
            return OVER
        known = self._known
        command = reply if reply in known else parse_command(reply, known)  # a bare command needs no parsing
        self.observation, reward, terminated, truncated, success, valid, _, _ = self.env.advance(command)
        self.terminated, self.truncated, self.done = terminated, truncated, terminated or truncated
        self.commands.append(command)
        self.reward = reward
        self.total_return += reward
        self.steps += 1
        if not valid:
            self.invalid += 1
        if success:
            self.success = True
        return self.observation

    def metrics(self) -> dict[str, Any]:
        """What a trainer logs per episode."""
        return {"return": self.total_return, "success": float(self.success), "steps": self.steps,
                "invalid": self.invalid, "truncated": float(self.truncated)}
