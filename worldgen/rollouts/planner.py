"""A closed-loop oracle for stochastic worlds: re-plan from whatever state chance led to.

The artifact's walkthrough names the chance outcomes it relies on (``Oracle.probability`` < 1), so
replaying its commands open-loop fails whenever chance goes the other way. The planner explores the
world's state graph once (the checker's own explorer, within the report's bounds), computes every
state's distance to the nearest goal through any chance outcome, and at each step picks the
admissible command whose best outcome is closest to a goal (ties: the likelier, then the first in
the checker's order). That is the "oracle" a stochastic world supports: it succeeds whenever a
goal stays reachable, and the report's oracle coverage then means the same for both kinds of world.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from worldgen.ir.values import decode
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.arrays import graph_arrays
from worldgen.verify.statespace import explore

FAR = np.iinfo(np.int64).max


class Planner:
    def __init__(self, world: World, bounds: Bounds):
        self.rules, initial = load_rules(world)
        self.graph = explore(self.rules, initial, bounds)
        self.index = {s: i for i, s in enumerate(self.graph.states)}
        types = {v.name: v.type for v in world.scaffold.state}
        self.types = [(name, types[name]) for name in self.rules.dynamic]
        self.dist = _distances(self.graph, self.rules)

    def command(self, env: Env) -> str | None:
        """The next command from the env's current state; None when the state is unknown to the
        explored graph (a bound was hit) or no goal is reachable from it."""
        state = self._state(env)
        i = self.index.get(state)
        if i is None or self.dist[i] == FAR:
            return None
        g = self.graph
        best: tuple[int, float, int] | None = None
        for e in g.edges(i):
            dsts = [g.trans_dst[t] for t in g.transitions(e)]
            near = min(int(self.dist[d]) for d in dsts)
            p_near = sum(g.trans_prob[t] for t in g.transitions(e) if self.dist[g.trans_dst[t]] == near)
            key = (near, -p_near, e)
            if best is None or key < best:
                best = key
        if best is None or best[0] == FAR:
            return None
        return self.rules.bindings[g.edge_binding[best[2]]].command

    def _state(self, env: Env) -> tuple[Any, ...]:
        current = env.state()
        return tuple(decode(t, current[name]) for name, t in self.types)


def _distances(graph: Any, rules: Any) -> np.ndarray:
    """Steps from each state to the nearest goal when chance cooperates (FAR: never)."""
    a = graph_arrays(graph, rules)
    dist = np.full(a.n, FAR, dtype=np.int64)
    dist[a.done] = 0
    level = 0
    frontier = a.done.copy()
    while frontier.any():
        level += 1
        reach = np.zeros(a.n, dtype=bool)
        reach[a.trans_src[frontier[a.trans_dst]]] = True
        frontier = reach & (dist == FAR) & ~a.terminal
        dist[frontier] = level
    return dist
