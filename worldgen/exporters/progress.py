"""Partial credit as progress toward the goal, measured by the model checker's own distances.

Reward earned is a poor measure of progress: a world that pays for a repeatable command lets an
agent farm it without getting any closer to the goal. Progress here is a property of states, not
of commands: the verifier explores the world's state graph (the checker's explorer, within the
bounds the artifact was checked within), takes each state's shortest distance to a goal (chance
cooperating), and credits an episode with

    1 - (distance from the nearest-to-goal state it reached) / (distance from the start)

so repeating a command, or wandering, earns nothing unless it reaches a state closer to the goal.
A state the explorer did not reach (a bound was hit) or from which no goal is reachable counts
as no closer than the start.
"""

from __future__ import annotations

from worldgen.ir.values import decode
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.runtime.loader import load_rules
from worldgen.verify.arrays import FAR, goal_distances, graph_arrays
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import explore


class GoalDistance:
    """Steps from an episode's current state to the nearest goal state; None where unknown."""

    def __init__(self, world: World, bounds: Bounds):
        rules, initial = load_rules(world)
        graph = explore(rules, initial, bounds)
        self.index = {s: i for i, s in enumerate(graph.states)}
        types = {v.name: v.type for v in world.scaffold.state}
        self.types = [(name, types[name]) for name in rules.dynamic]
        self.dist = goal_distances(graph_arrays(graph, rules))

    def __call__(self, env: Env) -> int | None:
        current = env.state()
        i = self.index.get(tuple(decode(t, current[name]) for name, t in self.types))
        if i is None or self.dist[i] == FAR:
            return None
        return int(self.dist[i])


class ProgressMeter:
    """Watches an episode state by state (its start first) and scores the nearest-to-goal one."""

    def __init__(self, distance: GoalDistance):
        self.distance = distance
        self.seen: list[int | None] = []

    def watch(self, env: Env) -> None:
        self.seen.append(self.distance(env))

    def progress(self) -> float:
        """In [0, 1]: 1 at a goal, 0 with no state nearer the goal than the start (or no known distance)."""
        known = [d for d in self.seen if d is not None]
        if 0 in known:
            return 1.0
        start = self.seen[0] if self.seen else None
        if not start or not known:
            return 0.0
        return max(0.0, 1.0 - min(known) / start)
