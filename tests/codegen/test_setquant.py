"""``all``/``any``/``count``/``filter`` of ``x in T`` over a set are one bitwise operation
(codegen/setquant.py), with the values of the loop they replace in every state."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

FORMS = ["all(x: a, x in b)", "all(x: a, x not in b)", "any(x: a, x in b)", "any(x: a, x not in b)",
         "count(x: a, x in b)", "count(x: a, x not in b)", "filter(x: a, x in b)", "filter(x: a, x not in b)",
         "all(x: item, x in b)", "count(x: a, x in c)", "all(x: a, x in m)", "count(x: b, x not in m)"]

TEMPLATE = """
world sets {
  entity item[4]
  const c = {item[1], item[2]}
  const m = sample(item, 2)
  state { a: set<item> = {}  b: set<item> = {} }
  action put(x: item) "a {x}" { do a += x }
  action take(x: item) "b {x}" { do b += x }
  action drop(x: item) "c {x}" { do a -= x }
  observe "OBSERVED"
  horizon 12
}
"""
SETS = TEMPLATE.replace("OBSERVED", " | ".join("{" + f + "}" for f in FORMS))


def rules_of(monkeypatch: pytest.MonkeyPatch | None = None):
    if monkeypatch is not None:
        monkeypatch.setattr("worldgen.codegen.exprs.set_quantifier", lambda *args: None)
    return load_rules(worldgen.loads(SETS, "sets.wg").instantiate({}, seed=0))


def test_every_form_is_bitwise_and_reads_what_the_loop_reads_in_every_state(monkeypatch: pytest.MonkeyPatch) -> None:
    fast, start = rules_of()
    plain, _ = rules_of(monkeypatch)
    observe = fast.source.split("def observe(s):")[1].split("\n")[0]
    assert " for " not in observe and observe.count("& ~(") == 7  # no loop left; `all ... in` (three times) and `not in`
    assert observe.count("O0()") == 2 and "O0 = _memo(lambda: _mask(C_m))" in fast.source  # the const list's mask, once
    states = list(explore(fast, start, Bounds()).states)
    assert len(states) == 256  # every pair of subsets
    for state in states:
        assert fast.observe(list(state)) == plain.observe(list(state)), state


def test_other_shapes_keep_their_loop() -> None:
    for form in ["all(x: a, x in b and x in c)", "count(x: a, index(x) > 1)", "any(x: a, x == item[0])",
                 "any(x: a, x in filter(y: b, index(y) > 0))"]:
        rules, _ = load_rules(worldgen.loads(TEMPLATE.replace("OBSERVED", "{" + form + "}"), "sets.wg").instantiate({}, seed=0))
        assert " for " in rules.source.split("def observe(s):")[1].split("\n")[0], form
