"""Optimal play under chance: value iteration's success probability and expected return."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.verify import verify_world

COIN = """
world coin {
  state { heads: bool = false  won: bool = false  lost: bool = false }
  action flip "flip" {
    when not won and not lost
    chance(1 / 2) { do won = true } else { do lost = true }
  }
  action careful "careful flip" {
    when not won and not lost
    chance(1 / 4) { do won = true }
  }
  reward 1 when won
  done when won
  fail when lost
  horizon HORIZON
}
"""


def world(horizon: int):
    return worldgen.loads(COIN.replace("HORIZON", str(horizon)), "coin.wg").instantiate({}, seed=0)


@pytest.mark.parametrize(("horizon", "success"), [(1, 0.5), (2, 0.25 + 0.75 * 0.5), (3, 0.25 + 0.75 * 0.625)])
def test_optimal_success_picks_the_better_gamble_for_the_steps_left(horizon, success):
    # A fair flip ends the episode either way; a careful flip wins 1 in 4 and can be retried.
    # The best policy flips carefully while steps remain and takes the fair flip on the last one.
    report = verify_world(world(horizon))
    assert report.optimal_success == pytest.approx(success, abs=1e-6)
    assert report.optimal_expected_return == pytest.approx(success, abs=1e-6)  # reward 1 on winning, else 0


def test_the_walkthrough_is_the_luckiest_path_not_the_best_policy():
    report = verify_world(world(3))
    assert [s.command for s in report.oracle.steps] == ["flip"]
    assert report.oracle.probability == 0.5 and report.returns.max == 1.0
    assert report.optimal_success > report.oracle.probability


def test_deterministic_worlds_succeed_with_certainty(counter):
    report = verify_world(counter())
    assert report.optimal_success == 1.0
    assert report.optimal_expected_return == report.returns.max == 1.0
