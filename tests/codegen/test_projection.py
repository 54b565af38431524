"""``signals(s)`` and an invariant that loop over few of the state's slots are computed once per
value of those slots (codegen/projection.py), with the values, faults and verdicts of the plain
functions in every state."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.codegen.memo import MEMO_HELPERS
from worldgen.codegen.projection import projected
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

BOARD = """
world board {
  entity cell[5]
  state { at: int in 0..4 = 0  lit: set<cell> = {} }
  action go "go" { when at < 4  do at = at + 1 }
  action back "back" { when at > 0  do at = at - 1 }
  action light(x: cell) "light {x}" { when index(x) == at and x not in lit  do lit += x }
  done when count(c: cell, c in lit) == 5
  fail when FAIL
  invariant bounded: INVARIANT
  horizon 30
}
"""
SCAN = "any(c: cell, c in lit and index(c) > 5)"  # reads `lit` alone, in a loop


def rules_of(fail: str, invariant: str = "count(c: cell, c in lit and index(c) < 9) <= 5",
             monkeypatch: pytest.MonkeyPatch | None = None):
    if monkeypatch is not None:  # the plain functions, as before projection
        for module in ("signals", "invariants"):
            monkeypatch.setattr(f"worldgen.codegen.{module}.projected", lambda *args: None)
    source = BOARD.replace("FAIL", fail).replace("INVARIANT", invariant)
    return load_rules(worldgen.loads(source, "board.wg").instantiate({}, seed=0))


def test_a_scan_of_one_variable_runs_once_per_value_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    fast, start = rules_of(SCAN)
    assert "_by_signals = _memo(lambda p_1: " in fast.source and "def invariant_0(s):" in fast.source
    assert "if not invariant_0(s): return 0" in fast.source
    states = list(explore(fast, start, Bounds()).states)
    assert len(states) == 5 * 32  # every place beside every set of lit cells
    cache = fast.signals.__globals__["_by_signals"]
    assert cache.cache_info().misses == 32  # the scan ran once per set of lit cells, not once per state
    plain, _ = rules_of(SCAN, monkeypatch=monkeypatch)
    assert "_by_" not in plain.source
    for state in states:
        assert fast.signals(state) == plain.signals(state) and fast.invariant(state) == plain.invariant(state), state


def test_a_rule_error_is_raised_in_every_state_that_meets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    failing = "count(c: cell, c in lit and 10 / (2 - count(d: cell, d in lit)) > 0) > 9"  # two lit: division by zero
    fast, start = rules_of(failing)
    plain, _ = rules_of(failing, monkeypatch=monkeypatch)
    assert "_by_signals" in fast.source
    got, want = explore(fast, start, Bounds()), explore(plain, start, Bounds())
    # a fault ends the episode: each pair of lit cells, met standing on either of them
    assert got.fault_count == want.fault_count == 10 * 2
    assert got.faults == want.faults and list(got.states) == list(want.states)


@pytest.mark.parametrize("fail", ["at > 4",  # no loop: a cache call would cost more than it saves
                                  "any(c: cell, c in lit and index(c) == at)"])  # reads every slot
def test_other_conditions_stay_plain(fail: str) -> None:
    rules, _ = rules_of(fail, invariant="at <= 4")
    assert "_by_" not in rules.source


def test_a_state_whose_slot_has_no_cache_key_runs_the_plain_function() -> None:
    lines = projected("signals", "(sum(x for x in s[1]), s[1][0])", 2)
    assert lines is not None
    namespace = dict(MEMO_HELPERS)
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from a fixed test string
    assert namespace["signals"]((0, (1, 2))) == (3, 1)
    assert namespace["signals"]([0, [1, 2]]) == (3, 1)  # a list: unhashable, so no cache
    assert projected("signals", "(D_f(s, 1), sum(x for x in s[1]))", 2) is None  # the state passed whole
