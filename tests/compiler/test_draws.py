"""Every failed draw is recorded in draws.jsonl: which checks failed, why, and each counterexample
with the state after every step (worldgen/compiler/draws.py)."""

from __future__ import annotations

import json

import worldgen
from worldgen.compiler.draws import counterexample
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.verify import Bounds, Step

# The cap is drawn per draw: 2 or 3 breaks the invariant on the way to 3, 4 keeps it.
DRIFT = """world drift {
  param top: int in 3..4
  const cap = randint(2, 4)
  state { n: int in 0..5 = 0 }
  action inc "inc" { when n < 5  do n += 1 }
  action dec "dec" { when n > 0  do n -= 1 }
  observe "The counter shows {n}."
  reward 1 when n == 3
  done when n == 3
  horizon 10
  invariant below_cap: n < cap
  expect solvable within 5
}"""


def compiled(tmp_path, source: str = DRIFT, seeds: range = range(0, 16), attempts: int = 3):
    spec = Spec(worldgen.loads(source, "drift.wg").ir, (("empty", {}),), {}, Bounds(), attempts)
    summary = compile_suite(spec, seeds, tmp_path, LocalExecutor(1))
    return summary, [json.loads(line) for line in (tmp_path / "draws.jsonl").read_text().splitlines()]


def test_every_failed_draw_of_rejected_and_accepted_seeds_is_recorded(tmp_path):
    summary, draws = compiled(tmp_path)
    assert len(draws) == summary.draws - summary.accepted
    assert {d["seed_accepted"] for d in draws} == {True, False}
    assert [(d["seed"], d["attempt"]) for d in draws] == sorted((d["seed"], d["attempt"]) for d in draws)
    index = {json.loads(line)["seed"]: json.loads(line) for line in (tmp_path / "index.jsonl").read_text().splitlines()}
    for d in draws:
        assert d["seed_accepted"] == (d["seed"] in index)
        if d["seed_accepted"]:
            assert d["attempt"] < index[d["seed"]]["attempt"]


def test_a_draw_records_params_axes_checks_and_the_counterexample_with_states(tmp_path):
    _, draws = compiled(tmp_path)
    d = next(d for d in draws if d["consts"] == {"cap": 2})
    assert d["params"] == {"top": d["params"]["top"]} and d["axes"] == {} and d["record_id"] == "empty"
    assert d["failed"] == ["invariant below_cap"] and d["start"] == {"n": 0}
    (check,) = d["checks"]
    assert check["name"] == "invariant below_cap" and check["detail"].startswith("violated after 2 steps")
    assert check["trace"] == [{"command": "inc", "chance": [], "state_after": {"n": 1}},
                              {"command": "inc", "chance": [], "state_after": {"n": 2}}]
    assert d["reason"] == f"invariant below_cap: {check['detail']}"


def test_a_draw_that_builds_no_world_records_its_params_and_reason(tmp_path):
    source = DRIFT.replace("  state {", '  require top == 4 else "top is {top}"\n  state {')
    _, draws = compiled(tmp_path, source, range(0, 8), attempts=1)
    unbuilt = [d for d in draws if d["failed"][0].startswith("require")]
    assert unbuilt and all(d["params"] == {"top": 3} for d in unbuilt)
    assert unbuilt[0]["checks"] == [{"name": "require (line 4)", "detail": "require (line 4) does not hold: top is 3"}]
    assert "start" not in unbuilt[0] and "trace" not in unbuilt[0]["checks"][0]


def test_a_too_long_solution_is_shown_as_the_evidence(tmp_path):
    _, draws = compiled(tmp_path, DRIFT.replace("within 5", "within 2").replace("n < cap", "n < 9"), range(0, 1), 1)
    (check,) = draws[0]["checks"]
    assert check["name"] == "solvable within 2" and [s["command"] for s in check["trace"]] == ["inc"] * 3


def test_a_counterexample_follows_its_chance_outcomes():
    world = worldgen.loads(DRIFT.replace("do n += 1", "chance(0.5) { do n += 1 }"), "drift.wg").instantiate({}, seed=0)
    trace = (Step(command="inc", chance=(True,)), Step(command="inc", chance=(False,)), Step(command="dec"))
    assert [s["state_after"] for s in counterexample(world, trace)] == [{"n": 1}, {"n": 1}, {"n": 0}]
