"""One episode: reset, then ask the agent and step the world until the episode ends.

Failures are data, not exceptions: a world that raises, or a policy that fails, ends the episode
with an ``error`` naming its source, and the episode is recorded with the steps it got through.
"""

from __future__ import annotations

import time
import traceback
from typing import Any

from worldgen.errors import WorldgenError
from worldgen.rollouts.policies.base import Policy, PolicyError, Usage
from worldgen.rollouts.records import FORMAT
from worldgen.rollouts.runtimes import RULES, open_env
from worldgen.rollouts.sources import Entry
from worldgen.verify.report import ROUND


REAL_SHELL = "@real-shell"  # the policy label's suffix for episodes played in real bash


async def run_episode(entry: Entry, policy: Policy, episode: int, seed: int, shell: str = "emulated") -> dict[str, Any]:
    """The episode's record (see worldgen.rollouts.records). Any other exception from the policy (a
    failure no retry fixes, such as a bad API key) propagates with the record attached as
    ``err.record``, so the runner can still write it before stopping. ``shell="real"`` plays a
    terminal world in real bash; the record then says so, and its policy label ends in
    ``@real-shell`` so reports show both faces side by side. A world with step tables is played
    from them (same trace); the record then says ``"runtime": "tables"``."""
    world = entry.world
    label = policy.name + REAL_SHELL if shell == "real" else policy.name
    record: dict[str, Any] = {
        "format": FORMAT, "policy": label, "world": entry.id, "scaffold": world.scaffold.name,
        "world_seed": world.seed, "episode": episode, "seed": seed, "axes": world.axes, "params": world.params,
        "observation": None, "trace": [], "return": 0.0, "success": False, "terminated": False,
        "truncated": False, "steps": 0, "tokens": None, "error": None,
    }
    if shell == "real":
        record["shell"] = "real"
    weights = getattr(policy, "weights", None)  # a trained policy's weights, which its name does not pin
    if weights is not None:
        record["policy_weights"] = weights
    started = time.perf_counter()
    usage: Usage | None = None
    total = 0.0
    env = None
    try:
        env, runtime = _world(open_env, entry, shell)
        if runtime != RULES:
            record["runtime"] = runtime
        obs, info = _world(env.reset, seed=seed)
        record["observation"] = obs
        record["success"] = bool(info["success"])
        agent = policy.agent(entry, env, seed)
        usage = agent.usage
        over = record["success"]
        while not over:
            move = await agent.act(obs, info)
            obs, reward, terminated, truncated, info = _world(env.step, move.command)
            total += reward
            step: dict[str, Any] = {"command": move.command, "observation": obs, "reward": round(reward, ROUND),
                                    "valid": bool(info["valid"])}
            if move.reply is not None:
                step["reply"] = move.reply
            if "error" in info:
                step["error"] = info["error"]
            record["trace"].append(step)
            record.update(terminated=bool(terminated), truncated=bool(truncated), success=bool(info["success"]))
            over = terminated or truncated
    except _WorldFault as fault:
        record["error"] = {"source": "world", "message": fault.message}
    except PolicyError as err:
        record["error"] = {"source": "policy", "message": str(err)}
    except Exception as err:  # a failure no retry fixes, or a bug: recorded, then the run stops
        record["error"] = {"source": "policy", "message": str(err) if isinstance(err, WorldgenError) else f"{type(err).__name__}: {err}"}
        _finish(record, total, usage, started)
        err.record = record  # type: ignore[attr-defined]
        raise
    finally:
        if env is not None:
            env.close()
    _finish(record, total, usage, started)
    return record


class _WorldFault(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _world(call: Any, *args: Any, **kwargs: Any) -> Any:
    """A call into the world (build, reset, step), with any exception marked as the world's fault:
    the runtime promises never to raise, so when it does, that is a finding about the world."""
    try:
        return call(*args, **kwargs)
    except Exception as err:  # noqa: BLE001 - recorded as data
        frame = traceback.extract_tb(err.__traceback__)[-1]
        raise _WorldFault(f"{type(err).__name__}: {err} (at {frame.filename}:{frame.lineno})") from err


def _finish(record: dict[str, Any], total: float, usage: Usage | None, started: float) -> None:
    record["return"] = round(total, ROUND)
    record["steps"] = len(record["trace"])
    record["tokens"] = usage.as_dict() if usage is not None else None
    record["timing"] = {"seconds": round(time.perf_counter() - started, ROUND)}
