"""Tables are the explored graph: per state the commands admissible there and where each leads,
per chance edge its outcomes with probabilities summing to 1; worlds that cannot run from tables
say why."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.tables.conftest import graph_of, tables_of
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.tables import build as build_module
from worldgen.tables.build import unfit
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import explore


def test_each_states_mask_is_the_commands_the_rules_admit_there(ice: World) -> None:
    rules, _ = load_rules(ice)
    graph, tables = graph_of(ice), tables_of(ice)
    commands = [b.command for b in rules.bindings]
    for i, state in enumerate(graph.states):
        admitted = np.unpackbits(tables.mask[i], bitorder="little")[:len(commands)]
        expected = set() if graph.terminal(i) else set(rules.admissible(list(state)))
        assert {c for c, bit in zip(commands, admitted) if bit} == expected


def test_each_edge_leads_where_the_explored_graph_does(ice: World) -> None:
    graph, tables = graph_of(ice), tables_of(ice)
    for i in range(len(graph.keys)):
        for e in graph.edges(i):
            b = graph.edge_binding[e]
            t = -1 - tables.root[tables.edge[i, b]]
            assert tables.dst[t] == graph.trans_dst[graph.transitions(e)[0]]


def test_a_chance_edges_outcomes_carry_the_graphs_probabilities(lake: World) -> None:
    graph, tables = graph_of(lake), tables_of(lake)
    assert len(tables.node_p) > 0
    np.testing.assert_allclose(np.bincount(tables.trans_edge, weights=tables.prob), 1.0)
    for e in range(len(graph.edge_binding)):
        merged: dict[int, float] = {}
        for t in np.flatnonzero(tables.trans_edge == e):
            merged[int(tables.dst[t])] = merged.get(int(tables.dst[t]), 0.0) + float(tables.prob[t])
        expected = {graph.trans_dst[t]: graph.trans_prob[t] for t in graph.transitions(e)}
        assert merged.keys() == expected.keys()
        assert all(merged[d] == pytest.approx(p) for d, p in expected.items())


def test_the_start_state_is_state_zero_with_its_values(ice: World) -> None:
    _, initial = load_rules(ice)
    tables = tables_of(ice)
    first = tables.state_json[tables.state_start[0]:tables.state_start[1]].tobytes()
    assert json.loads(first) == json.loads(json.dumps(initial))


def test_a_graph_cut_short_by_a_bound_has_no_tables(ice: World) -> None:
    rules, initial = load_rules(ice)
    assert unfit(rules, explore(rules, initial, Bounds(max_states=3))) == \
        "its reachable graph was not explored whole (the max_states bound)"


def test_a_graph_over_the_size_bound_has_no_tables(ice: World, monkeypatch: pytest.MonkeyPatch) -> None:
    rules, _ = load_rules(ice)
    graph = graph_of(ice)
    monkeypatch.setattr(build_module, "MAX_CELLS", len(graph.keys) * len(rules.bindings) - 1)
    assert "cell bound" in str(unfit(rules, graph))
