"""A terminal world stepped from its tables answers every line as its rules do: the shell parses
and runs the line, and what changes the state (programs, writes, chmod, rm) moves along the
tables (tables/terminal.py). Same seeds, same traces, on every shipped terminal scaffold that fits."""

from __future__ import annotations

import random

import pytest

from tests.tables.conftest import SHIPPED, NON_TERMINAL, assert_same_traces, graph_of, shipped_world, tables_of
from worldgen.runtime.env import Env
from worldgen.runtime.loader import load_rules
from worldgen.tables.build import unfit
from worldgen.tables.step import TableEnv

TERMINAL = [name for name in SHIPPED if name not in NON_TERMINAL]
TYPED_TEXT = {"apt", "git", "makefile", "processes", "users"}  # `text`/`word` arguments: no tables
TABLED = [name for name in TERMINAL if name not in TYPED_TEXT]
EPISODES, STEPS = 8, 50
DOUBLING = "; ".join(["X=$X$X"] * 40)  # past the line's work budget: the line is undone whole


def _line(rng: random.Random, env: Env) -> str:
    """An admissible line, any command of the world, a read, a bad write to a world file, a line
    stopped by its budget after a write, or shell lines the world does not take."""
    roll = rng.random()
    files = sorted(env.rules.layout.files)
    path = rng.choice(files)
    if env.admissible and roll < 0.5:
        return rng.choice(env.admissible)
    if roll < 0.65:
        return rng.choice(env.commands)
    if roll < 0.75:
        return rng.choice([f"cat {path}", f"wc -l {path} | tr -d ' '", f"ls -l {path.rsplit('/', 1)[0] or '/'}",
                           f"grep -c . {path}", f"head -n 2 {path}; tail -n 1 {path}"])
    if roll < 0.82:
        return rng.choice([f"echo 'no such setting' > {path}", f"rm {path}", f"chmod 600 {path}"])
    if roll < 0.9:
        command = rng.choice(env.commands)
        return f"{command}; X=ab; {DOUBLING}"
    return rng.choice(["ls /", "cd /tmp && echo note > n && cat n", "xyzzy", "false || true", "cat /nope"])


def test_every_terminal_scaffold_without_typed_text_fits_its_tables() -> None:
    assert len(TABLED) >= 8
    for name in TERMINAL:
        world = shipped_world(name)
        why = unfit(load_rules(world)[0], graph_of(world))
        assert (why is None) == (name in TABLED), (name, why)
        if why is not None:
            assert why == "it takes typed text or words in its commands"


@pytest.mark.parametrize("name", TABLED)
def test_tables_run_a_terminal_world_as_its_rules_do(name: str) -> None:
    assert_same_traces(name, _line, EPISODES, STEPS)


def test_a_line_stopped_by_its_budget_leaves_the_tables_row_as_it_was() -> None:
    world = shipped_world("logs")
    env = TableEnv(world, tables_of(world))
    env.reset(seed=0)
    for taken in env.admissible:  # a command that moves the world from its start
        env.step(taken)
        moved = env.state_id != 0
        env.reset(seed=0)
        if moved:
            break
    before = env.state_id, env.state()
    obs, reward, terminated, _, info = env.step(f"{taken}; X=ab; {DOUBLING}")
    assert obs.startswith("worldgen shell: the line needs more work than one line may do")
    assert (info["exit_status"], info["action"], terminated) == (2, None, False)
    assert (env.state_id, env.state()) == before
    _, _, _, _, info = env.step(taken)  # the same command alone moves
    assert info["valid"] and info["action"] is not None and env.state_id != before[0]
