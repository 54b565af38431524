"""The explorer: BFS order, every chance outcome, bounds."""

from __future__ import annotations

from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.outcomes import stochastic
from worldgen.verify.statespace import explore
from worldgen.verify.traces import path_to, states_along, trace_to


def test_bfs_depth_is_shortest_distance(counter):
    rules, initial = load_rules(counter())
    g = explore(rules, initial, Bounds())
    assert [s[0] for s in g.states] == [0, 1, 2, 3]  # n; broken never changes, so it is not dynamic
    assert list(g.depth) == [0, 1, 2, 3]
    assert [bool(d) for d in g.done] == [False, False, False, True]
    assert g.complete


def test_every_outcome_of_nested_chances():
    def effect(s, pick):
        if pick(0.5):
            s[0] = 1 if pick(0.25) else 2
        else:
            s[0] = 3
        pick(1.0)  # certain: not a decision

    outcomes = stochastic(effect, (0,), ())
    assert [(o.prob, o.state, o.decisions) for o in outcomes] == [
        (0.125, (1,), (True, True)), (0.375, (2,), (True, False)), (0.5, (3,), (False,))]


def test_flaky_services_branch_on_every_start(example_world):
    world = example_world("services", 3, flakiness="flaky")
    rules, initial = load_rules(world)
    g = explore(rules, initial, Bounds())
    for e in range(len(g.edge_binding)):
        probs = sorted(g.trans_prob[t] for t in g.transitions(e))
        assert abs(sum(probs) - 1) < 1e-12
    assert any(len(g.transitions(e)) == 2 for e in range(len(g.edge_binding)))


def test_traces_replay_to_their_states(example_world):
    world = example_world("vault", 5)
    rules, initial = load_rules(world)
    g = explore(rules, initial, Bounds())
    for state in range(0, len(g.states), 7):
        trace = trace_to(g, rules, state)
        assert len(trace) == g.depth[state] == len(path_to(g, state))
        assert states_along(rules, initial, trace)[-1] == g.states[state]
