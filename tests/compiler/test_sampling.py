"""`worldgen check`'s estimate explores a few real draws: the figure it prints is the reachable
states of the largest draw, as the model checker will count them, and it warns only when a draw
comes within 10x of the model-checking bound, never because the domains' product is large."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.compiler import sampling
from worldgen.compiler.estimate import estimate
from worldgen.verify import verify_world

# x may hold 0..99, but the rules only climb to a top drawn when the world is built: top + 1 states
CLIMB = """world climb {
  const top = randint(2, 9)
  state { x: int in 0..99 = 0 }
  action up "up" { when x < top  do x += 1 }
  observe "{x}"
}"""

# the same without a draw: every seed builds one world
LADDER = CLIMB.replace("randint(2, 9)", "7")


def of(source: str):
    return estimate(worldgen.loads(source, "s.wg").ir)


def test_tower_of_hanoi_counts_its_3_to_the_n_configurations_not_its_domains():
    e = estimate(worldgen.load("scaffolds/hanoi.wg").ir)
    assert e.params == {"n": 5} and e.states > 10**10  # five discs on lists of three pegs: the domains' product
    assert e.reachable == 3**5  # each disc on any peg, in the one legal order
    draws = len(e.explored.draws)  # the seeds draw the axes too: whole pegs or top discs shown, ...
    assert draws > 1 and e.text() == f"estimate: 243 states per world (largest of {draws} draws explored at n=5); bound {e.bound}"


def test_each_draw_counts_what_the_model_checker_counts_for_that_world():
    scaffold = worldgen.loads(CLIMB, "climb.wg")
    e = estimate(scaffold.ir)
    assert len(e.explored.draws) >= 2
    for draw in e.explored.draws:
        world = scaffold.instantiate({}, seed=draw.seed)
        assert draw.complete and draw.states == world.consts["top"] + 1
        assert draw.states == verify_world(world).measures.reachable_states
    assert e.reachable == max(d.states for d in e.explored.draws)
    assert e.states == 100 and e.as_dict()["reachable"] == e.reachable


def test_draws_that_build_the_same_world_are_explored_once():
    e = of(LADDER)
    assert [d.states for d in e.explored.draws] == [8]
    assert e.text() == "estimate: 8 states per world (1 draw explored); bound 200000"


def test_a_draw_stopped_by_the_cap_gives_a_lower_bound_beside_the_domains(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sampling, "CAP", 5)
    e = of(LADDER)
    (draw,) = e.explored.draws
    assert not draw.complete and draw.states == 5
    assert e.text() == ("estimate: more than 5 states per world (a draw explored stopped at 5; at most 100 by the "
                        "domains); bound 200000")
    assert e.warnings() == []  # 5 states say nothing about a bound of 200000


def test_exploring_stops_when_the_budget_is_spent(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sampling, "BUDGET", 1)
    assert len(of(CLIMB).explored.draws) == 1


def test_no_warning_when_only_the_domains_exceed_the_bound():
    e = of(LADDER.replace('observe "{x}"', 'observe "{x}"\n  check within 90 states'))
    assert e.states == 100 > e.bound == 90 and e.reachable == 8
    assert not e.near_bound and e.warnings() == []


def test_a_warning_when_a_draw_comes_within_10x_of_the_bound():
    e = of(LADDER.replace('observe "{x}"', 'observe "{x}"\n  check within 80 states'))
    assert e.near_bound
    assert e.warnings() == [("warning: the world of seed 0 has 8 reachable states, within 10x of the model-checking "
                           "bound (80); a world whose reachable states hit the bound fails `compile`: raise it with "
                           "`check within N states` or --max-states, or shrink the params")]


def test_a_warning_when_a_draw_reaches_the_bound():
    e = of(LADDER.replace('observe "{x}"', 'observe "{x}"\n  check within 6 states'))
    assert e.explored.cap == 6 and not e.explored.largest.complete
    assert e.warnings()[0].startswith("warning: the world of seed 0 reaches the model-checking bound (6); ")


def test_when_no_draw_can_be_built_the_domains_are_shown_with_the_reason_and_no_warning():
    source = LADDER.replace('observe "{x}"', 'observe "{x}"\n  require top > 8\n  check within 50 states')
    e = of(source)
    assert e.reachable is None and e.states == 100 > e.bound
    assert e.text() == ("estimate: at most 100 states per world (by the domains, no draw explored: seed 7 failed "
                        "`require (line 6)`); bound 50")
    assert e.warnings() == [] and e.as_dict()["explored"] == {"error": e.explored}


def test_the_draws_use_the_largest_params_and_say_so():
    source = CLIMB.replace("const top = randint(2, 9)", "param top: int in 2..9")
    e = of(source)
    assert {d.params["top"] for d in e.explored.draws} == {9} and e.reachable == 10
    assert e.text() == "estimate: 10 states per world (1 draw explored at top=9); bound 200000"


def test_a_world_with_content_is_explored_with_the_procedural_record():
    scaffold = worldgen.load("scaffolds/vault.wg")
    e = estimate(scaffold.ir)
    world = scaffold.instantiate(sampling.content_record(scaffold.ir), seed=e.explored.largest.seed, params=e.params)
    assert e.reachable == verify_world(world).measures.reachable_states


def test_a_warning_names_the_first_rule_error_the_explored_draws_meet():
    """`a = a ^ b` meant as XOR (it is power): check said ok, compile rejected every world."""
    e = of(LADDER.replace('observe "{x}"', 'observe "{[0, 1][x]}"'))
    assert e.warnings() == []  # observations are rendered by compile's checks, not by the estimate
    e = of(LADDER.replace("x += 1", "x -= 1"))
    assert e.warnings()[0].startswith("warning: the world of seed 0 meets a rule error 0 steps from the start: 'x' would "
                                     "become -1, outside its range")
    assert e.as_dict()["explored"]["draws"][0]["fault"].startswith("0 steps from the start: 'x' would become -1")
