"""Terminal worlds in a batch: each such env types its command's line (or any text) into its own
shell, and traces exactly what an independent Suite-v0 env traces for the same lines and seeds,
beside envs of other worlds stepped with numpy, through automatic resets that draw its next world."""

from __future__ import annotations

import numpy as np
import pytest

from tests.tables.conftest import shipped_world, tables_of
from worldgen.adapters.gym import make_suite_env
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.tables.batch import Batch

MIXED = ["services", "vault", "csvreport", "frozen_lake", "backup"]  # three terminal worlds among them
ENVS, STEPS = 10, 300
LINES = ["ls", "pwd", "cat /nope", "xyzzy", "echo $?", "cd /tmp", "export X=1", ""]


@pytest.fixture(scope="module")
def mixed() -> list[World]:
    return [shipped_world(name) for name in MIXED]


def _mask(env: Env, width: int) -> list[bool]:
    admissible = set(env.admissible)
    return [b < len(env.commands) and env.commands[b] in admissible for b in range(width)]


def test_terminal_envs_of_a_batch_type_lines_as_suite_envs_do(mixed: list[World]) -> None:
    batch = Batch(mixed, [tables_of(w) for w in mixed], ENVS, texts=True)
    suites = [make_suite_env(mixed) for _ in range(ENVS)]
    terminal = {i for i, name in enumerate(MIXED) if name in ("services", "csvreport", "backup")}
    obs, masks = batch.reset(seed=11)
    for i, suite in enumerate(suites):
        assert obs[i] == suite.reset(seed=11 + i)[0]
        assert masks[i].tolist() == _mask(suite._active, batch.max_commands)
    assert batch.shell_envs.tolist() == [i for i in range(ENVS) if batch.world[i] in terminal]
    rng = np.random.default_rng(0)
    over, ends, typed_lines, moved = [False] * ENVS, 0, 0, set()
    for step in range(STEPS):
        shelled = set(batch.shell_envs.tolist())
        valid = [int(rng.choice(np.flatnonzero(m))) if m.any() else -1 for m in masks]
        wild = rng.integers(-2, batch.max_commands + 2, size=ENVS).tolist()  # refused, unknown, out of range
        commands: list[int | str] = [v if r < 0.6 else w for v, w, r in zip(valid, wild, rng.random(ENVS))]
        if step % 3 == 0:  # texts: a line typed as it is in a terminal world, a command's phrase elsewhere
            for i in range(ENVS):
                if i in shelled:
                    commands[i] = str(rng.choice(LINES))
                elif 0 <= int(commands[i]) < len(suites[i]._active.commands):
                    commands[i] = suites[i]._active.commands[int(commands[i])]
        obs, rewards, terminated, truncated, masks = batch.step(commands)
        success = []
        for i, suite in enumerate(suites):
            c = commands[i]
            if over[i]:  # next-step autoreset: the command is ignored, the episode starts again
                shown, info = suite.reset()
                expected = (shown, 0.0, False, False)
            else:
                env = suite._active
                if isinstance(c, str):
                    line = c
                    typed_lines += i in shelled
                elif 0 <= c < len(env.commands):
                    line = env.commands[c]
                else:  # an id the world does not have: a command it does not know, an empty line in a shell
                    line = "" if i in shelled else "xyzzy plugh"
                *expected, info = suite.step(line)  # type: ignore[assignment]
                expected = tuple(expected)
            assert (obs[i], rewards[i], terminated[i], truncated[i]) == expected, (step, i, c)
            assert masks[i].tolist() == _mask(suite._active, batch.max_commands), (step, i)
            assert (batch.valid[i], batch.steps[i], batch.stepped[i]) == (info["valid"], info["step"], not over[i])
            assert not batch.stepped[i] or batch.exit_status[i] == info["exit_status"], (step, i, c)
            success.append(info["success"])
            if batch.state_ids[i] != batch._start[i]:  # noqa: SLF001 - its world's start state
                moved.add(MIXED[batch.world[i]])
            over[i] = bool(terminated[i] or truncated[i])
            ends += over[i]
        assert batch.success().tolist() == success, step
        assert batch.shell_envs.tolist() == [i for i in range(ENVS) if batch.world[i] in terminal]
    assert ends > ENVS and typed_lines > 50  # many automatic resets, many lines typed as they are
    assert set(MIXED) == moved  # every world's envs left their start (a shell's lines moved along its tables)


def test_without_texts_terminal_envs_step_the_same(mixed: list[World]) -> None:
    tables = [tables_of(w) for w in mixed]
    with_texts, bare = Batch(mixed, tables, 5, texts=True), Batch(mixed, tables, 5, texts=False)
    _, masks = with_texts.reset(seed=3)
    assert bare.reset(seed=3)[0] is None
    rng = np.random.default_rng(2)
    for _ in range(150):
        commands = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        _, *numbers = with_texts.step(commands)
        texts, *same = bare.step(commands)
        assert texts is None
        for x, y in zip(numbers, same):
            np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(with_texts.state_ids, bare.state_ids)
        masks = numbers[-1]
