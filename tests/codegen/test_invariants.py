"""An invariant that reads no variable an action changes is evaluated once per world, not once per
explored state (codegen/invariants.py), with the verdicts, first states and faults of a per-state
evaluation."""

from __future__ import annotations

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

COUNTER = """
world counter {
  param top: int in 3..3
  state { n: int in 0..9 = 0  cap: int in 0..9 = CAP }
  action up "up" { when n < top  do n = n + 1 }
  invariant below_cap: n <= cap
  invariant cap_fits: INVARIANT
}
"""


def explored(cap: int, invariant: str):
    source = COUNTER.replace("CAP", str(cap)).replace("INVARIANT", invariant)
    rules, initial = load_rules(worldgen.loads(source, "counter.wg").instantiate({}, seed=0))
    return rules, explore(rules, initial, Bounds())


def test_an_invariant_of_constants_alone_is_decided_as_the_world_is_built():
    rules, g = explored(9, "cap >= top")  # cap: no action changes it
    assert "_INV1 = bool(" in rules.source and rules.invariant.__globals__["_INV1"] is True
    assert g.violations == {} and len(g.states) == 4


def test_a_broken_constant_invariant_is_reported_in_the_first_state_behind_earlier_ones():
    rules, g = explored(9, "cap < top")
    assert rules.invariant.__globals__["_INV1"] is False
    assert g.violations == {1: 0}
    rules, g = explored(2, "cap > top")  # below_cap breaks first in the state n = 3: invariant 0 wins there
    assert g.violations == {1: 0, 0: 3}
    assert [rules.invariant(s) for s in g.states] == [1, 1, 1, 0]


def test_a_constant_invariant_raising_a_rule_error_faults_in_every_state_as_before():
    rules, g = explored(0, "10 / cap > 1")
    assert rules.invariant.__globals__["_INV1"] is None  # not decided: each state evaluates it
    assert g.fault_count == len(g.states) == 1  # the start state: its signals or invariants raised
    assert "division by zero" in g.faults[0].message


def test_an_invariant_reading_changing_state_is_evaluated_per_state():
    rules, g = explored(9, "n + cap < 12")
    assert "_INV1" not in rules.source
    assert g.violations == {1: 3}
