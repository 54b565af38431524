"""Table envs of the same world's tables share what they read and render (tables/shared.py): a
second env renders no text the first already rendered, while each keeps its own episode (place,
step count, random stream), and the shared caches go when the last env does."""

from __future__ import annotations

import gc
import random

import pytest

from tests.tables.conftest import tables_of, trace
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.tables import shared as shared_module
from worldgen.tables import step as step_module
from worldgen.tables.step import TableEnv


def _play(env: Env | TableEnv, seed: int, steps: int, rng: random.Random) -> list[tuple]:  # type: ignore[type-arg]
    obs, info = env.reset(seed=seed)
    out: list[tuple] = [(obs, dict(info))]  # type: ignore[type-arg]
    for _ in range(steps):
        line = rng.choice(info["admissible"] or ["xyzzy"]) if rng.random() < 0.9 else "xyzzy"
        step = trace(env.step(line))
        out.append(step)
        info = step[4]
        if step[2] or step[3]:
            obs, info = env.reset()
    return out


def test_a_second_env_renders_nothing_the_first_rendered(ice: World, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = tables_of(ice)
    rendered: list[int] = []
    render = TableEnv._render
    monkeypatch.setattr(TableEnv, "_render", lambda self, tr: rendered.append(tr) or render(self, tr))
    first = TableEnv(ice, tables)
    a = _play(first, 3, 80, random.Random(0))
    assert rendered
    rendered.clear()
    b = _play(TableEnv(ice, tables), 3, 80, random.Random(0))
    assert a == b and rendered == []


def test_envs_sharing_tables_keep_their_own_episodes(lake: World) -> None:
    """Two envs of a world with chance, stepped in turn with different seeds, play exactly the
    episodes their rules play alone."""
    tables = tables_of(lake)
    envs, alone = [TableEnv(lake, tables), TableEnv(lake, tables)], [Env(lake), Env(lake)]
    rngs = [random.Random(1), random.Random(2)]
    infos = [env.reset(seed=seed)[1] for env, seed in zip(envs, (11, 12))]
    for env, seed in zip(alone, (11, 12)):
        env.reset(seed=seed)
    for _ in range(200):
        for k in (0, 1):
            line = rngs[k].choice(infos[k]["admissible"] or ["xyzzy"])
            step = trace(envs[k].step(line))
            assert step == trace(alone[k].step(line))
            infos[k] = step[4]
            if step[2] or step[3]:
                infos[k] = envs[k].reset()[1]
                alone[k].reset()


def test_the_rows_bound_empties_every_env_s_rows_in_place(ice: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(step_module, "ROWS_KEPT", 5)
    tables = tables_of(ice)
    first, second = TableEnv(ice, tables), TableEnv(ice, tables)
    expected = _play(Env(ice), 4, 60, random.Random(5))
    assert _play(first, 4, 60, random.Random(5)) == expected
    assert first._shared.kept <= 5 and second._rows is first._rows
    assert _play(second, 4, 60, random.Random(5)) == expected


def test_the_shared_caches_go_with_the_last_env(ice: World) -> None:
    tables = tables_of(ice)
    env = TableEnv(ice, tables)
    key = (id(ice), id(tables))
    assert key in shared_module._registry
    other = TableEnv(ice, tables)
    assert other._shared is env._shared
    del env, other
    gc.collect()
    assert key not in shared_module._registry


def test_a_chance_edge_met_before_is_walked_from_its_state_s_chance_row(lake: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The string of a command whose move depends on the draws is kept with its chance tree in its
    state's chance row: each (state, string) goes through the tables once, and the episodes are
    the rules' own, within the rows' bound too."""
    taken: list[tuple[int, str]] = []
    take = TableEnv._take
    monkeypatch.setattr(TableEnv, "_take", lambda self, e, command: taken.append((self._s, command)) or take(self, e, command))
    env = TableEnv(lake, tables_of(lake))
    assert _play(env, 6, 300, random.Random(3)) == _play(Env(lake), 6, 300, random.Random(3))
    assert any(row for row in env._chance_rows) and len(taken) == len(set(taken)) < 100
    monkeypatch.setattr(step_module, "ROWS_KEPT", 7)
    bounded = TableEnv(lake, tables_of(lake))
    assert _play(bounded, 6, 300, random.Random(3)) == _play(Env(lake), 6, 300, random.Random(3))
    assert bounded._shared.kept <= 7


def test_a_state_s_row_is_filled_at_once_with_its_listed_commands(ice: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first string typed in a state fills its row with every listed command that has an edge
    there (a transition until its text is first needed, then its move), so the listed strings
    never take the slow way through ``_take``; another spelling still does, once."""
    taken: list[str] = []
    take = TableEnv._take
    monkeypatch.setattr(TableEnv, "_take", lambda self, e, command: taken.append(command) or take(self, e, command))
    tables = tables_of(ice)
    env = TableEnv(ice, tables)
    assert _play(env, 2, 120, random.Random(9)) == _play(Env(ice), 2, 120, random.Random(9))
    assert taken == []
    rules = env.rules
    listed = {rules.bindings[b].command for b in range(len(rules.bindings)) if tables.edge[0][b] >= 0}
    assert set(env._rows[0]) == listed
    assert all(type(move) is tuple or type(move) is int for move in env._rows[0].values())
    shouted = "  " + sorted(listed)[0].upper()
    rules_env = Env(ice)
    rules_env.reset(seed=0)
    env.reset(seed=0)
    assert trace(env.step(shouted)) == trace(rules_env.step(shouted))
    assert taken == [shouted] and shouted in env._rows[0]
