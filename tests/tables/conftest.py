"""Worlds of the shipped scaffolds, their explored graphs and tables."""

from __future__ import annotations

import pytest

import random
from collections.abc import Callable

from tests.conftest import ROOT, example_record, example_scaffold
from worldgen.runtime.env import Env
from worldgen.tables.step import TableEnv
from worldgen.errors import InstantiationError
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.tables.build import Tables, build
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import StateGraph, explore

SHIPPED = sorted(p.stem for p in (ROOT / "scaffolds").glob("*.wg"))
NON_TERMINAL = [name for name in SHIPPED if "files {" not in (ROOT / "scaffolds" / f"{name}.wg").read_text("utf-8")]


def shipped_world(name: str) -> World:
    """The first seed's world of a shipped scaffold with its example record (some seeds are
    refused by the scaffold's build-time `require`s)."""
    scaffold, record = example_scaffold(name), example_record(name)
    for seed in range(50):
        try:
            return scaffold.instantiate(record, seed=seed)
        except InstantiationError:
            continue
    raise AssertionError(f"no seed of {name} under 50 builds")


def graph_of(world: World) -> StateGraph:
    rules, initial = load_rules(world)
    return explore(rules, initial, Bounds())


def tables_of(world: World) -> Tables:
    return build(world.id, load_rules(world)[0], graph_of(world))


def trace(step: tuple) -> tuple:  # type: ignore[type-arg]
    obs, reward, terminated, truncated, info = step
    return obs, reward, terminated, truncated, dict(info)


def assert_same_traces(name: str, command: Callable[[random.Random, Env], str], episodes: int, steps: int) -> None:
    """Drive a shipped world's rules and its tables with the same commands (``command`` picks the
    next from the rules' env) and seeds: every step's observation, reward, ends, info and state
    must be the same, past each episode's end too."""
    world = shipped_world(name)
    rules_env, table_env = Env(world), TableEnv(world, tables_of(world))
    rng = random.Random(name)
    for episode in range(episodes):
        a, b = rules_env.reset(seed=episode), table_env.reset(seed=episode)
        assert (a[0], dict(a[1])) == (b[0], dict(b[1]))
        for _ in range(steps):
            line = command(rng, rules_env)
            assert trace(table_env.step(line)) == trace(rules_env.step(line)), (episode, line)
            assert table_env.state() == rules_env.state()


@pytest.fixture(scope="session")
def ice() -> World:
    return shipped_world("ice")


@pytest.fixture(scope="session")
def lake() -> World:
    """A world with chance: each move on the frozen lake may slip."""
    return shipped_world("frozen_lake")
