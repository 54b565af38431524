"""Text-space bounds: every text a world prints fits its observation space, however its rules build it."""

from __future__ import annotations

import random

import pytest

import worldgen
from tests.conftest import ROOT, example_record, example_scaffold
from worldgen.adapters.gym import make_world_env
from worldgen.adapters.textspace import text_bounds
from worldgen.errors import InstantiationError


def test_padded_text_is_bounded_by_the_text_limit() -> None:
    world = worldgen.loads("""\
world t {
  state { w: int in 0..99999 = 3 }
  action widen "widen" { do w = 99999 }
  observe "{lpad('x', w)}"
}
""", "t.wg").instantiate(content={}, seed=0)
    env = world.env()
    env.reset(seed=0)
    obs = env.step("widen")[0]
    assert len(obs) == 99_999 <= text_bounds(world).max_observation


def test_a_list_of_text_is_bounded_by_the_text_it_came_from() -> None:
    world = worldgen.loads("""\
world t {
  state { n: int in 0..1 = 0 }
  action wait "wait" { }
  observe "{split('abcdefghijklmnopqrstuvwxyz', '')} {join(lines('a\\nb\\nc\\nd\\ne\\nf'), '--')}"
}
""", "t.wg").instantiate(content={}, seed=0)
    obs, _ = world.env().reset(seed=0)
    assert obs == ", ".join("abcdefghijklmnopqrstuvwxyz") + " a--b--c--d--e--f"
    assert text_bounds(world).max_observation >= len(obs)


SHIPPED = sorted(p.stem for p in (ROOT / "scaffolds").glob("*.wg"))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_observation_of_random_episodes_of_every_shipped_scaffold_is_in_the_space(name: str) -> None:
    """The README promises Text spaces cover everything a world can print: maze's board, built by
    a `def` that joins rows, was once bounded by the longest literal and overflowed its space."""
    rng = random.Random(name)
    scaffold, record = example_scaffold(name), example_record(name)
    for seed in range(3):
        try:
            world = scaffold.instantiate(record, seed=seed)
        except InstantiationError:
            continue
        env = make_world_env(world)
        space = env.observation_space
        obs, info = env.reset(seed=seed)
        assert space.contains(obs), (seed, len(obs), space.max_length)
        for _ in range(30):
            admissible = list(info["admissible"])
            command = rng.choice(admissible) if admissible and rng.random() < 0.9 else "dance"
            obs, _, terminated, truncated, info = env.step(command)
            assert space.contains(obs), (seed, command, len(obs), space.max_length)
            if terminated or truncated:
                break
        env.close()


def test_a_def_that_builds_text_is_bounded_by_its_body_not_by_the_longest_literal() -> None:
    world = worldgen.loads("""\
world t {
  param n: int in 3..3
  state { k: int in 0..1 = 0 }
  def row(y: int in 0..9) = join(x: 0..n - 1, "+---", "") + "{y}"
  def board() = join(y: 0..n - 1, row(y), "\\n")
  action wait "wait" { }
  observe "{board()}"
}
""", "t.wg").instantiate(content={}, seed=0)
    obs, _ = world.env().reset(seed=0)
    assert len(obs) == 3 * 13 + 2 <= text_bounds(world).max_observation
