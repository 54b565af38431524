"""Complexity measures of a world, from its explored graph and oracle."""

from __future__ import annotations

import numpy as np

from worldgen.verify.context import Context
from worldgen.verify.report import ROUND, Measures


def measures(ctx: Context) -> Measures:
    g, a = ctx.graph, ctx.arrays
    expanded = ~a.terminal
    branching = np.diff(a.edge_start)[expanded]
    path = ctx.oracle_path
    return Measures(
        reachable_states=a.n,
        transitions=len(g.trans_dst),
        depth=max(g.depth, default=0),
        mean_branching=round(float(branching.mean()), ROUND) if len(branching) else 0.0,
        max_branching=int(branching.max()) if len(branching) else 0,
        solution_length=None if path is None else len(path),
        reward_density=None if path is None else round(_rewarded(ctx, path) / len(path), ROUND) if path else 0.0,
        dead_end_states=len(ctx.dead_ends),
        fail_states=int((a.terminal & ~a.done).sum()),
        stochastic=bool((a.trans_prob != 1.0).any()),
    )


def _rewarded(ctx: Context, path: list[int]) -> int:
    """Steps of ``path`` paying something beyond the per-step reward."""
    g, rules = ctx.graph, ctx.rules
    paid = g.when[0]
    n = 0
    for t in path:
        action = rules.bindings[g.edge_binding[g.trans_edge[t]]].action
        w = g.when[g.trans_dst[t]]
        newly = w & ~paid
        paid |= w
        paying = any(rules.when_amounts[i] for i in range(len(rules.when_amounts)) if newly >> i & 1)
        if rules.on_amounts[action] or paying or any(newly >> bit & 1 for bit, _, _ in rules.live):
            n += 1
    return n
