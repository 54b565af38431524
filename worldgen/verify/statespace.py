"""Breadth-first exploration of a world's reachable state graph (the model checker's core).

Every admissible binding of every reachable non-terminal state is applied, every outcome of its
``chance`` branches included. States are discovered in BFS order, so the parent pointers give a
shortest path to every state: shortest counterexamples and the shortest solution fall out of it.
Commands that are invalid in a state change nothing and are not edges.
"""

from __future__ import annotations

import gc
import math
from array import array
from dataclasses import dataclass
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from worldgen.codegen.names import RULE_ERRORS
from worldgen.codegen.program import Rules
from worldgen.codegen.successors import CHANCE
from worldgen.verify.outcomes import stochastic
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


class Decisions(dict[int, tuple[bool, ...]]):
    """Chance decisions per transition, kept only where there are any (most transitions have none)."""

    def __missing__(self, t: int) -> tuple[bool, ...]:
        return ()


def _range_array(code: str, n: int) -> array:
    return array(code, np.arange(n, dtype=np.int64 if code == "q" else np.int32).tobytes())


class StateGraph:
    """The explored graph, stored compactly: one tuple per state (the dictionary key it is found
    by) and typed arrays for the rest, a few bytes per state and per transition.

    Edges are (state, binding) pairs; each has one transition per distinct chance outcome. Until
    the first edge with a chance outcome, every edge is exactly one sure transition, so the
    per-transition arrays (``trans_start``, ``trans_edge``, ``trans_prob``) and ``edge_src`` are
    not stored: they are derived on first use."""

    def __init__(self, unpack: Callable[[int], tuple[Any, ...]] | None = None) -> None:
        self.keys: list[Any] = []  # per state: its index key (the tuple, or the packed int)
        self.unpack = unpack
        self.depth = array("i")
        self.parent = array("i")  # transition that first reached it; -1: start
        self.when: list[int] = []  # bitmask of `reward when` conditions holding (any width)
        self.done = bytearray()
        self.failed = bytearray()
        self.edge_start = array("q", [0])  # state i: edges edge_start[i]:[i+1]
        self.edge_binding = array("i")
        self.trans_dst = array("i")
        self.trans_decisions = Decisions()
        self.violations: dict[int, int] = {}  # invariant index -> first state
        self.faults: list[Fault] = []  # the first FAULTS_KEPT, in BFS order
        self.fault_count = 0
        self.hit: str | None = None  # the bound that stopped exploration ("max_states" | "max_depth")
        self.chance: tuple[array, array, array] | None = None  # (trans_start, trans_edge, trans_prob) once needed
        self._derived: dict[str, array] = {}

    def with_chance(self) -> tuple[array, array, array]:
        """The per-transition arrays, stored from now on (back-filled for the sure edges so far)."""
        if self.chance is None:
            edges, trans = len(self.edge_binding), len(self.trans_dst)
            self.chance = (_range_array("q", edges + 1), _range_array("i", trans), array("d", np.ones(trans).tobytes()))
        return self.chance

    def _derive(self, name: str) -> array:
        got = self._derived.get(name)
        if got is None:
            edges = len(self.edge_binding)
            match name:
                case "trans_start":
                    got = _range_array("q", edges + 1)
                case "trans_edge":
                    got = _range_array("i", edges)
                case "trans_prob":
                    got = array("d", np.ones(edges).tobytes())
                case _:
                    starts = np.frombuffer(self.edge_start, dtype=np.int64)
                    got = array("i", np.repeat(np.arange(len(starts) - 1, dtype=np.int32), np.diff(starts)).tobytes())
            self._derived[name] = got
        return got

    @property
    def trans_start(self) -> array:  # edge e: transitions trans_start[e]:[e+1]
        return self.chance[0] if self.chance is not None else self._derive("trans_start")

    @property
    def trans_edge(self) -> array:
        return self.chance[1] if self.chance is not None else self._derive("trans_edge")

    @property
    def trans_prob(self) -> array:
        return self.chance[2] if self.chance is not None else self._derive("trans_prob")

    @property
    def edge_src(self) -> array:
        return self._derive("edge_src")

    @property
    def states(self) -> Sequence[tuple[Any, ...]]:
        """The state tuples, in BFS order (unpacked on access when keys are packed)."""
        return self.keys if self.unpack is None else _Unpacked(self.keys, self.unpack)

    @property
    def complete(self) -> bool:
        return self.hit is None

    def terminal(self, i: int) -> bool:
        return bool(self.done[i] or self.failed[i])

    def edges(self, i: int) -> range:
        return range(self.edge_start[i], self.edge_start[i + 1])

    def transitions(self, e: int) -> range:
        return range(e, e + 1) if self.chance is None else range(self.chance[0][e], self.chance[0][e + 1])


@dataclass(frozen=True)
class _Unpacked(Sequence[tuple[Any, ...]]):
    keys: list[int]
    unpack: Callable[[int], tuple[Any, ...]]

    def __len__(self) -> int:
        return len(self.keys)

    def __getitem__(self, i):  # type: ignore[no-untyped-def, override]
        if isinstance(i, slice):
            return [self.unpack(k) for k in self.keys[i]]
        return self.unpack(self.keys[i])

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return map(self.unpack, self.keys)


class _Explorer:
    def __init__(self, rules: Rules, bounds: Bounds):
        self.rules = rules
        self.bounds = bounds
        codec = rules.codec
        self.key: Callable[[Sequence[Any]], Any] = tuple if codec is None else codec.pack
        self.state: Callable[[Any], tuple[Any, ...]] = (lambda k: k) if codec is None else codec.unpack
        self.g = StateGraph(None if codec is None else codec.unpack)
        self.index: dict[Any, int] = {}
        self.max_states = bounds.max_states
        self.max_depth: float = math.inf if bounds.max_depth is None else bounds.max_depth
        self.signals, self.invariant = rules.signals, rules.invariant

    def fault(self, state: int, binding: int | None, decisions: tuple[bool, ...], message: str) -> None:
        g = self.g
        g.fault_count += 1
        if len(g.faults) < FAULTS_KEPT:
            g.faults.append(Fault(state, binding, decisions, message))

    def state_fault(self, state: int, err: Exception) -> None:
        """A rule error met while judging a state: the state fails (the caller says so)."""
        self.fault(state, None, (), f"evaluating the state's signals or invariants: {err}")

    def add(self, key: Any, s: Sequence[Any], depth: int, parent: int) -> int:
        """Index of state ``s`` (whose index key is ``key``), discovering it if new; -1 if a bound
        forbids a new state."""
        i = self.index.get(key)
        return i if i is not None else self.discover(key, s, depth, parent)

    def discover(self, key: Any, s: Sequence[Any], depth: int, parent: int) -> int:
        """Index a state not seen before (the caller looked ``key`` up); -1 if a bound forbids it."""
        g = self.g
        i = len(g.keys)
        if i >= self.max_states:
            g.hit = "max_states"
            return -1
        if depth > self.max_depth:
            g.hit = g.hit or "max_depth"
            return -1
        self.index[key] = i
        g.keys.append(key)
        g.depth.append(depth)
        g.parent.append(parent)
        try:
            when, done, failed = self.signals(s)
            inv = self.invariant(s)
        except RULE_ERRORS as err:
            self.state_fault(i, err)
            when, done, failed, inv = 0, False, True, -1
        g.when.append(when)
        g.done.append(done)  # bools: the generated signals() says bool(...)
        g.failed.append(failed)
        if inv >= 0 and inv not in g.violations:
            g.violations[inv] = i
        return i

    def run(self) -> None:
        """Expand every discovered state in BFS order until none is left or the state bound stops it.

        The hot loop of the whole checker, one function with everything it touches bound to
        locals once: the world's generated ``successors`` runs the guards and sure effects of
        every admissible binding of a state in one call (codegen/successors.py), and each edge
        costs a key, a dictionary look-up and two appends. A world without chance runs the same
        loop generated around its own scans instead (codegen/fused.py), the same graph made."""
        g = self.g
        fused = self.rules.explore_run
        if fused is not None:
            hit = fused(g.keys, g.depth, g.parent, g.when, g.done, g.failed, g.edge_start, g.edge_binding, g.trans_dst,
                        self.index, g.violations, self.max_states, self.max_depth, self.key, self.state, self.fault,
                        self.state_fault)
            if hit is not None:
                g.hit = hit
            return
        keys, depth, done, failed, edge_binding, trans_dst = g.keys, g.depth, g.done, g.failed, g.edge_binding, g.trans_dst
        add_dst, add_binding, close = trans_dst.append, edge_binding.append, g.edge_start.append
        successors, state, key, find, discover = self.rules.successors, self.state, self.key, self.index.get, self.discover
        assert successors is not None  # made for every world that has no explore_run
        i = 0
        while i < len(keys):
            if not (done[i] or failed[i]):
                s, d = state(keys[i]), depth[i] + 1
                for b, new in successors(s):
                    kind = type(new)
                    if kind is list:
                        k = key(new)
                        j = find(k)
                        if j is None:
                            j = discover(k, new, d, len(trans_dst))
                            if j < 0:
                                if g.hit == "max_states":
                                    return
                                continue
                    elif kind is str:  # the effect raised a rule error
                        self.fault(i, b, (), new)
                        continue
                    elif new == CHANCE:
                        if self.stochastic_edge(i, s, b, d):
                            add_binding(b)
                        elif g.hit == "max_states":
                            return
                        continue
                    else:  # SAME: a status command, the state stays as it is
                        j = i
                    if g.chance is not None:
                        starts, edges, probs = g.chance
                        edges.append(len(edge_binding))
                        probs.append(1.0)
                        starts.append(len(trans_dst) + 1)
                    add_dst(j)
                    add_binding(b)
            close(len(edge_binding))
            i += 1

    def stochastic_edge(self, i: int, s: tuple[Any, ...], b: int, d: int) -> bool:
        """Add the transitions of binding b from state i (equal outcomes merged) for the edge the
        caller then adds; False when no outcome gives a state (the caller then adds no edge)."""
        g, binding = self.g, self.rules.bindings[b]
        starts, edges, probs = g.with_chance()
        e = len(g.edge_binding)
        targets: dict[int, int] = {}  # state -> its transition
        for o in stochastic(self.rules.effect[binding.action], s, binding.args):
            if o.state is None:
                self.fault(i, b, o.decisions, o.error or "")
                continue
            j = self.add(self.key(o.state), o.state, d, len(g.trans_dst))
            if j < 0:
                continue
            t = targets.get(j)
            if t is None:
                t = targets[j] = len(g.trans_dst)
                probs.append(o.prob)
                g.trans_dst.append(j)
                edges.append(e)
                if o.decisions:
                    g.trans_decisions[t] = o.decisions
            else:
                probs[t] += o.prob
        if targets:
            starts.append(len(g.trans_dst))
        return bool(targets)


def explore(rules: Rules, initial: list[Any], bounds: Bounds) -> StateGraph:
    """The reachable graph from ``initial`` within ``bounds`` (``graph.hit`` names a bound hit).

    The garbage collector is paused meanwhile: exploring makes millions of tuples and no cycles,
    and each automatic collection would walk all of them again."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _explore(rules, initial, bounds)
    finally:
        if paused:
            gc.enable()


def _explore(rules: Rules, initial: list[Any], bounds: Bounds) -> StateGraph:
    ex = _Explorer(rules, bounds)
    g = ex.g
    ex.add(ex.key(initial), tuple(initial), 0, -1)
    ex.run()
    g.edge_start.extend([len(g.edge_binding)] * (len(g.keys) + 1 - len(g.edge_start)))
    return g
