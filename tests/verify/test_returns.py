"""Returns computed from the rules: by hand on tiny worlds, and against sampled episodes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import worldgen
from worldgen.errors import PayOnceLimitError
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds, verify_world
from worldgen.verify.context import Context
from worldgen.verify.returns import TooManyPaidSets, value
from worldgen.verify.statespace import explore


def test_max_return_counts_repeatable_rewards(counter):
    # `reward 0.1 on inc` can be farmed with inc/dec pairs; horizon 10 and the goal at n == 3:
    # three pairs (6 steps) then inc inc inc (3 steps) = 6 incs = 0.6, plus 1 for the goal.
    report = verify_world(counter(("reward 1 when n == 3", "reward 1 when n == 3\n  reward 0.1 on inc")))
    assert report.returns.max == 1.6
    assert report.returns.oracle == 1.3  # the shortest solution does not farm


def test_pay_once_rewards_pay_once(counter):
    # `reward 1 when n >= 1` pays the first time only, however often n comes back to 1.
    report = verify_world(counter(("reward 1 when n == 3", "reward 1 when n >= 1\n  reward 2 when n == 3")))
    assert report.returns.max == 3.0


def test_do_nothing_pays_the_per_step_reward_for_the_horizon(counter):
    report = verify_world(counter(("reward 1 when n == 3", "reward 1 when n == 3\n  reward -0.01 per step")))
    assert report.returns.do_nothing == -0.1
    assert report.returns.oracle == 0.97


def _sampled_random_return(world, episodes: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    env = world.env()
    total = 0.0
    for e in range(episodes):
        _, info = env.reset(seed=e)
        done = False
        while not done:
            options = info["admissible"]
            command = options[int(rng.integers(len(options)))] if options else "xyzzy"
            _, reward, terminated, truncated, info = env.step(command)
            total += reward
            done = terminated or truncated
    return total / episodes


def test_random_return_matches_sampled_episodes(counter):
    world = counter(("do n += 1", "chance(0.7) { do n += 1 }"), ("reward 1 when n == 3", "reward 1 when n == 3\n  reward -0.05 per step"))
    exact = verify_world(world).returns.random
    sampled = _sampled_random_return(world, 3000, 1)
    assert abs(exact - sampled) < 0.03, (exact, sampled)


def test_random_return_matches_sampled_episodes_on_vault(example_world):
    world = example_world("vault", 3, feedback="dense")
    exact = verify_world(world).returns.random
    sampled = _sampled_random_return(world, 1500, 2)
    assert abs(exact - sampled) < 0.05, (exact, sampled)


def _many_rewards(lines: int, top: int) -> str:
    rewards = "\n".join(f"  reward 1 when n == {i % (top + 1)} and {i} >= 0" for i in range(lines))
    return f"""
world many {{
  state {{ n: int in 0..{top} = 0 }}
  action inc "inc" {{ when n < {top}  do n += 1 }}
  action dec "dec" {{ when n > 0  do n -= 1 }}
{rewards}
  done when n == {top}
}}
"""


SHAPING = """world shaping {
  entity cell grid(10, 10)
  state { at: cell = cell(0, 0) }
  action go(d: direction) "go {d}" { when step(at, d) != at  do at = step(at, d) }
  reward 0.01 for each c in cell when at.x + at.y >= c.x + c.y
  observe "{at}"
  done when at == cell(9, 9)
  horizon 40
  expect solvable within 18
}"""


def test_dense_shaping_over_a_10x10_grid_verifies():
    # 100 pay-once rewards (wider than a 64-bit mask): each cell pays once the robot is as far out
    report = verify_world(worldgen.loads(SHAPING, "shaping.wg").instantiate({}, seed=0))
    assert report.ok
    assert report.returns.max == report.returns.oracle == 0.99  # every cell but a1, paid at reset


def test_pay_once_rewards_beyond_a_machine_word_pay_like_the_runtime():
    # 70 conditions: more than the 62 of a 64-bit mask; the checker's best return is the played one
    world = worldgen.loads(_many_rewards(70, 5), "many.wg").instantiate({}, seed=0)
    report = verify_world(world)
    env = world.env()
    env.reset(seed=0)
    played = sum(env.step(c)[1] for c in ["inc"] * 5)
    assert report.returns.oracle == played == sum(1 for i in range(70) if i % 6 != 0)  # n == 0 holds at reset: never paid


def test_more_pay_once_rewards_than_the_limit_fail_their_own_check_before_the_model_check():
    # Only the largest worlds of the family are over the limit: `check` warns (WG502), and a draw of one
    # fails its own structural check when built, before any model checking.
    source = (SHAPING.replace("entity cell grid(10, 10)", "param rows: int in 31..32\n  entity cell grid(33, rows)")
              .replace("done when at == cell(9, 9)", "done when at.x == 32"))
    scaffold = worldgen.loads(source, "big.wg")
    assert [d.code for d in scaffold.warnings] == ["WG502"]
    scaffold.instantiate({}, seed=0, params={"rows": 31})  # 1_023 rewards fit
    with pytest.raises(PayOnceLimitError, match="this world pays 1_056 pay-once rewards .* tracks at most 1_024") as err:
        scaffold.instantiate({}, seed=0, params={"rows": 32})
    assert err.value.check == "pay-once limit"


def test_conditions_collectable_in_too_many_combinations_are_a_reason_not_an_out_of_memory():
    # 24 exclusive conditions over a walk back and forth: every subset of them can be collected.
    world = worldgen.loads(_many_rewards(24, 23), "many.wg").instantiate({}, seed=0)
    with pytest.raises(TooManyPaidSets, match="can be collected in more than .* combinations") as err:
        verify_world(world)
    assert err.value.check == "pay-once combinations"
    assert "stay true once it holds" in str(err.value)


@pytest.mark.parametrize("name", ["sokoban", "vault", "frozen_lake", "memory"])
def test_the_best_expected_return_is_computed_as_the_induction_computes_it(name: str) -> None:
    # without chance the context reuses the best return: the induction computes both alike there
    root = Path(__file__).resolve().parents[2]
    scaffold = worldgen.load(root / "scaffolds" / f"{name}.wg")
    record = json.loads((root / "content_packs" / name / "example.json").read_text("utf-8"))
    kinds = set()
    for seed in range(6):
        try:
            world = scaffold.instantiate(record, seed=seed)
        except worldgen.InstantiationError:
            continue
        rules, initial = load_rules(world)
        ctx = Context(world, rules, explore(rules, initial, Bounds()), Bounds())
        kinds.add(len(ctx.arrays.trans_dst) == len(ctx.arrays.edge_src))
        assert ctx.expected_return == value(ctx.arrays, rules, "expected"), (name, seed)
    assert (False in kinds) == (name == "frozen_lake") and True in kinds  # its slipping axis: both paths


def test_the_pay_once_tables_as_arrays_are_the_loops_to_the_bit() -> None:
    """Paid masks x state masks: where an episode's paid set goes, and what reaching the state
    pays, computed with whole arrays for masks that fit an int64, as the loop computes them."""
    import numpy as np

    from worldgen.verify.returns import _paid_masks, _tables

    rng = np.random.default_rng(7)
    for width in (1, 5, 17, 40, 62):
        values = tuple(sorted({int(x) for x in rng.integers(0, 2**width, size=12)}))
        amounts = tuple(float(x) for x in rng.normal(size=width) * 10.0 ** rng.integers(-3, 4, size=width))
        masks = _paid_masks(values[0], values, 100)
        fast = _tables(masks, values, amounts)
        index = {m: i for i, m in enumerate(masks)}
        slow_join = [[index[m | w] for w in values] for m in masks]
        slow_pay = [[sum((amounts[b] for b in range(width) if (w & ~m) >> b & 1), 0.0) for w in values] for m in masks]
        assert fast[0].tolist() == slow_join and fast[0].dtype == np.int64
        assert fast[1].tolist() == slow_pay  # exactly: the same additions in the same order
