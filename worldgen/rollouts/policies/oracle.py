"""The oracle: the artifact's own walkthrough (the checker's shortest solution), played back.

Deterministic worlds replay the walkthrough's commands as they are. Stochastic worlds re-plan each
step from the state chance actually produced (``worldgen.rollouts.planner``), because the
walkthrough is only one lucky path through their chance outcomes. A world with no walkthrough has
no oracle: its episodes are recorded with that error, so oracle coverage counts them as misses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from worldgen.rollouts.planner import Planner, Planners
from worldgen.rollouts.policies.base import Move, PolicyError, Usage
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env

WAIT = "wait"  # what the oracle sends when it has nothing left to say: a wasted step, visibly


class ReplayAgent:
    usage: Usage | None = None

    def __init__(self, commands: list[str]):
        self.commands = iter(commands)

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        return Move(next(self.commands, WAIT))


class PlanningAgent:
    usage: Usage | None = None

    def __init__(self, planner: Planner, env: Env):
        self.planner = planner
        self.env = env

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        return Move(self.planner.command(self.env) or WAIT)


class OraclePolicy:
    name = "oracle"

    def __init__(self) -> None:
        self.planners = Planners()

    def agent(self, entry: Entry, env: Env, seed: int) -> ReplayAgent | PlanningAgent:
        report = entry.report
        if report.oracle is None:
            raise PolicyError("the world has no oracle walkthrough (no goal state was found by its checks)")
        if not report.measures.stochastic:
            return ReplayAgent([step.command for step in report.oracle.steps])
        return PlanningAgent(self.planners.get(entry.id, entry.world, report.bounds), env)

    async def aclose(self) -> None:
        self.planners.clear()
