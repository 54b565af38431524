"""Replaying commands through the real runtime (a fresh ``Env``) and hashing the trace."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from worldgen.ir.models import canonical_json
from worldgen.ir.world import World
from worldgen.runtime.env import Env


@dataclass(frozen=True)
class Replay:
    sha256: str  # of every step's (observation, reward, terminated, truncated, valid, error)
    success: bool
    ret: float
    steps: int


def replay(env: Env, commands: list[str]) -> Replay:
    """Run ``commands`` in a fresh ``env`` from reset (episode seed = the world seed) until the
    episode ends."""
    world = env.world
    obs, info = env.reset(seed=world.seed)
    h = hashlib.sha256(canonical_json([obs]).encode())
    total, success, n = 0.0, bool(info["success"]), 0
    for command in commands:
        obs, reward, terminated, truncated, info = env.step(command)
        n += 1
        total += reward
        row = [obs, repr(reward), terminated, truncated, info["valid"], info.get("error")]
        h.update(canonical_json(row).encode())
        if terminated or truncated:
            success = bool(info["success"])
            break
    return Replay(h.hexdigest(), success, total, n)


def first_admissible(world: World) -> list[str]:
    """Commands of the policy that always takes the first admissible command, for the horizon:
    the replay used for the determinism check when a world has no oracle."""
    env = world.env()
    env.reset(seed=world.seed)
    commands: list[str] = []
    for _ in range(env.horizon):
        options = env.admissible
        if not options:
            break
        commands.append(options[0])
        _, _, terminated, truncated, _ = env.step(options[0])
        if terminated or truncated:
            break
    return commands
