"""An episode can be copied (to search from it) and pickled (to cross processes): the copy plays
on from the same place, on its own; a command that is not text is refused, not played."""

from __future__ import annotations

import copy
import pickle

import gymnasium as gym
import pytest

from tests.conftest import example_record, example_scaffold
from tests.tables.conftest import tables_of
from worldgen.adapters.gym import make_suite_env
from worldgen.runtime.env import Env
from worldgen.tables.step import TableEnv


def played(name: str, lines: list[str]) -> Env:
    env = example_scaffold(name).instantiate(example_record(name), seed=1).env()
    _, info = env.reset(seed=0)
    for line in lines or list(info["admissible"])[:2]:
        env.step(line)
    return env


@pytest.mark.parametrize("name, lines, then", [
    ("vault", [], None), ("frozen_lake", [], None),
    ("logs", ["echo note > /tmp/n; cd /tmp", "export X=7"], "cat n; echo $X; pwd"),
])
def test_a_copied_or_unpickled_env_plays_on_from_the_same_place(name: str, lines: list[str], then: str | None) -> None:
    env = played(name, lines)
    twins = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    commands = [then] if then else env.commands[:4] * 2
    expected = [env.step(c)[:4] for c in commands]  # chance included: the copies carry the stream
    for twin in twins:
        assert [twin.step(c)[:4] for c in commands] == expected
    assert twins[0]._t == env._t and copy.deepcopy(twins[0])._state is not twins[0]._state


def test_a_suite_env_pickles_after_its_first_reset() -> None:
    worlds = [example_scaffold("vault").instantiate(example_record("vault"), seed=s) for s in range(3)]
    env = gym.make("worldgen/Suite-v0", suite=worlds)
    _, info = env.reset(seed=4)
    back = pickle.loads(pickle.dumps(env))
    command = list(info["admissible"])[0]
    assert back.step(command)[:4] == env.step(command)[:4]


@pytest.mark.parametrize("command", [0, None, b"north", ["go", "north"]], ids=repr)
def test_a_command_that_is_not_text_is_refused(command: object) -> None:
    world = example_scaffold("ice").instantiate(example_record("ice"), seed=0)
    for env in (world.env(), TableEnv(world, tables_of(world)), make_suite_env([world])):
        env.reset(seed=0)
        with pytest.raises(TypeError, match="a command is text"):
            env.step(command)
