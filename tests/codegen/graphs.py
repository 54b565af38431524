"""What the code generator's speed-ups must keep: the graph a world explores, edge for edge."""

from __future__ import annotations

from typing import Any

from worldgen.codegen.program import Rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore


def assert_same_graph(a: Rules, a_start: list[Any], b: Rules, b_start: list[Any], bounds: Bounds | None = None) -> None:
    """Same states in the same order, same edges (bindings and targets), ends, violations and faults."""
    g, h = explore(a, a_start, bounds or Bounds()), explore(b, b_start, bounds or Bounds())
    assert list(g.states) == list(h.states) and list(g.edge_binding) == list(h.edge_binding)
    assert list(g.trans_dst) == list(h.trans_dst) and list(g.done) == list(h.done) and g.keys == h.keys
    assert g.violations == h.violations and [f.message for f in g.faults] == [f.message for f in h.faults]
