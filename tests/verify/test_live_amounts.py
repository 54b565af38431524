"""Reward amounts read from the state: the runtime pays them where they are read, the model
checker's returns are computed from the same amounts, and an amount that cannot be computed in a
reachable state rejects the world instead of slipping past verification."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.verify.arrays import UnpayableReward
from worldgen.verify.run import verify_world

PAYOUT = """\
world payout {
  state { me: int in 0..30 = 10  dealer: int in 0..30 = 18  bet: int in 1..3 = 1  stood: bool = false }
  def score() = if me > 21 then -1 else if me > dealer then 1 else if me == dealer then 0 else -1
  action hit(k: int in 2..5) "hit {k}" { when not stood  do me = min(me + k, 30) }
  action raise "raise" { when not stood and bet < 3  do bet += 1 }
  action stand "stand" { when not stood  do stood = true }
  observe "{me} {dealer} {bet}"
  reward (score() * bet) when stood
  reward (0.1 * bet) on raise
  done when stood
  horizon 8
}
"""


def world(source: str = PAYOUT) -> worldgen.World:
    return worldgen.loads(source, "payout.wg").instantiate({}, seed=0)


def rewards(commands: list[str], source: str = PAYOUT) -> list[float]:
    env = world(source).env()
    env.reset()
    return [env.step(c)[1] for c in commands]


def test_an_on_amount_is_read_as_the_action_starts_and_a_when_amount_where_it_first_holds() -> None:
    assert rewards(["raise", "raise", "hit 5", "hit 5", "stand"]) == pytest.approx([0.1, 0.2, 0, 0, 3])
    assert rewards(["hit 5", "stand"]) == [0, -1]  # 15 against 18, bet 1
    assert rewards(["hit 5", "hit 5", "hit 5", "stand"]) == [0, 0, 0, -1]  # bust


def test_the_best_return_is_the_best_played_hand() -> None:
    report = verify_world(world())
    assert report.ok
    assert report.returns.max == pytest.approx(0.1 + 0.2 + 3)
    assert report.returns.oracle == pytest.approx(-1)  # the shortest solution stands at once: 10 < 18


def test_an_amount_that_cannot_be_computed_in_a_reachable_state_rejects_the_world() -> None:
    broken = PAYOUT.replace("reward (score() * bet) when stood", "reward (10 / (me - 10)) when stood")
    with pytest.raises(UnpayableReward, match="the reward at line 8 cannot be computed in a reachable state: division by zero"):
        verify_world(world(broken))
    env = world(broken).env()
    env.reset()
    *_, info = env.step("stand")
    assert info["valid"] and info["error"] == "division by zero"


def test_amounts_that_read_no_state_keep_the_ir_they_had() -> None:
    static = worldgen.loads(PAYOUT.replace("(0.1 * bet) on raise", "0.1 on raise"), "payout.wg").ir
    assert '"live_amount"' not in static.rewards[1].model_dump_json() and static.rewards[1].amount == 0.1
