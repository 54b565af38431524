"""A rule error in a `when`, a `done`/`fail`/`reward when` condition or an observation never stops
an episode: the step is refused, the state fails, or the text shows the error, as the model
checker judges them; and `compile` rejects such a world with the state and what failed."""

from __future__ import annotations

from pathlib import Path

import worldgen
from worldgen.verify import verify_world

GUARDS = """world g {
  enum lamp { a, b }
  state { d: int in 0..3 = 0  on: set<lamp> = {} }
  action div "div" { when 6 / d > 1  do d += 1 }
  action pick "pick" { when first(l: on, true) == a  do d = 2 }
  action up "up" { when d < 3  do d += 1 }
  observe "d {d}"
  done when d == 3
}
"""

SIGNALS = """world m {
  param heaps: int in 2..2
  entity heap[heaps]
  state { size: map<heap, int in 0..3> = 2  at: int in 0..5 = 0 }
  action next "next" { do at += 1 }
  observe "at {at}"
  done when size[heap[at]] == 3
}
"""


def test_a_when_that_breaks_a_rule_refuses_the_step_and_leaves_the_command_out_of_admissible() -> None:
    env = worldgen.loads(GUARDS, "g.wg").instantiate({}, seed=0).env()
    _, info = env.reset(seed=0)
    assert info["admissible"] == ["up"]  # div divides by zero, pick finds nothing: neither is offered
    shown, reward, terminated, truncated, info = env.step("div")
    assert (shown, info["valid"], info["error"]) == ("Nothing happens.\nd 0", False, "division by zero")
    assert env.step("up")[4]["admissible"] == ["div", "up"]  # 6 / 1 > 1 now holds


def test_the_model_checker_reports_a_when_that_breaks_a_rule() -> None:
    report = verify_world(worldgen.loads(GUARDS, "g.wg").instantiate({}, seed=0))
    check = next(c for c in report.checks if c.name == "rule_errors")
    assert check.status == "fail" and "after 0 steps: a `when` of action div: division by zero" in check.detail


def test_a_done_condition_that_breaks_a_rule_fails_the_state_with_the_error() -> None:
    env = worldgen.loads(SIGNALS, "m.wg").instantiate({}, seed=0).env()
    env.reset(seed=0)
    assert env.step("next")[2] is False
    shown, reward, terminated, truncated, info = env.step("next")  # heap[2] of two heaps
    assert terminated and not info["success"]
    assert info["error"] == "evaluating the state's signals: range object index out of range"


def test_compile_rejects_such_worlds_and_says_why(tmp_path: Path) -> None:
    for name, source in (("g", GUARDS), ("m", SIGNALS)):
        (tmp_path / f"{name}.wg").write_text(source, "utf-8")
        suite = worldgen.compile(tmp_path / f"{name}.wg", tmp_path / name, range(1), progress=False)
        assert suite.accepted == 0 and "rule_errors" in (tmp_path / name / "rejected.jsonl").read_text("utf-8")
