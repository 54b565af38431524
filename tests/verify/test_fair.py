"""Fair checks under hidden information: `expect solvable within N observing` is decided on what
the agent sees, for every hidden value it cannot rule out, exactly or "unknown (bound)"."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldgen
from worldgen.verify import verify_world
from worldgen.verify.fair import FairPolicy, fair_search

ROOT = Path(__file__).resolve().parents[2]

DIAL = """
world dial {
  param k: int in 4..6
  state {
    code: int in 0..5 = randint(1, k - 1)
    face: int in 0..5 = 0
    opened: bool = false
  }
  hidden code
  action turn "turn" {
    when not opened
    do face = (face + 1) % k
    if face == code { say "Click." }
  }
  action pull "pull" {
    when face == code else "The handle will not move."
    do opened = true
  }
  observe "The dial shows {face}."
  done when opened
  horizon 20
  invariant code_in_range: code >= 1 and code < k
  expect solvable within k
  EXPECT
}
"""


def dial(expect: str, seed: int = 0):
    return worldgen.loads(DIAL.replace("EXPECT", expect), "dial.wg").instantiate({}, seed=seed)


def check(report, prefix: str):
    return next(c for c in report.checks if c.name.startswith(prefix))


def test_a_fair_policy_must_listen_for_the_click():
    # k = 5 at seed 0: the code is one of 1..4 (the invariant says so); turning until the click and
    # pulling takes 5 steps when the code is 4, whatever the actual code is.
    world = dial("expect solvable within k observing")
    assert world.params == {"k": 5}
    report = verify_world(world)
    assert report.ok, report.reason()
    c = check(report, "solvable within 5 observing")
    assert c.detail == "a fair policy wins within 5 steps in the worst case (4 possible hidden value(s), 12 beliefs explored)"
    assert report.fair_oracle is not None and report.fair_oracle.worst_case_steps == 5
    assert len(report.oracle.steps) == 4  # the omniscient oracle turns straight to the code (3) and pulls


def test_a_bound_only_the_omniscient_oracle_meets_fails():
    report = verify_world(dial("expect solvable within k - 1 observing"))
    c = check(report, "solvable within 4 observing")
    assert c.status == "fail" and not report.ok
    assert c.detail.startswith("no policy that sees only the observations wins within 4 steps in every case")
    assert report.fair_oracle is None or report.fair_oracle.worst_case_steps > 4


def test_an_observation_that_shows_the_secret_makes_the_fair_oracle_omniscient():
    world = worldgen.loads(DIAL.replace("EXPECT", "expect solvable within 5 observing")
                           .replace('observe "The dial shows {face}."', 'observe "The dial shows {face}; the code is {code}."'),
                           "dial.wg").instantiate({}, seed=0)
    search = fair_search(world, 5)
    assert search.worst[0] == 4  # the code is 3 at seed 0: three turns and a pull, as the omniscient oracle
    assert len(search.beliefs[0].hidden) == 1  # the first observation already rules out every other code


@pytest.mark.parametrize("seed", range(4))
def test_guessing_a_number_takes_binary_search(seed):
    world = worldgen.load(ROOT / "scaffolds" / "guess.wg").instantiate({}, seed=seed)
    bits = world.params["bits"]
    assert fair_search(world, bits).worst[0] == bits
    assert fair_search(world, bits - 1).worst[0] == float("inf")


def test_too_many_hidden_values_is_unknown_not_passed():
    source = """
    world bag {
      entity item[14]
      state { picked: set<item> = sample(item, 3)  held: int in 0..3 = 0 }
      hidden picked
      action take "take" { when held < 3  do held += 1 }
      done when held == 3
      expect solvable within 3 observing
    }
    """
    report = verify_world(worldgen.loads(source, "bag.wg").instantiate({}, seed=0))
    c = check(report, "solvable within 3 observing")
    assert c.status == "fail"
    assert c.detail == ("unknown (bound): a hidden variable can take 16384 values, more than 4096; "
                        "shrink the hidden state or the world")


def test_chance_counts_against_the_fair_policy():
    # The coin lands where it likes; a fair policy must win whatever it does, so a bet cannot be
    # part of a guaranteed win, while checking the coin first (`look`) is.
    source = """
    world bet {
      state { side: bool = false  seen: bool = false  won: bool = false  lost: bool = false }
      hidden side
      action toss "toss" { when not seen  chance(1 / 2) { do side = true } else { do side = false }  do seen = true }
      action look "look" { when seen  say "{if side then 'heads' else 'tails'}" }
      action heads "bet heads" { when seen and not won and not lost  if side { do won = true } else { do lost = true } }
      action tails "bet tails" { when seen and not won and not lost  if side { do lost = true } else { do won = true } }
      done when won
      fail when lost
      horizon 5
      expect solvable within 3 observing
    }
    """
    world = worldgen.loads(source, "bet.wg").instantiate({}, seed=0)
    assert fair_search(world, 3).worst[0] == 3  # toss, look, bet the side it showed
    assert fair_search(world, 2).worst[0] == float("inf")


def test_where_luck_decides_the_fair_policy_never_gambles_on_a_command_the_world_may_refuse():
    # `claim` wins at once when the hidden dealer holds 20, and is refused otherwise: no move wins
    # in every case, and claiming would be the soonest win if luck helps; a fair player hits or
    # stands instead (every state admits them), so no step of any episode is refused.
    source = """
    world blackjack {
      state {
        player: int in 0..30 = 0
        dealer: int in 17..20 = randint(17, 20)
        dealt: bool = false  won: bool = false  lost: bool = false
      }
      hidden dealer
      action deal "deal" { when not dealt  chance(1/2) { do player = 12 } else { do player = 16 }  do dealt = true }
      action hit "hit" {
        when dealt and not won and not lost and player < 21
        chance(1/3) { do player += 2 } else { chance(1/2) { do player += 5 } else { do player += 10 } }
        if player > 21 { do lost = true }
      }
      action claim "claim" { when dealt and not won and not lost and dealer == 20 else "No."  do won = true }
      action stand "stand" {
        when dealt and not won and not lost
        if player > dealer { do won = true } else { do lost = true }
      }
      observe "You hold {player}."
      done when won
      fail when lost
      horizon 10
    }
    """
    scaffold = worldgen.loads(source, "blackjack.wg")
    for seed in range(3):
        world = scaffold.instantiate({}, seed=seed)
        search = fair_search(world, 10)
        assert search.worst[0] == float("inf") and search.hope[0] < float("inf")
        for episode in range(3):
            env, policy = world.env(), FairPolicy(search)
            env.reset(seed=episode)
            for _ in range(10):
                command = policy.command()
                if command is None:
                    break
                obs, _, terminated, truncated, info = env.step(command)
                assert info["valid"], (seed, episode, command, obs)
                if terminated or truncated:
                    break
                policy.observe(obs, False, False)
