"""Optimal play under chance: finite-horizon value iteration over the explored graph.

The shortest walkthrough (``Report.oracle``) names the chance outcomes it needs, so on a slippery
map it is the *luckiest* path, not a policy anyone can follow. Here every chance outcome counts
with its probability: ``success_values`` gives, per state and per number of steps left, the
highest probability that a policy reaches a goal (`done`) before the horizon, and the policy that
achieves it (``best_edge``). Waiting (a command the world does not understand) is always allowed:
it spends a step and changes nothing, which is sometimes the safest move.
"""

from __future__ import annotations

import numpy as np

from worldgen.verify.arrays import GraphArrays


class SuccessValues:
    """``at(t)[s]``: the best probability of reaching a goal within ``t`` steps from state ``s``.

    Values are kept only until they stop changing (then every later step has the same ones), so a
    long horizon over a graph that settles early costs little memory."""

    def __init__(self, a: GraphArrays, horizon: int):
        self.arrays = a
        self.horizon = horizon
        v = a.done.astype(np.float64)
        self.levels = [v]
        if a.n == 0 or not len(a.edge_src):
            return
        counts = np.diff(a.edge_start)
        self._has = counts > 0
        self._first_edge = a.edge_start[:-1][self._has]
        alive = ~a.terminal
        for _ in range(horizon):
            ev = self.edge_values(v)
            out = v.copy()
            best = np.maximum.reduceat(ev, self._first_edge)
            out[self._has] = np.maximum(out[self._has], best)
            out[~alive] = v[~alive]  # a terminal state keeps its value: done 1, failed 0
            if np.array_equal(out, v):
                break
            self.levels.append(out)
            v = out

    def at(self, steps_left: int) -> np.ndarray:
        return self.levels[min(max(steps_left, 0), len(self.levels) - 1)]

    def edge_values(self, v: np.ndarray) -> np.ndarray:
        """Per edge: the probability-weighted value of its outcomes under ``v``."""
        a = self.arrays
        if len(a.trans_dst) == len(a.edge_src):  # one sure outcome per edge: x * 1.0 and a run of one are x
            return v[a.trans_dst]
        return np.add.reduceat(a.trans_prob * v[a.trans_dst], a.trans_start[:-1])

    @property
    def start(self) -> float:
        """The optimal success probability of a whole episode from the start state."""
        return 0.0 if self.arrays.n == 0 else float(self.at(self.horizon)[0])


def best_edge(sv: SuccessValues, state: int, steps_left: int, tiebreak: np.ndarray | None = None) -> int | None:
    """The edge out of ``state`` that maximises the chance of reaching a goal with ``steps_left``
    steps to go; None when waiting is at least as good as every command, or no goal can be reached.
    Ties go to the smaller ``tiebreak`` value (e.g. the distance to a goal), then the first edge."""
    a = sv.arrays
    if steps_left <= 0:
        return None
    v = sv.at(steps_left - 1)
    lo, hi = int(a.edge_start[state]), int(a.edge_start[state + 1])
    if lo == hi:
        return None
    values = [float(np.dot(a.trans_prob[a.trans_start[e]:a.trans_start[e + 1]],
                           v[a.trans_dst[a.trans_start[e]:a.trans_start[e + 1]]])) for e in range(lo, hi)]
    top = max(values)
    if top <= 0.0 or top < float(v[state]) - 1e-12:
        return None
    tied = [e for e, x in zip(range(lo, hi), values) if x >= top - 1e-12]
    if tiebreak is None:
        return tied[0]
    return min(tied, key=lambda e: (float(tiebreak[e]), e))
