"""The explored graph as numpy arrays, for the whole-graph computations (returns, dead ends)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from worldgen.codegen.names import RULE_ERRORS
from worldgen.codegen.program import Rules
from worldgen.errors import InstantiationError
from worldgen.verify.statespace import StateGraph


@dataclass(frozen=True)
class GraphArrays:
    n: int
    terminal: np.ndarray  # bool per state
    done: np.ndarray  # bool per state
    when: np.ndarray  # int64 per state: the index of its pay-once mask in ``when_masks``
    when_masks: tuple[int, ...]  # the distinct pay-once masks (Python ints: up to MAX_PAY_ONCE bits, wider than numpy's)
    edge_start: np.ndarray  # int64, n + 1
    edge_src: np.ndarray  # int64 per edge
    edge_reward: np.ndarray  # float per edge: per-step + `reward on` of its action
    trans_start: np.ndarray  # int64, edges + 1
    trans_src: np.ndarray  # int64 per transition
    trans_dst: np.ndarray
    trans_prob: np.ndarray  # float per transition
    live: dict[int, np.ndarray]  # pay-once bit -> its amount in each state (a `reward when` reading the state)


class UnpayableReward(InstantiationError):
    """A reward amount (or an `on ... when` condition) that cannot be computed in a reachable state:
    the runtime would refuse that step, while the explored graph took it."""

    check = "rewards"


def edge_bonus(rules: Rules, state: tuple, binding: int) -> float:
    """The conditional `reward on` an action pays when it runs in ``state`` (its condition, or its
    amount read from the state)."""
    b = rules.bindings[binding]
    bonus = rules.bonus[b.action]
    try:
        return 0.0 if bonus is None else float(bonus(state, *b.args))
    except RULE_ERRORS as err:
        action = rules.actions[b.action]
        raise UnpayableReward(f"a reward on '{action.name}' (line {action.line}) cannot be computed in a reachable "
                              f"state: {err}") from None


def live_amounts(g: StateGraph, rules: Rules) -> dict[int, np.ndarray]:
    """Per pay-once bit whose amount reads the state: that amount in every explored state where the
    bit's condition holds (elsewhere it is never paid, so 0)."""
    out = {}
    for bit, line, pay in rules.live:
        values = np.zeros(len(g.states), dtype=np.float64)
        for i, (state, when) in enumerate(zip(g.states, g.when)):
            if when >> bit & 1:
                try:
                    values[i] = pay(state)
                except RULE_ERRORS as err:
                    raise UnpayableReward(f"the reward at line {line} cannot be computed in a reachable state: {err}") from None
        out[bit] = values
    return out


def graph_arrays(g: StateGraph, rules: Rules) -> GraphArrays:
    """The graph as numpy arrays. Without chance every edge is one sure transition, so the
    per-transition arrays are made here as what they are (a range, the edges' sources, ones)
    rather than read from the graph's derived copies: a large graph (millions of edges) paid
    hundreds of megabytes, and the page faults of filling them, for each such copy."""
    edge_start = np.asarray(g.edge_start, dtype=np.int64)
    edge_src = np.repeat(np.arange(len(g.states), dtype=np.int64), np.diff(edge_start))
    on = np.asarray([rules.on_amounts[b.action] for b in rules.bindings] or [0.0], dtype=np.float64)
    edge_reward = on[np.frombuffer(g.edge_binding, dtype=np.int32)]  # the ids read in place
    edge_reward += rules.per_step
    if any(f is not None for f in rules.bonus):  # `reward R on A when C` depends on the state A starts in
        edge_reward = edge_reward + np.asarray([edge_bonus(rules, g.states[s], b) for s, b in zip(g.edge_src, g.edge_binding)], dtype=np.float64)
    if g.chance is None:
        edges = len(edge_src)
        trans_start, trans_src = np.arange(edges + 1, dtype=np.int64), edge_src
        trans_prob = np.broadcast_to(np.float64(1.0), (edges,))  # read-only ones that take no memory
    else:
        trans_edge = np.asarray(g.trans_edge, dtype=np.int64)
        trans_start = np.asarray(g.trans_start, dtype=np.int64)
        trans_src = edge_src[trans_edge] if len(trans_edge) else trans_edge
        trans_prob = np.asarray(g.trans_prob, dtype=np.float64)
    masks: dict[int, int] = {}
    when = np.fromiter((masks.setdefault(w, len(masks)) for w in g.when), dtype=np.int64, count=len(g.when))
    return GraphArrays(
        n=len(g.states),
        terminal=np.asarray(g.done, dtype=bool) | np.asarray(g.failed, dtype=bool),
        done=np.asarray(g.done, dtype=bool),
        when=when,
        when_masks=tuple(masks),
        edge_start=edge_start,
        edge_src=edge_src,
        edge_reward=edge_reward,
        trans_start=trans_start,
        trans_src=trans_src,
        trans_dst=np.asarray(g.trans_dst, dtype=np.int64),
        trans_prob=trans_prob,
        live=live_amounts(g, rules),
    )


def can_reach_goal(a: GraphArrays) -> np.ndarray:
    """Per state: some path (through any chance outcomes) leads to a goal (`done`) state."""
    can = a.done.copy()
    while True:
        grown = can.copy()
        grown[a.trans_src[can[a.trans_dst]]] = True
        if grown.sum() == can.sum():
            return can
        can = grown


FAR = np.iinfo(np.int64).max


def goal_distances(a: GraphArrays) -> np.ndarray:
    """Steps from each state to the nearest goal when chance cooperates (FAR: never)."""
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
