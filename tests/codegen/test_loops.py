"""An invariant written as ``all(...)`` (nested, or joined by ``and``), or comparing a ``count``
or an int ``sum``, runs as loops (codegen/loops.py), with the states, violations and faults of
the expression as written."""

from __future__ import annotations

import re

import pytest

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

COUNTERS = """
world counters {
  entity cell[3]
  state {
    val: map<cell, int in 0..4> = 0
    lit: set<cell> = {}
  }
  action bump(c: cell) "bump {c}" { when val[c] < 4  do val[c] = val[c] + 1 }
  action light(c: cell) "light {c}" { when c not in lit  do lit += c }
  invariant first: INVARIANT
  invariant second: all(c: cell, val[c] <= 4)
  observe "{each(c: cell, val[c])} {lit}"
  horizon 9
}
"""


def graphs(monkeypatch: pytest.MonkeyPatch, invariant: str):
    def rules(plain: bool):
        if plain:  # the expression as written
            monkeypatch.setattr("worldgen.codegen.invariants.loop_lines", lambda *args: None)
        world = worldgen.loads(COUNTERS.replace("INVARIANT", invariant), "counters.wg").instantiate({}, seed=0)
        return load_rules(world)

    (fast, start), (plain, _) = rules(False), rules(True)
    return fast, explore(fast, start, Bounds()), explore(plain, start, Bounds())


def same(a, b) -> bool:
    return (list(a.states) == list(b.states) and list(a.trans_dst) == list(b.trans_dst)
            and a.violations == b.violations and a.faults == b.faults and a.fault_count == b.fault_count)


@pytest.mark.parametrize("invariant", [  # each reads both variables (one that reads fewer is cached by them)
    "all(c: cell, val[c] <= 3 or c in lit)",
    "all(c: cell, all(d: cell, c == d or c in lit or val[c] + val[d] <= 5))",
    "all(c: cell, val[c] >= 0) and sum(c: cell, val[c]) <= 5 + count(lit)",
    "all(c: cell, c in lit or val[c] < 3)",
    "count(c: cell, val[c] >= 3) <= count(lit)",  # a count compared: counted in a loop
    "sum(c: cell, val[c]) <= 5 + count(lit)",
    "all(c: lit, count(d: cell, val[d] > val[c]) < 2)",
])
def test_an_all_runs_as_loops_and_breaks_where_the_expression_did(monkeypatch: pytest.MonkeyPatch, invariant: str) -> None:
    fast, got, want = graphs(monkeypatch, invariant)
    assert "\n    for l_c in " in fast.source.split("def invariant(s):")[1]
    counted = re.search(r"\n +_n\d = 0\n", fast.source.split("def invariant(s):")[1]) is not None
    assert counted == ("count(" in invariant or "sum(" in invariant)
    assert same(got, want) and 0 in got.violations and len(got.states) > 50


@pytest.mark.parametrize("invariant", [
    "all(c: cell, c in lit or 6 / (2 - val[c]) != 0)",  # val 2 divides by zero
    "count(c: cell, 6 / (2 - val[c]) > 0) >= count(lit)",
])
def test_a_test_that_fails_faults_at_the_same_element(monkeypatch: pytest.MonkeyPatch, invariant: str) -> None:
    fast, got, want = graphs(monkeypatch, invariant)
    assert "    for l_c in " in fast.source
    assert got.fault_count == want.fault_count > 0 and same(got, want)


@pytest.mark.parametrize("invariant", [
    "all(c: lit, c in lit) and val[cell[0]] <= 3",  # one bitwise operation over a set
    "val[cell[0]] <= 3 or count(lit) < 3",  # no all
    "all(c: cell, all(c: cell, val[c] <= 3 or c in lit) and (val[c] <= 2 or c in lit))",  # an inner c hides the outer
])
def test_other_invariants_stay_as_written(monkeypatch: pytest.MonkeyPatch, invariant: str) -> None:
    fast, got, want = graphs(monkeypatch, invariant)
    assert not any(line.lstrip().startswith("for ") for line in fast.source.split("def invariant(s):")[1].splitlines())
    assert same(got, want)
