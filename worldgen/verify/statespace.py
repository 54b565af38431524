"""Breadth-first exploration of a world's reachable state graph (the model checker's core).

Every admissible binding of every reachable non-terminal state is applied, every outcome of its
``chance`` branches included. States are discovered in BFS order, so the parent pointers give a
shortest path to every state: shortest counterexamples and the shortest solution fall out of it.
Commands that are invalid in a state change nothing and are not edges.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from worldgen.codegen.program import Rules
from worldgen.verify.outcomes import RULE_ERRORS, never as _never, stochastic
from worldgen.verify.report import Bounds

FAULTS_KEPT = 20


@dataclass(frozen=True)
class Fault:
    """A rule error met while exploring: in ``state``, running ``binding`` (None: while evaluating
    the state's signals or invariants) with the given chance decisions."""

    state: int
    binding: int | None
    decisions: tuple[bool, ...]
    message: str


@dataclass
class StateGraph:
    states: list[tuple[Any, ...]] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)  # transition that first reached it; -1: start
    when: list[int] = field(default_factory=list)  # bitmask of `reward when` conditions holding
    done: list[bool] = field(default_factory=list)
    failed: list[bool] = field(default_factory=list)
    edge_start: list[int] = field(default_factory=lambda: [0])  # state i: edges edge_start[i]:[i+1]
    edge_src: list[int] = field(default_factory=list)
    edge_binding: list[int] = field(default_factory=list)
    trans_start: list[int] = field(default_factory=lambda: [0])  # edge e: transitions [e]:[e+1]
    trans_prob: list[float] = field(default_factory=list)
    trans_dst: list[int] = field(default_factory=list)
    trans_decisions: list[tuple[bool, ...]] = field(default_factory=list)
    trans_edge: list[int] = field(default_factory=list)
    violations: dict[int, int] = field(default_factory=dict)  # invariant index -> first state
    faults: list[Fault] = field(default_factory=list)  # the first FAULTS_KEPT, in BFS order
    fault_count: int = 0
    hit: str | None = None  # the bound that stopped exploration ("max_states" | "max_depth")

    @property
    def complete(self) -> bool:
        return self.hit is None

    def terminal(self, i: int) -> bool:
        return self.done[i] or self.failed[i]

    def edges(self, i: int) -> range:
        return range(self.edge_start[i], self.edge_start[i + 1])

    def transitions(self, e: int) -> range:
        return range(self.trans_start[e], self.trans_start[e + 1])


class _Explorer:
    def __init__(self, rules: Rules, bounds: Bounds):
        self.rules = rules
        self.bounds = bounds
        self.g = StateGraph()
        self.index: dict[tuple[Any, ...], int] = {}

    def fault(self, state: int, binding: int | None, decisions: tuple[bool, ...], message: str) -> None:
        g = self.g
        g.fault_count += 1
        if len(g.faults) < FAULTS_KEPT:
            g.faults.append(Fault(state, binding, decisions, message))

    def add(self, s: tuple[Any, ...], depth: int, parent: int) -> int:
        """Index of state ``s``, discovering it if new; -1 if a bound forbids a new state."""
        i = self.index.get(s)
        if i is not None:
            return i
        g = self.g
        if len(g.states) >= self.bounds.max_states:
            g.hit = "max_states"
            return -1
        if self.bounds.max_depth is not None and depth > self.bounds.max_depth:
            g.hit = g.hit or "max_depth"
            return -1
        i = len(g.states)
        self.index[s] = i
        g.states.append(s)
        g.depth.append(depth)
        g.parent.append(parent)
        try:
            when, done, failed = self.rules.signals(s)
            inv = self.rules.invariant(s)
        except RULE_ERRORS as err:
            self.fault(i, None, (), f"evaluating the state's signals or invariants: {err}")
            when, done, failed, inv = 0, False, True, -1
        g.when.append(when)
        g.done.append(done)
        g.failed.append(failed)
        if inv >= 0 and inv not in g.violations:
            g.violations[inv] = i
        return i

    def expand(self, i: int) -> bool:
        """Add state i's edges; False when the state bound stopped exploration.

        The deterministic case is the hot loop of the whole checker, hence inlined, with the
        lists' append methods bound once."""
        g, rules = self.g, self.rules
        s, d = g.states[i], g.depth[i] + 1
        index, bindings, effect, chance, says_only = self.index, rules.bindings, rules.effect, rules.stochastic, rules.says_only
        trans_dst = g.trans_dst
        add_prob, add_dst = g.trans_prob.append, trans_dst.append
        add_decisions, add_edge = g.trans_decisions.append, g.trans_edge.append
        add_src, add_binding, add_start = g.edge_src.append, g.edge_binding.append, g.trans_start.append
        e = len(g.edge_binding)
        for b in rules.admissible_ids(s):
            binding = bindings[b]
            ai = binding.action
            if chance[ai]:
                if not self.stochastic_edge(i, b, e, d):
                    if g.hit == "max_states":
                        return False
                    continue
            elif says_only[ai]:  # a status command: the state stays as it is
                add_prob(1.0)
                add_dst(i)
                add_decisions(())
                add_edge(e)
            else:
                new = list(s)
                try:
                    effect[ai](new, *binding.args, _never)
                except RULE_ERRORS as err:
                    self.fault(i, b, (), str(err) or type(err).__name__)
                    continue
                t = tuple(new)
                j = index.get(t)
                if j is None:
                    j = self.add(t, d, len(trans_dst))
                    if j < 0:
                        if g.hit == "max_states":
                            return False
                        continue
                add_prob(1.0)
                add_dst(j)
                add_decisions(())
                add_edge(e)
            add_src(i)
            add_binding(b)
            add_start(len(trans_dst))
            e += 1
            if g.hit == "max_states":
                return False
        return True

    def stochastic_edge(self, i: int, b: int, e: int, d: int) -> bool:
        """Add the transitions of binding b from state i as edge e (equal outcomes merged);
        False when no outcome gives a state (the caller then adds no edge)."""
        g, binding = self.g, self.rules.bindings[b]
        targets: dict[int, int] = {}  # state -> its transition
        for o in stochastic(self.rules.effect[binding.action], g.states[i], binding.args):
            if o.state is None:
                self.fault(i, b, o.decisions, o.error or "")
                continue
            j = self.add(o.state, d, len(g.trans_dst))
            if j < 0:
                continue
            t = targets.get(j)
            if t is None:
                targets[j] = len(g.trans_dst)
                g.trans_prob.append(o.prob)
                g.trans_dst.append(j)
                g.trans_decisions.append(o.decisions)
                g.trans_edge.append(e)
            else:
                g.trans_prob[t] += o.prob
        return bool(targets)


def explore(rules: Rules, initial: list[Any], bounds: Bounds) -> StateGraph:
    """The reachable graph from ``initial`` within ``bounds`` (``graph.hit`` names a bound hit)."""
    ex = _Explorer(rules, bounds)
    g = ex.g
    ex.add(tuple(initial), 0, -1)
    i = 0
    while i < len(g.states):
        if not g.terminal(i) and not ex.expand(i):
            break
        g.edge_start.append(len(g.edge_binding))
        i += 1
    g.edge_start.extend([len(g.edge_binding)] * (len(g.states) + 1 - len(g.edge_start)))
    return g
