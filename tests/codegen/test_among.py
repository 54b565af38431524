"""A guard ``any(v: D, arg == F(v) ...)`` scans only the bindings whose argument is one of the F(v)
(codegen/among.py): in binding order, and exactly the graph, commands and faults of a plain scan."""

from __future__ import annotations

import pytest

import worldgen
from tests.codegen.graphs import assert_same_graph
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

PIDS = """
world pids {
  entity proc[4]
  enum sig { hup, term, kill }
  state { alive: set<proc> = {proc[0], proc[1], proc[2], proc[3]}  shots: int in 0..9 = 0 }
  def pid(p: proc) = 100 + 7 * index(p)
  def up(n: int in 100..130) = any(p: alive, pid(p) == n)
  def upper(p: proc) = any(p: alive, p == proc[2])
  def via(n: int in 100..130) = up(n)
  action kill(s: sig, n: int in 100..130) "kill -{s} {n}" {
    when up(n) else "no such process"
    when s != hup else "ignored"
    do alive -= filter(p: alive, pid(p) == n), shots += 1
  }
  action term(n: int in 100..130) "kill {n}" { when via(n) and shots < 9  do alive -= filter(p: alive, pid(p) == n), shots += 1 }
  action same(q: proc) "same {q}" { when upper(q) and shots < 9  do shots += 1 }
  action late(n: int in 100..130) "late {n}" { when shots < 9 and up(n)  do shots += 1 }
  action second(n: int in 100..130) "second {n}" { when any(p: alive, index(p) < 3 and pid(p) == n)  do shots += 1 }
  action ratio(n: int in 0..12) "ratio {n}" { when any(p: alive, n == 12 / (index(p) + 1))  do shots += 1 }
  done when alive == {}
  horizon 12
}
"""


def rules_of(monkeypatch: pytest.MonkeyPatch | None = None):
    if monkeypatch is not None:
        monkeypatch.setattr("worldgen.codegen.guards._among", lambda *args: None)
    return load_rules(worldgen.loads(PIDS, "pids.wg").instantiate({}, seed=0))


def scans(rules) -> dict[str, str]:
    """Per action, the bindings its admissible scan tries (the source after ``in``)."""
    head = rules.source.split("def admissible(s):")[1].split("\ndef ")[0]
    out = {}
    for ai, action in enumerate(rules.actions):
        line = next(ln for ln in head.splitlines() if ", c, i in " in ln and (f" L{ai}:" in ln or f"(X{ai}," in ln))
        out[action.name] = "among" if "_among(" in line else "all"
    return out


def test_the_shapes_it_takes_and_those_it_leaves() -> None:
    rules, _ = rules_of()
    assert scans(rules) == {
        "kill": "among",  # through a def
        "term": "among",  # through a def calling a def
        "same": "all",  # the `any` rebinds the def's parameter name: `p == proc[2]` never reads q
        "late": "all",  # the `any` is not the guard's first conjunct: a guard before it could fail
        "second": "all",  # `arg == F(v)` is not the first test inside the `any`
        "ratio": "among",  # F could fail (a division): see the test of rule errors below
    }


def test_it_scans_the_bindings_a_plain_scan_admits_in_the_same_order(monkeypatch: pytest.MonkeyPatch) -> None:
    fast, start = rules_of()
    plain, plain_start = rules_of(monkeypatch)
    assert "_among(" in fast.source and "_among(" not in plain.source
    graph = explore(fast, start, Bounds())
    assert len(graph.states) > 20
    for state in graph.states:
        assert fast.admissible(list(state)) == plain.admissible(list(state))
    assert_same_graph(fast, start, plain, plain_start)
    commands = fast.admissible(list(start))
    assert commands.index("kill -term 100") < commands.index("kill -term 107") < commands.index("kill -kill 100")


RATIO = """
world ratio {
  entity proc[3]
  state { alive: set<proc> = {proc[0], proc[1], proc[2]}  shots: int in 0..3 = 0 }
  action wait "wait" { when shots < 3  do shots += 1 }
  action ratio(n: int in 0..12) "ratio {n}" { when any(p: alive, n == 12 / (index(p) + 1 - shots))  do alive -= {proc[0]} }
  horizon 6
}
"""


def test_a_rule_error_while_finding_the_keys_is_met_where_a_plain_scan_meets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A guard's rule error leaves the rest of its action out of `admissible` and is a fault of
    the state for the model checker: the same with the table by value as with the plain scan."""
    fast, initial = load_rules(worldgen.loads(RATIO, "ratio.wg").instantiate({}, seed=0))
    assert "_among(" in fast.source
    monkeypatch.setattr("worldgen.codegen.guards._among", lambda *args: None)
    plain, _ = load_rules(worldgen.loads(RATIO, "ratio.wg").instantiate({}, seed=0))
    for alive in range(8):
        for shots in range(4):
            assert fast.admissible([alive, shots]) == plain.admissible([alive, shots]), (alive, shots)
    g, h = explore(fast, initial, Bounds()), explore(plain, initial, Bounds())
    assert g.fault_count > 0 and [(f.state, f.message) for f in g.faults] == [(f.state, f.message) for f in h.faults]
    assert list(g.states) == list(h.states) and list(g.edge_binding) == list(h.edge_binding)
