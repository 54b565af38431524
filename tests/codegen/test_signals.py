"""signals(s) evaluates a condition written more than once (a `when` reward and `done`) once, and
gives the values the written conditions give (codegen/signals.py)."""

from __future__ import annotations

import worldgen
from worldgen.runtime.loader import load_rules

LAMP = """
world lamp {
  state { on: bool = false  presses: int in 0..3 = 0  broken: bool = false }
  action press "press" { when presses < 3  do on = not on, presses += 1 }
  action smash "smash" { do broken = true }
  reward 1 when on and presses > 0
  reward 0.5 when presses == 2
  DONE
}
"""


def rules_of(ends: str):
    world = worldgen.loads(LAMP.replace("DONE", ends), "lamp.wg").instantiate({}, seed=0)
    return load_rules(world)[0]


def signals_line(rules) -> str:
    return next(line for line in rules.source.splitlines() if line.startswith("def signals(s):"))


def test_a_condition_written_twice_is_evaluated_once():
    rules = rules_of("done when on and presses > 0\n  fail when broken\n  fail when on and presses > 0")
    line = signals_line(rules)
    assert line.count("(s[0] and (s[1] > 0))") == 1 and "(_c0 := (s[0] and (s[1] > 0)))" in line
    assert line.count("s[2]") == 1  # broken: written once, not named
    plain = rules_of("done when on and presses > 0 and true\n  fail when broken\n  fail when on and presses > 0 or false")  # spelt apart
    assert signals_line(plain).count("(s[0] and (s[1] > 0))") == 3
    for on in (False, True):
        for presses in range(4):
            for broken in (False, True):
                state = (on, presses, broken)
                assert rules.signals(state) == plain.signals(state), state


def test_a_repeat_first_met_in_a_branch_that_may_not_run_is_named_where_it_surely_runs():
    # done's second condition runs only when the first fails: fail's copy cannot read a name
    # set there, it sets the name itself
    line = signals_line(rules_of("done when broken\n  done when presses == 3\n  fail when presses == 3"))
    assert line.count("(s[1] == 3)") == 2
    assert line.endswith("bool(s[2] or (s[1] == 3)), bool((_c0 := (s[1] == 3))))")
