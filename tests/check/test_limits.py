"""Checker limits (WG418): params within ±10^9, int arguments with at most 100,000 values, actions
with at most 100,000 argument combinations; and the same limits enforced when a world is built."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import InstantiationError

WORLD = """world w {{
  param n: int in {params}
  entity slot[n]
  state {{ x: int in 0..5 = 0 }}
  action set(v: {arg}) "set {{v}}" {{ do x = 0 }}
  {extra}
}}
"""


def errors(params: str = "1..3", arg: str = "int in 0..9", extra: str = "") -> list[str]:
    try:
        worldgen.loads(WORLD.format(params=params, arg=arg, extra=extra), "w.wg")
    except worldgen.DiagnosticError as err:
        return [d.format().splitlines()[0] for d in err.diagnostics]
    return []


def test_a_param_beyond_a_billion_is_refused():
    assert errors(params="1..99999999999999999999999")[0] == (
        "w.wg:2:9: error: param 'n' ranges over 1..99999999999999999999999; a param's range must stay within "
        "-1_000_000_000..1_000_000_000 [WG418]")


def test_an_int_argument_with_ten_million_values_is_refused_at_its_type():
    assert errors(arg="int in 0..10000000") == [
        "w.wg:5:17: error: argument 'v' takes 10_000_001 values; an int argument may take at most 100_000 "
        "(every command is listed when a world is built) [WG418]"]


def test_an_argument_bounded_by_a_param_is_sized_at_the_params_largest_value():
    assert errors(params="1..200000", arg="int in 1..n")[-1].startswith("w.wg:5:17: error: argument 'v' takes 200_000 values")
    assert errors(params="1..100000", arg="int in 1..n") == []


def test_the_combinations_of_an_action_multiply():
    extra = 'action pair(a: int in 0..999, b: slot) "pair {a} {b}" { do x = 0 }'
    assert errors(params="1..100", extra=extra) == []
    assert errors(params="1..101", extra=extra) == [
        "w.wg:6:10: error: action 'pair' has up to 101_000 argument combinations (1_000 x 101); an action may have "
        "at most 100_000 [WG418]"]


def test_a_range_known_only_when_a_world_is_built_is_limited_then():
    scaffold = worldgen.loads(WORLD.format(params="1..3", arg="int in 0..top", extra="const top = n * 1000000"))
    world = scaffold.instantiate({}, seed=0)
    with pytest.raises(InstantiationError, match=r"^argument 'v' of action 'set' \(line 5\): it ranges over 0\.\.\d+ in this "
                                                 r"world; an int argument may take at most 100_000 values$"):
        world.env()


def test_a_reward_amount_that_would_overflow_a_return_is_refused():
    assert errors(extra="reward " + "9" * 400 + ".0 when x == 5")[0].startswith(
        "w.wg:6:10: error: a reward of inf is beyond what returns can add up; an amount must be within "
        "-1_000_000_000..1_000_000_000 [WG418]")


def test_a_reward_computed_per_world_is_limited_when_the_world_is_built():
    scaffold = worldgen.loads(WORLD.format(params="1..3", arg="int in 0..9", extra="reward (n * 1000000000.0) when x == 5"))
    with pytest.raises(InstantiationError, match=r"the reward at line 6 is [0-9.e+]+ in this world; an amount must be a "
                                                 r"finite number within -1_000_000_000\.\.1_000_000_000"):
        scaffold.instantiate({}, seed=0, params={"n": 2})


def test_an_entity_counted_beyond_the_limit_is_refused():
    assert errors(params="1..200000") == [
        "w.wg:3:10: error: entity 'slot' has up to 200_000 values; an entity may have at most 100_000 [WG418]"]


def test_an_entity_counted_per_world_is_limited_when_the_world_is_built():
    source = WORLD.format(params="1..3", arg="int in 0..9", extra="").replace("entity slot[n]", "entity slot[n * 100000]")
    with pytest.raises(InstantiationError, match=r"^entity 'slot' has 200_000 values in this world; an entity may have "
                                                 r"at most 100_000$"):
        worldgen.loads(source).instantiate({}, seed=0, params={"n": 2})


def test_an_entity_a_param_can_make_empty_is_refused_at_its_declaration():
    """`param heaps: int in 0..2` with `entity heap[heaps]` checked ok, then crashed the build."""
    assert errors(params="0..3") == [
        "w.wg:3:10: error: entity 'slot' has 0 values in a world whose params are at their smallest; an entity needs "
        "at least one: start the param's range at 1 or more [WG410]"]


def test_an_entity_counted_empty_by_a_build_time_value_is_refused_when_the_world_is_built():
    source = WORLD.format(params="1..3", arg="int in 0..9", extra="").replace("entity slot[n]", "entity slot[n - 1]")
    with pytest.raises(worldgen.errors.StructuralError, match=r"^entity 'slot' has 0 values in this world; an entity needs "
                                                                r"at least one$"):
        worldgen.loads(source, "w.wg").instantiate({}, seed=0, params={"n": 1})
