"""A `def` inside an axis alternative replaces the world's def in the worlds that draw it: in the
rules the agent meets, in what the world is built from, and in what the model checker explores."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import DiagnosticError
from worldgen.verify.run import verify_world

COUNTER = """\
world counter {
  def goal() = 2
  def step_size() = 1
  const start = goal() - 2
  state { n: int in 0..9 = start }
  def hint() = "at {n}"
  action inc "inc" { do n = min(n + step_size(), 9)  say "{hint()}" }
  observe "{n}"
  done when n == goal()
  expect solvable within 4
  axis target: feedback { near {}  far { def goal() = 4 } }
  axis speed: dynamics { slow {}  fast { def step_size() = 2 } }
  axis talk: observation { plain {}  loud { def hint() = "NOW AT {n}!" } }
}
"""


def world(**axes: str) -> worldgen.World:
    return worldgen.loads(COUNTER, "counter.wg").instantiate({}, seed=0, axes={"target": "near", "speed": "slow",
                                                                                 "talk": "plain", **axes})


def test_the_override_is_what_the_agent_meets_and_the_rest_keeps_the_world_def() -> None:
    plain, loud = world().env(), world(talk="loud").env()
    plain.reset()
    loud.reset()
    assert plain.step("inc")[0].splitlines()[0] == "at 1"
    assert loud.step("inc")[0].splitlines()[0] == "NOW AT 1!"


def test_a_const_built_from_an_overridden_def_is_built_from_the_override() -> None:
    env = world(target="far").env()
    assert env.reset()[0] == "2"  # start = goal() - 2, with goal() = 4


def test_the_model_checker_explores_the_overridden_rules() -> None:
    steps = {
        (target, speed): len(verify_world(world(target=target, speed=speed)).oracle.steps)  # type: ignore[union-attr]
        for target in ("near", "far") for speed in ("slow", "fast")
    }
    assert steps == {("near", "slow"): 2, ("near", "fast"): 1, ("far", "slow"): 2, ("far", "fast"): 1}


def test_an_override_that_does_not_fit_its_calls_is_a_located_error() -> None:
    bad = COUNTER.replace("far { def goal() = 4 }", "far { def goal() = n }")
    with pytest.raises(DiagnosticError) as err:
        worldgen.loads(bad, "counter.wg")
    assert [(d.span.line, d.code) for d in err.value.diagnostics] == [(11, "WG430")]
    assert "reads the state, but the world's def (line 2) does not" in err.value.diagnostics[0].message
