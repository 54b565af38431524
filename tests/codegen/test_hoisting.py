"""An expression that reads no state and no variable is computed once per world in its rules
(codegen/hoisting.py), and every world explores the same graph as without it."""

from __future__ import annotations

import pytest

import worldgen
from tests.codegen.graphs import assert_same_graph
from worldgen.codegen.hoisting import closed
from worldgen.codegen.names import RULE_ERRORS
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

RINGS = """
world rings {
  entity room[6]
  const link = filter(a: room, b: room, index(b) == (index(a) + 1) % 3 or (index(a) == 3 and index(b) == 4))
  state { at: room = room[0]  seen: set<room> = {} }
  def beyond(r: room) = count(x: closure(link, r), x != r)
  action go(r: room) "go {r}" {
    when r in closure(link, room[0]) else "no way there"
    when count(x: room, x in closure(link, x)) >= beyond(r) else "never"
    do at = r, seen += r
  }
  action look "look" { when count(x: seen, x in closure(link, x)) >= 0  do seen += at }
  action fail "fail" { when first(x: room, x in closure(link, x) and index(x) > 4) == room[0] else "unreachable" }
  done when count(seen) == 3
  horizon 12
  invariant linked: at == room[0] or at in closure(link, room[0])
}
"""


def rules_of(text: str, name: str, monkeypatch: pytest.MonkeyPatch | None = None, seed: int = 0):
    if monkeypatch is not None:
        monkeypatch.setattr("worldgen.codegen.hoisting.Hoists.use", lambda self, src: src)
    return load_rules(worldgen.loads(text, name).instantiate({}, seed=seed))


def test_closed_expressions_with_work_are_named_once_and_defined_before_anything_else() -> None:
    rules, _ = rules_of(RINGS, "rings.wg")
    src = rules.source
    hoisted = [line for line in src.splitlines() if line.startswith("O")]
    assert hoisted and src.startswith(hoisted[0])  # module-level code after them may call them
    assert "O0 = _memo(lambda: _closure(C_link, (1 << R0[0])))" in hoisted  # the guard's and the invariant's
    assert len(hoisted) == len({line.split(" = ", 1)[1] for line in hoisted})  # each expression once
    assert "def invariant(s)" in src and "O0()" in src.split("def invariant(s)")[1]
    assert all("s[" not in line and "a_" not in line for line in hoisted)  # never the state, never an argument
    # `count(x: seen, ...)` reads the state: computed in place, its closure per `x` included
    assert "if not (sum(1 for l_x in _B[s[1]] if ((_closure(C_link, (1 << l_x))" in src


def test_closedness_is_decided_on_the_names_an_expression_loads() -> None:
    assert closed("sum(1 for l_x in R0 if l_x in _closure(C_link, 1 << l_x))")  # its own loop variable
    assert not closed("sum(1 for l_y in R0 if l_x)")  # l_x is the function's
    assert not closed("any(l_x for l_x in R0) and l_x")  # the same name, bound inside and read outside
    assert not closed("_closure(C_link, s[0])") and not closed("_closure(C_link, a_r)")
    assert closed("_fix(1, 4, lambda l_d: True, lambda l_d, l_e: l_e > l_d, 3)")


def test_a_hoisted_value_is_computed_once_while_a_world_is_explored() -> None:
    rules, initial = rules_of(RINGS, "rings.wg")
    namespace = rules.guard[0].__globals__
    graph = explore(rules, initial, Bounds())
    caches = [namespace[name].cache_info() for name in namespace if name[0] == "O" and name[1:].isdigit()]
    assert caches and len(graph.states) > 5
    assert all(c.misses <= 1 for c in caches) and sum(c.hits for c in caches) >= len(graph.states)


def test_a_rule_error_is_not_kept_but_raised_at_every_call() -> None:
    rules, initial = rules_of(RINGS, "rings.wg")
    fail = next(i for i, a in enumerate(rules.actions) if a.name == "fail")
    for _ in range(2):
        with pytest.raises(RULE_ERRORS, match="found nothing"):
            rules.guard[fail](initial)


def test_the_graph_is_the_one_explored_without_hoisting(monkeypatch: pytest.MonkeyPatch) -> None:
    hoisted, start = rules_of(RINGS, "rings.wg")
    plain, plain_start = rules_of(RINGS, "rings.wg", monkeypatch)
    assert "O0()" in hoisted.source and "O0()" not in plain.source
    assert_same_graph(hoisted, start, plain, plain_start)

