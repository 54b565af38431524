"""The model checker's explored graph -> a world's step tables (or why it has none).

A world qualifies when its whole reachable graph was explored without a rule error, its commands
are the fixed bindings of its command table (no typed text) and the dense state x command table
fits ``MAX_CELLS``. A terminal world's shell still parses every line; what changes its state steps
through the tables (tables/terminal.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

import numpy as np

from worldgen.codegen.program import Rules
from worldgen.tables.chance import decision_tree
from worldgen.verify.statespace import StateGraph

MAX_CELLS = 1 << 23  # states x commands of the dense successor table: 32 MiB of int32 at most
MAX_WHEN_BITS = 64  # pay-once conditions, one bit each in a state's uint64


@dataclass(frozen=True)
class Tables:
    """One world's graph as arrays. Edges are (state, admissible command) pairs; each has one
    transition per decision path of its ``chance`` branches (one for a sure edge)."""

    world_id: np.ndarray  # str scalar: the world these were built for
    edge: np.ndarray  # int32 [S, B]: edge of command b in state s; -1: not admissible there
    mask: np.ndarray  # uint8 [S, ceil(B / 8)]: admissible commands, np.packbits(edge >= 0, bitorder="little")
    gain: np.ndarray  # float64 [E]: the edge's step reward before pay-once rewards
    root: np.ndarray  # int32 [E]: its decision tree's root node; -1 - t: the sure transition t
    node_p: np.ndarray  # float64 [N]: the p of the chance met at the node
    node_yes: np.ndarray  # int32 [N]: node after random() < p (-1 - t: transition t)
    node_no: np.ndarray  # int32 [N]
    dst: np.ndarray  # int32 [T]: the transition's end state
    prob: np.ndarray  # float64 [T]
    trans_edge: np.ndarray  # int32 [T]
    path_start: np.ndarray  # int64 [T + 1]: the transition's decisions are path[start:next]
    path: np.ndarray  # bool [...]
    when: np.ndarray  # uint64 [S]: pay-once conditions holding
    done: np.ndarray  # bool [S]
    failed: np.ndarray  # bool [S]
    state_json: np.ndarray  # uint8 [...]: each state's values as JSON (lists for tuples), for rendering
    state_start: np.ndarray  # int64 [S + 1]: state s is state_json[start:next]

    @property
    def states(self) -> int:
        return int(self.edge.shape[0])

    @property
    def commands(self) -> int:
        return int(self.edge.shape[1])

    def arrays(self) -> dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def nbytes(self) -> int:
        return sum(a.nbytes for a in self.arrays().values())


def unfit(rules: Rules, graph: StateGraph) -> str | None:
    """Why this world cannot run from tables (None: it can)."""
    cells = len(graph.keys) * len(rules.bindings)
    if rules.fallbacks:
        return "it takes typed text or words in its commands"
    if not graph.complete:
        return f"its reachable graph was not explored whole (the {graph.hit} bound)"
    if graph.fault_count:
        return "exploring it met rule errors"
    if len(rules.when_amounts) > MAX_WHEN_BITS:
        return f"it has more than {MAX_WHEN_BITS} pay-once rewards"
    if cells > MAX_CELLS:
        return f"{len(graph.keys):_} states x {len(rules.bindings):_} commands is over the {MAX_CELLS:_}-cell bound"
    return None


def build(world_id: str, rules: Rules, graph: StateGraph) -> Tables:
    """The tables of a graph ``unfit`` accepts."""
    states, commands, edges = len(graph.keys), len(rules.bindings), len(graph.edge_binding)
    src = np.frombuffer(graph.edge_src, dtype=np.int32)
    binding = np.frombuffer(graph.edge_binding, dtype=np.int32)
    edge = np.full((states, commands), -1, dtype=np.int32)
    edge[src, binding] = np.arange(edges, dtype=np.int32)
    action = np.array([b.action for b in rules.bindings], dtype=np.int32)[binding] if edges else np.zeros(0, np.int32)
    gain = rules.per_step + np.asarray(rules.on_amounts, dtype=np.float64)[action] if edges else np.zeros(0)
    chance = np.asarray(rules.stochastic, dtype=bool)[action] if edges else np.zeros(0, bool)
    # the sure edges' transitions first, one each, in edge order; the chance edges' after them
    sure = np.flatnonzero(~chance)
    first_trans = np.frombuffer(graph.trans_start, dtype=np.int64)[:-1]
    dst = np.frombuffer(graph.trans_dst, dtype=np.int32)[first_trans[sure]].tolist()
    prob, trans_edge = [1.0] * len(sure), sure.tolist()
    paths: list[tuple[bool, ...]] = [()] * len(sure)
    root = np.zeros(edges, dtype=np.int32)
    root[sure] = -1 - np.arange(len(sure), dtype=np.int32)
    node_p: list[float] = []
    node_yes: list[int] = []
    node_no: list[int] = []
    index: dict[object, int] | None = None
    for e in np.flatnonzero(chance | _bonused(rules, action)):
        e = int(e)
        b = rules.bindings[int(binding[e])]
        s = graph.states[int(src[e])]
        bonus = rules.bonus[b.action]
        if bonus is not None:  # as Env._act adds it: per step, then the bonus, then the `on` amount
            gain[e] = (rules.per_step + bonus(s, *b.args)) + rules.on_amounts[b.action]
        if not chance[e]:
            continue
        if index is None:
            index = {k: i for i, k in enumerate(graph.keys)}
        tree = decision_tree(rules.effect[b.action], s, b.args)
        first, offset = len(dst), len(node_p)
        for decisions, p, new in tree.paths:
            dst.append(index[tuple(new) if rules.codec is None else rules.codec.pack(new)])
            prob.append(p)
            trans_edge.append(e)
            paths.append(decisions)
        node_p += tree.p
        node_yes += [_renumber(c, offset, first) for c in tree.yes]
        node_no += [_renumber(c, offset, first) for c in tree.no]
        root[e] = offset if tree.p else -1 - first
    path_start = np.zeros(len(paths) + 1, dtype=np.int64)
    np.cumsum([len(p) for p in paths], out=path_start[1:])
    texts = [json.dumps(s, separators=(",", ":")).encode() for s in graph.states]
    state_start = np.zeros(states + 1, dtype=np.int64)
    np.cumsum([len(t) for t in texts], out=state_start[1:])
    return Tables(
        world_id=np.array(world_id), edge=edge, mask=np.packbits(edge >= 0, axis=1, bitorder="little"),
        gain=np.asarray(gain, dtype=np.float64), root=root.astype(np.int32),
        node_p=np.array(node_p, dtype=np.float64), node_yes=np.array(node_yes, dtype=np.int32),
        node_no=np.array(node_no, dtype=np.int32), dst=np.array(dst, dtype=np.int32),
        prob=np.array(prob, dtype=np.float64), trans_edge=np.array(trans_edge, dtype=np.int32), path_start=path_start,
        path=np.fromiter((d for p in paths for d in p), dtype=bool), when=np.array(graph.when, dtype=np.uint64),
        done=np.frombuffer(graph.done, dtype=bool).copy(), failed=np.frombuffer(graph.failed, dtype=bool).copy(),
        state_json=np.frombuffer(b"".join(texts), dtype=np.uint8), state_start=state_start,
    )


def _renumber(child: int, offset: int, first: int) -> int:
    """A tree's child in the whole table: its node ``offset`` on, or its path ``first`` on."""
    return child + offset if child >= 0 else child - first


def _bonused(rules: Rules, action: np.ndarray) -> np.ndarray:
    """Per edge: does its action pay a `reward R on A when C` bonus (read in the state)?"""
    return np.asarray([b is not None for b in rules.bonus], dtype=bool)[action] if len(action) else np.zeros(0, bool)
