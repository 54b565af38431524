"""Same seeds, same traces, thousands at a time: a batch of envs over worlds of several shipped
scaffolds (chance and pay-once rewards included) answers random command ids, admissible or not,
exactly as independent ``Env``s do with the same seeds, through automatic resets."""

from __future__ import annotations

import numpy as np
import pytest

from tests.tables.conftest import shipped_world, tables_of
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.tables.batch import Batch

MIXED = ["ice", "frozen_lake", "vault", "maze", "guess"]  # frozen_lake: chance; vault: pay-once rewards
ENVS, STEPS = 10, 400


@pytest.fixture(scope="module")
def mixed() -> list[World]:
    return [shipped_world(name) for name in MIXED]


@pytest.fixture(scope="module")
def batch_of(mixed: list[World]):  # type: ignore[no-untyped-def]
    tables = [tables_of(w) for w in mixed]
    return lambda n, texts=True: Batch(mixed, tables, n, texts=texts)


def _mask(env: Env, width: int) -> list[bool]:
    """Env's admissible list as a row of command ids."""
    admissible = set(env.admissible)
    return [b < len(env.commands) and env.commands[b] in admissible for b in range(width)]


def test_a_batch_steps_as_independent_envs_with_the_same_seeds(batch_of, mixed: list[World]) -> None:  # type: ignore[no-untyped-def]
    batch: Batch = batch_of(ENVS)
    envs = [Env(mixed[i % len(mixed)]) for i in range(ENVS)]
    obs, masks = batch.reset(seed=7)
    over = [False] * ENVS
    for i, env in enumerate(envs):
        assert obs[i] == env.reset(seed=7 + i)[0]
        assert masks[i].tolist() == _mask(env, batch.max_commands)
    rng = np.random.default_rng(0)
    ends, paid = 0, np.zeros(ENVS)
    for step in range(STEPS):
        valid = [rng.choice(np.flatnonzero(m)) if m.any() else -1 for m in masks]
        wild = rng.integers(-2, batch.max_commands + 2, size=ENVS)  # refused, unknown, out of range
        commands = np.where(rng.random(ENVS) < 0.6, valid, wild)
        obs, rewards, terminated, truncated, masks = batch.step(commands)
        paid += rewards > 0
        for i, env in enumerate(envs):
            if over[i]:  # next-step autoreset: the command is ignored, the episode starts again
                shown, info = env.reset()
                expected = (shown, 0.0, False, False)
            else:
                b = int(commands[i])
                command = env.commands[b] if 0 <= b < len(env.commands) else "xyzzy plugh"
                *moved, info = env.step(command)
                expected = tuple(moved)
            assert (obs[i], rewards[i], terminated[i], truncated[i]) == expected, (step, i)
            assert (batch.valid[i], batch.steps[i], batch.stepped[i]) == (info["valid"], info["step"], not over[i])
            assert not batch.stepped[i] or batch.exit_status[i] == info["exit_status"], (step, i)
            assert masks[i].tolist() == _mask(env, batch.max_commands), (step, i)
            over[i] = bool(terminated[i] or truncated[i])
            ends += over[i]
    assert ends > 2 * ENVS  # the trace went through many automatic resets
    assert set(batch.world[paid > 0].tolist()) == set(range(len(mixed)))  # and met goals or pay-once rewards in every world


def test_without_texts_the_numbers_are_the_same(batch_of) -> None:  # type: ignore[no-untyped-def]
    with_texts, bare = batch_of(6), batch_of(6, texts=False)
    _, masks = with_texts.reset(seed=3)
    assert bare.reset(seed=3)[0] is None
    rng = np.random.default_rng(1)
    for _ in range(200):
        commands = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
        _, *numbers = with_texts.step(commands)
        texts, *same = bare.step(commands)
        assert texts is None
        for x, y in zip(numbers, same):
            np.testing.assert_array_equal(x, y)
        masks = numbers[-1]


def test_env_i_plays_world_i_modulo_the_worlds_and_reports_its_commands(batch_of, mixed: list[World]) -> None:  # type: ignore[no-untyped-def]
    batch: Batch = batch_of(7)
    assert batch.world.tolist() == [0, 1, 2, 3, 4, 0, 1]
    assert batch.commands(6) == Env(mixed[1]).commands
    assert batch.max_commands == max(len(Env(w).commands) for w in mixed)


def test_a_command_array_of_the_wrong_shape_is_refused(batch_of) -> None:  # type: ignore[no-untyped-def]
    batch: Batch = batch_of(4)
    batch.reset(seed=0)
    with pytest.raises(WorldgenError, match=r"one command id per env \(4\), got shape \(3,\)"):
        batch.step([0, 1, 2])


def test_resets_seed_each_env_or_continue_its_chance_stream_as_env_does(lake: World) -> None:
    """A list seeds env by env (None: the world's own seed at first); a reset without seeds
    continues every env's stream, as ``Env.reset()`` does."""
    batch = Batch([lake], [tables_of(lake)], 2)
    envs = [Env(lake), Env(lake)]
    obs, masks = batch.reset(seed=[3, None])
    assert obs is None
    envs[0].reset(seed=3)
    envs[1].reset()
    rng = np.random.default_rng(2)
    for _ in range(3):
        over = [False, False]
        for _ in range(6):
            commands = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
            _, rewards, terminated, truncated, masks = batch.step(commands)
            for i, env in enumerate(envs):
                expected = (0.0, False, False) if over[i] else env.step(env.commands[commands[i]])[1:4]
                if over[i]:
                    env.reset()
                assert (rewards[i], terminated[i], truncated[i]) == expected
                over[i] = bool(terminated[i] or truncated[i])
        _, masks = batch.reset()
        for env in envs:
            env.reset()
