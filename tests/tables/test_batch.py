"""Same seeds, same traces, thousands at a time: a batch of envs over worlds of several shipped
scaffolds (chance and pay-once rewards included) answers random command ids, admissible or not,
exactly as independent Suite-v0 envs over the same worlds do with the same seeds, through
automatic resets that draw each env's next world."""

from __future__ import annotations

import numpy as np
import pytest

from tests.tables.conftest import shipped_world, tables_of
from worldgen.adapters.gym import make_suite_env
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


def test_a_batch_steps_as_suite_envs_with_the_same_seeds(batch_of, mixed: list[World]) -> None:  # type: ignore[no-untyped-def]
    batch: Batch = batch_of(ENVS)
    suites = [make_suite_env(mixed) for _ in range(ENVS)]
    ids = [w.id for w in mixed]
    obs, masks = batch.reset(seed=7)
    over = [False] * ENVS
    played: list[set[int]] = [set() for _ in range(ENVS)]
    for i, suite in enumerate(suites):
        shown, info = suite.reset(seed=7 + i)
        assert (obs[i], ids[batch.world[i]]) == (shown, info["world"])
        assert masks[i].tolist() == _mask(suite._active, batch.max_commands)
    rng = np.random.default_rng(0)
    ends, paid = 0, np.zeros(len(mixed))
    for step in range(STEPS):
        valid = [rng.choice(np.flatnonzero(m)) if m.any() else -1 for m in masks]
        wild = rng.integers(-2, batch.max_commands + 2, size=ENVS)  # refused, unknown, out of range
        commands = np.where(rng.random(ENVS) < 0.6, valid, wild)
        obs, rewards, terminated, truncated, masks = batch.step(commands)
        for i, suite in enumerate(suites):
            if over[i]:  # next-step autoreset: the command is ignored, the episode starts again, in a world drawn
                shown, info = suite.reset()
                expected = (shown, 0.0, False, False)
                assert ids[batch.world[i]] == info["world"], (step, i)
            else:
                env = suite._active
                b = int(commands[i])
                command = env.commands[b] if 0 <= b < len(env.commands) else "xyzzy plugh"
                *moved, info = suite.step(command)
                expected = tuple(moved)
                paid[batch.world[i]] += rewards[i] > 0
            played[i].add(int(batch.world[i]))
            assert (obs[i], rewards[i], terminated[i], truncated[i]) == expected, (step, i)
            assert (batch.valid[i], batch.steps[i], batch.stepped[i]) == (info["valid"], info["step"], not over[i])
            assert not batch.stepped[i] or batch.exit_status[i] == info["exit_status"], (step, i)
            assert masks[i].tolist() == _mask(suite._active, batch.max_commands), (step, i)
            over[i] = bool(terminated[i] or truncated[i])
            ends += over[i]
    assert ends > 2 * ENVS  # the trace went through many automatic resets
    assert all(len(worlds) > 1 for worlds in played)  # each env played several worlds
    assert (paid > 0).sum() >= 4  # and met goals or pay-once rewards in most worlds


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


def test_every_env_draws_its_worlds_from_the_whole_suite_and_reports_their_commands(batch_of, mixed: list[World]) -> None:  # type: ignore[no-untyped-def]
    batch: Batch = batch_of(2)
    batch.reset(seed=5)
    seen: list[set[int]] = [set(), set()]
    for _ in range(3000):
        for i in (0, 1):
            seen[i].add(int(batch.world[i]))
            assert batch.commands(i) == Env(mixed[batch.world[i]]).commands
        batch.step([0, 0])
    assert seen == [set(range(len(mixed)))] * 2  # two envs, five worlds: every world is played by each
    assert batch.max_commands == max(len(Env(w).commands) for w in mixed)


def test_an_unseeded_first_reset_draws_fresh_entropy_as_gymnasium_does(batch_of) -> None:  # type: ignore[no-untyped-def]
    runs = []
    for _ in range(2):
        batch: Batch = batch_of(8)
        batch.reset()
        runs.append([batch.world.tolist()] + [batch.step([0] * 8)[1].tolist() for _ in range(30)])
    assert runs[0] != runs[1]
    seeded = []
    for _ in range(2):
        batch = batch_of(8)
        batch.reset(seed=1)
        seeded.append([batch.world.tolist()] + [batch.step([0] * 8)[1].tolist() for _ in range(30)])
    assert seeded[0] == seeded[1]


def test_a_command_array_of_the_wrong_shape_is_refused(batch_of) -> None:  # type: ignore[no-untyped-def]
    batch: Batch = batch_of(4)
    batch.reset(seed=0)
    with pytest.raises(WorldgenError, match=r"one command id per env \(4\), got shape \(3,\)"):
        batch.step([0, 1, 2])


def test_resets_seed_each_env_or_continue_its_chance_stream_as_env_does(lake: World) -> None:
    """A list seeds env by env (None: a seed drawn from fresh entropy at first); a reset without
    seeds continues every env's stream, as ``Env.reset()`` does (one world: drawn every time)."""
    batch = Batch([lake], [tables_of(lake)], 2)
    envs = [make_suite_env([lake]), make_suite_env([lake])]
    obs, masks = batch.reset(seed=[3, 9])
    assert obs is None
    envs[0].reset(seed=3)
    envs[1].reset(seed=9)
    rng = np.random.default_rng(2)
    for _ in range(3):
        over = [False, False]
        for _ in range(6):
            commands = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
            _, rewards, terminated, truncated, masks = batch.step(commands)
            for i, env in enumerate(envs):
                expected = (0.0, False, False) if over[i] else env.step(env._active.commands[commands[i]])[1:4]
                if over[i]:
                    env.reset()
                assert (rewards[i], terminated[i], truncated[i]) == expected
                over[i] = bool(terminated[i] or truncated[i])
        _, masks = batch.reset()
        for env in envs:
            env.reset()
