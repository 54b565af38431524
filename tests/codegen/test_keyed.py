"""A `for` whose whole body is ``if K(x) == V`` visits only the elements whose key is V
(codegen/keyed.py), with the states, edges and faults of the loop as written."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

SCHEDULE = """
world schedule {
  entity job[5]
  state {
    draw: map<job, int in 0..4> = randint(0, 4)
    clock: int in 0..6 = 0
    queue: list<job> max 5 = []
  }
  def arrive(j: job) = KEY
  action tick "tick" { when clock < 6  do clock = clock + 1 }
  action serve "serve" { when len(queue) > 0  do queue = rest(queue) }
  every step {
    for j in job { if CONDITION { BODY } }
  }
  observe "{clock} {queue}"
  horizon 12
}
"""


def rules_of(condition: str = "arrive(j) == clock", body: str = "do queue = push(queue, j)", key: str = "draw[j]",
             monkeypatch: pytest.MonkeyPatch | None = None):
    if monkeypatch is not None:  # the loop as written
        monkeypatch.setattr("worldgen.codegen.emitter.keyed_domain", lambda *args: None)
    source = SCHEDULE.replace("CONDITION", condition).replace("BODY", body).replace("KEY", key)
    return load_rules(worldgen.loads(source, "schedule.wg").instantiate({}, seed=3))


def graphs(monkeypatch: pytest.MonkeyPatch, **shape: str):
    fast, start = rules_of(**shape)
    plain, _ = rules_of(**shape, monkeypatch=monkeypatch)
    return fast, explore(fast, start, Bounds()), explore(plain, start, Bounds())


def same(a, b) -> bool:
    return (list(a.states) == list(b.states) and list(a.trans_dst) == list(b.trans_dst)
            and list(a.edge_binding) == list(b.edge_binding) and a.faults == b.faults)


@pytest.mark.parametrize("condition", ["arrive(j) == clock", "clock == arrive(j)"])
def test_a_schedule_visits_the_jobs_due_in_order(monkeypatch: pytest.MonkeyPatch, condition: str) -> None:
    fast, got, want = graphs(monkeypatch, condition=condition)
    assert "_by_key(lambda l_j: " in fast.source and "_group(" in fast.source
    assert same(got, want) and len(got.states) > 20
    assert any(len(s[1]) >= 2 for s in got.states)  # jobs due together joined the queue in job order


@pytest.mark.parametrize("shape", [
    {"condition": "arrive(j) == clock", "body": "do clock = 0"},  # the body changes what is compared
    {"condition": "index(j) + clock == 3"},  # the key reads the state
    {"condition": "arrive(j) != clock"},  # not an equality
    {"condition": "arrive(j) == clock", "body": "do queue = push(queue, j) } else { do clock = clock"},  # an else
])
def test_other_loops_stay_as_written(monkeypatch: pytest.MonkeyPatch, shape: dict[str, str]) -> None:
    fast, got, want = graphs(monkeypatch, **shape)
    assert "_by_key" not in fast.source
    assert same(got, want)


def test_a_key_that_fails_loops_over_every_element_and_fails_where_it_did(monkeypatch: pytest.MonkeyPatch) -> None:
    fast, got, want = graphs(monkeypatch, key="10 / (index(j) - 2)")  # job 2's key divides by zero
    assert "_by_key" in fast.source
    assert got.fault_count == want.fault_count > 0 and same(got, want)
