"""Episode returns computed exactly from the explored graph, by backward induction over the horizon.

Reward semantics are the runtime's (worldgen/runtime/env.py): every step pays the per-step reward
(valid or not); a valid step pays its action's ``reward on``; each ``reward R when C`` pays once,
the first time C holds after a step (conditions true at reset count as paid); `done`/`fail` end the
episode; the horizon truncates it. Because of pay-once rewards, the value of a state depends on
which conditions were already paid, so values are kept per (paid mask, state).

A player can always send a command the world does not understand: it pays the per-step reward and
changes nothing ("wait"). The best policy may wait; the uniform-random policy waits only where no
command is admissible.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

import numpy as np

from worldgen.codegen.program import Rules
from worldgen.errors import PayOnceCombinationsError
from worldgen.verify.arrays import GraphArrays, edge_bonus
from worldgen.verify.runmax import RunMax
from worldgen.verify.statespace import StateGraph

Mode = Literal["best", "expected", "random"]


MAX_VALUE_CELLS = 20_000_000  # (paid set, state) values one induction may hold: 160 MB of floats
MAX_TABLE = 1_000_000  # (paid set, state mask) pairs whose union and payment are tabulated


class TooManyPaidSets(PayOnceCombinationsError):
    """Pay-once rewards that can be collected in too many combinations for exact returns."""


def _paid_masks(start: int, values: tuple[int, ...], states: int) -> list[int]:
    """Every paid-mask an episode can carry: the start's mask closed under OR with state masks.
    Raises TooManyPaidSets when (masks x states) would not fit in MAX_VALUE_CELLS, or (masks x
    distinct state masks) in MAX_TABLE."""
    limit = max(1, min(MAX_VALUE_CELLS // max(1, states), MAX_TABLE // max(1, len(values))))
    seen = {start}
    frontier = [start]
    while frontier:
        m = frontier.pop()
        for w in values:
            if m | w not in seen:
                seen.add(m | w)
                frontier.append(m | w)
                if len(seen) > limit:
                    raise TooManyPaidSets(
                        f"the {_union(values).bit_count()} pay-once rewards that some state pays can be collected in "
                        f"more than {limit:_} combinations over {states:_} states, too many to compute returns "
                        "exactly: a condition that holds, then stops holding, leaves which rewards were paid to the "
                        "episode rather than the state. Make each condition stay true once it holds (a flag or a set "
                        "the rules fill, e.g. `reward R for each c in cell when c in visited`), pay repeatable rewards "
                        "with `reward R on ACTION when C`, or pay fewer conditions")
    return sorted(seen)


def _union(values: tuple[int, ...]) -> int:
    out = 0
    for w in values:
        out |= w
    return out


def _bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _tables(masks: list[int], values: tuple[int, ...], amounts: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Per (paid mask, state mask): the index of the paid mask after reaching that state, and
    what reaching it pays (the amounts of the bits newly set, added lowest bit first). ``masks``
    is sorted and closed under OR with ``values``."""
    if masks[-1].bit_length() < 63:  # the largest mask: every one fits an int64
        return _tables_int64(masks, values, amounts)
    index = {m: i for i, m in enumerate(masks)}
    join = np.array([[index[m | w] for w in values] for m in masks], dtype=np.int64).reshape(len(masks), len(values))
    pay = np.zeros((len(masks), len(values)), dtype=np.float64)
    for i, m in enumerate(masks):
        for j, w in enumerate(values):
            total = 0.0
            for bit in _bits(w & ~m):
                total += amounts[bit]
            pay[i, j] = total
    return join, pay


def _tables_int64(masks: list[int], values: tuple[int, ...], amounts: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``_tables`` as whole-array operations, for masks of at most 62 bits: the same numbers to the
    bit (each bit's amount added in the same order, 0.0 where the bit is not newly set), without
    a Python loop over every (paid mask, state mask, bit) (thousands of paid masks in a
    minesweeper)."""
    m = np.array(masks, dtype=np.int64)
    w = np.array(values, dtype=np.int64)
    join = np.searchsorted(m, m[:, None] | w[None, :])
    newly = w[None, :] & ~m[:, None]
    pay = np.zeros(newly.shape, dtype=np.float64)
    for bit in _bits(_union(values)):
        pay += np.where(newly >> bit & 1 == 1, amounts[bit], 0.0)
    return join.astype(np.int64), pay


def _live_pay(a: GraphArrays, masks: list[int], when_dst: np.ndarray) -> np.ndarray:
    """What each (paid mask, transition) pays for the pay-once bits whose amount reads the state: the
    amount in the state the transition leads to, where the bit is newly set (0 where nothing is live)."""
    pay = np.zeros(len(masks) * len(a.trans_dst), dtype=np.float64)
    for bit, amounts in a.live.items():
        holds = np.array([w >> bit & 1 for w in a.when_masks], dtype=np.float64)[when_dst] * amounts[a.trans_dst]
        unpaid = np.array([1 - (m >> bit & 1) for m in masks], dtype=np.float64)
        pay += np.outer(unpaid, holds).ravel()
    return pay


def value(a: GraphArrays, rules: Rules, mode: Mode) -> float:
    """The start state's value: the best achievable return (chance outcomes at their best) for
    ``best``; the best expected return a policy can get (chance outcomes weighted by their
    probability) for ``expected``; the expected return of uniform-random play over admissible
    commands for ``random``.

    Values live in one vector of (paid mask, state) pairs, row by row; each step of the induction
    is a handful of whole-array operations over (paid mask x transition) and (paid mask x edge).
    """
    if a.n == 0 or a.terminal[0]:
        return 0.0
    n, per_step = a.n, rules.per_step
    start = a.when_masks[a.when[0]]
    masks = _paid_masks(start, a.when_masks, n)
    k = len(masks)
    join, paid = _tables(masks, a.when_masks, rules.when_amounts)
    # Large graphs have millions of transitions, and memory first touched costs page faults: each
    # array is made once, built in place, and the per-transition and per-edge ones are kept once,
    # not once per paid mask: the step's buffers are (paid mask x transition) and each row meets
    # them by broadcasting, element for element the operation a tiled copy had.
    when_dst = a.when[a.trans_dst]
    if k == 1 and not join.any():  # one paid mask: every transition's value is read at its own state
        where = a.trans_dst
    else:
        where = join[:, when_dst]
        where *= n
        where += a.trans_dst
        where = where.ravel()
    pay: np.ndarray | float = 0.0  # nothing newly paid anywhere: adding 0.0 is what adding zeros does
    if paid.any() or a.live:
        pay = paid[:, when_dst]
        if a.live:  # (adding the zeros of no live bit would change nothing: pay holds no -0.0)
            pay += _live_pay(a, masks, when_dst).reshape(pay.shape)
    del when_dst
    alive = (~a.terminal[a.trans_dst]).astype(np.float64)
    edges, trans = len(a.edge_src), len(a.trans_dst)
    sure = bool((a.trans_prob == 1.0).all())  # every probability 1: weighting by them changes nothing
    one_to_one = trans == edges  # (sure implies it: an edge's outcomes' probabilities sum to 1)
    first_trans = None if one_to_one else (a.trans_start[:-1] + trans * np.arange(k)[:, None]).ravel()
    counts = np.tile(np.diff(a.edge_start), k)
    has = counts > 0
    first_edge = (a.edge_start[:-1] + edges * np.arange(k)[:, None]).ravel()[has]
    at, runs = np.flatnonzero(has), counts[has]  # the rows with commands, and how many each has
    v = np.zeros(k * n)
    if not edges:
        return per_step * rules.horizon
    best_outcome = RunMax(first_trans, k * trans) if mode == "best" and not one_to_one else None
    best_command = RunMax(first_edge, k * edges) if mode != "random" else None
    tv = np.empty((k, trans))
    flat = tv.reshape(-1)
    per_edge = tv if one_to_one else np.empty((k, edges))  # with one transition per edge, tv is not read again
    for _ in range(rules.horizon):
        np.take(v, where, out=flat)
        tv *= alive
        tv += pay
        if mode == "random" and not sure:
            tv *= a.trans_prob
        if one_to_one:  # an edge's one outcome is its value
            ev = flat
        elif mode == "best":
            ev = best_outcome.max(flat)  # type: ignore[union-attr]
        elif mode == "expected":
            ev = np.add.reduceat((tv * a.trans_prob).reshape(-1), first_trans)
        else:
            ev = np.add.reduceat(flat, first_trans)
        edge_values = np.add(ev.reshape(k, edges), a.edge_reward, out=per_edge).reshape(-1)
        out = per_step + v
        if mode == "random":
            out[at] = np.add.reduceat(edge_values, first_edge) / runs
        else:
            out[at] = np.maximum(best_command.max(edge_values), out[at])  # type: ignore[union-attr]
        if np.array_equal(out, v):  # stationary: every earlier step has the same values
            break
        v = out
    return float(v[masks.index(start) * n])


def path_return(g: StateGraph, rules: Rules, transitions: list[int]) -> float:
    """The return of one episode along ``transitions`` (per-step, on- and pay-once rewards)."""
    paid = g.when[0]
    total = 0.0
    for t in transitions:
        e = g.trans_edge[t]
        total += rules.per_step + rules.on_amounts[rules.bindings[g.edge_binding[e]].action]
        total += edge_bonus(rules, g.states[g.edge_src[e]], g.edge_binding[e])
        w = g.when[g.trans_dst[t]]
        newly = w & ~paid
        paid |= w
        total += sum(x for i, x in enumerate(rules.when_amounts) if newly >> i & 1)
        total += sum(pay(g.states[g.trans_dst[t]]) for bit, _, pay in rules.live if newly >> bit & 1)
    return total


def do_nothing(a: GraphArrays, rules: Rules) -> float:
    """A policy that never sends a valid command: the start state, per-step reward each step."""
    return 0.0 if a.n == 0 or a.terminal[0] else rules.per_step * rules.horizon
