"""WG501: a const that reads a state variable the rules change keeps its build-time value; the
checker says so, as a warning that never stops the scaffold from loading."""

from __future__ import annotations

import worldgen

WORLD = """world w {
  state {
    x: int in 0..9 = 2
    y: int in 0..9 = 3
  }
  const start = y * 2
  const goal = 1 + x * 2
  action inc "inc" { when x < 9  do x += 1 }
  done when x == goal
  horizon 10
}
"""


def test_a_const_reading_changing_state_is_warned_about_at_the_read() -> None:
    scaffold = worldgen.loads(WORLD, "w.wg")
    assert [d.format() for d in scaffold.warnings] == [
        "w.wg:7:20: warning: const 'goal' reads 'x' when the world is built and keeps that first value, while the "
        "rules change 'x'; for the value at each step, write `def goal() = ...` and use goal() [WG501]\n"
        "  const goal = 1 + x * 2\n"
        "                   ^"
    ]
    assert scaffold.instantiate({}, seed=0).consts["goal"] == 5  # still valid: the value at build time


def test_state_no_rule_changes_and_snapshots_an_invariant_reads_are_not_warned_about() -> None:
    unchanged = WORLD.replace("const goal = 1 + x * 2", "const goal = 9")
    assert worldgen.loads(unchanged, "w.wg").warnings == ()  # `start` reads y, which no rule changes
    snapshot = WORLD.replace("  horizon 10", "  horizon 10\n  invariant x >= goal - 3")
    assert worldgen.loads(snapshot, "w.wg").warnings == ()


def test_a_change_made_only_by_an_axis_alternative_counts() -> None:
    quiet = WORLD.replace('do x += 1', 'say "tick"').replace("const goal = 1 + x * 2", "const goal = x")
    assert worldgen.loads(quiet, "w.wg").warnings == ()
    axis = quiet.replace("  horizon 10", '  horizon 10\n  axis dynamics { still {}  moving { action inc "inc" { do x += 1 } } }')
    assert [d.code for d in worldgen.loads(axis, "w.wg").warnings] == ["WG501"]
