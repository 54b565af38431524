"""A closed-loop oracle for stochastic worlds: play the policy that maximises the chance of success.

The artifact's walkthrough names the chance outcomes it relies on (``Oracle.probability`` < 1), so
replaying its commands open-loop fails whenever chance goes the other way, and re-planning for the
luckiest outcome walks a slippery lake's edge of holes. The planner explores the world's state
graph once (the checker's own explorer, within the report's bounds), runs finite-horizon value
iteration over it (``worldgen.verify.optimal``) and at each step picks the admissible command with
the highest probability of reaching a goal in the steps left (ties: the one whose best outcome is
nearest a goal, then the first in the checker's order). Its success rate is the report's
``optimal_success``, up to sampling noise.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from worldgen.ir.values import decode
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.arrays import goal_distances, graph_arrays
from worldgen.verify.optimal import SuccessValues, best_edge
from worldgen.verify.statespace import explore


class Planners:
    """One planner per world id, built on first use: exploring a world's graph is the expensive part."""

    def __init__(self) -> None:
        self._by_world: dict[str, Planner] = {}

    def get(self, world_id: str, world: World, bounds: Bounds) -> Planner:
        planner = self._by_world.get(world_id)
        if planner is None:
            planner = self._by_world[world_id] = Planner(world, bounds)
        return planner

    def clear(self) -> None:
        self._by_world.clear()


class Planner:
    def __init__(self, world: World, bounds: Bounds):
        self.rules, initial = load_rules(world)
        self.graph = explore(self.rules, initial, bounds)
        self.index = {s: i for i, s in enumerate(self.graph.states)}
        types = {v.name: v.type for v in world.scaffold.state}
        self.types = [(name, types[name]) for name in self.rules.dynamic]
        arrays = graph_arrays(self.graph, self.rules)
        self.success = SuccessValues(arrays, self.rules.horizon)
        dist = goal_distances(arrays)
        self.nearest = np.minimum.reduceat(dist[arrays.trans_dst], arrays.trans_start[:-1]) if len(arrays.trans_dst) else dist[:0]

    def command(self, env: Env) -> str | None:
        """The next command from the env's current state; None when the state is unknown to the
        explored graph (a bound was hit), no goal can be reached from it in the steps left, or
        waiting is safer than any command."""
        i = self.index.get(self._state(env))
        if i is None:
            return None
        e = best_edge(self.success, i, env.horizon - env.steps, self.nearest)
        return None if e is None else self.rules.bindings[self.graph.edge_binding[e]].command

    def _state(self, env: Env) -> tuple[Any, ...]:
        current = env.state()
        return tuple(decode(t, current[name]) for name, t in self.types)
