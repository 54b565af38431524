"""Same seeds, same traces: a world stepped from its tables answers every command exactly as its
rules do (observations, rewards, ends, infos and the admissible list), on every shipped scaffold
that is not a terminal, through random commands that include refused and unknown ones and chance."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.tables.conftest import NON_TERMINAL, assert_same_traces, shipped_world, tables_of, trace
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.runtime.loader import load_rules
from worldgen.tables.step import TableEnv

EPISODES, STEPS = 12, 60


def _command(rng: random.Random, env: Env) -> str:
    """Mostly an admissible command, else any command of the world, a command in other case and
    spacing, or one the world does not know."""
    roll, admissible = rng.random(), env.admissible
    if admissible and roll < 0.6:
        return rng.choice(admissible)
    if roll < 0.85:
        return rng.choice(env.commands)
    if roll < 0.95:
        return "  " + rng.choice(env.commands).upper() + " "
    return "xyzzy plugh"


@pytest.mark.parametrize("name", NON_TERMINAL)
def test_tables_step_as_the_rules_do(name: str) -> None:
    assert_same_traces(name, _command, EPISODES, STEPS)


@pytest.mark.parametrize("name", ["ice", "logs"])
@pytest.mark.parametrize("tabled", [False, True], ids=["Env", "TableEnv"])
def test_a_step_after_the_end_is_refused_with_exit_status_1_in_every_world(name: str, tabled: bool) -> None:
    """docs/terminal.md: `info["valid"]` is true when the exit status is 0; a step past the end
    runs nothing, so it is refused as an invalid command is, even after a valid last line."""
    world = shipped_world(name)
    env = TableEnv(world, tables_of(world)) if tabled else Env(world)
    env.reset(seed=0)
    over = False
    while not over:
        _, _, terminated, truncated, info = env.step("true" if name == "logs" else (env.admissible or ["xyzzy"])[0])
        over = terminated or truncated
    assert info["exit_status"] == 0 and info["valid"]
    ended, left = (terminated, truncated), list(info["admissible"])
    assert left == ([] if terminated else list(env.admissible))  # a truncated state keeps its list
    obs, reward, terminated, truncated, info = env.step("true")
    assert (obs, reward, (terminated, truncated), info["valid"], info["exit_status"], list(info["admissible"])) == \
        ("The episode is over; call reset() to play again.", 0.0, ended, False, 1, left)


@pytest.mark.parametrize("name", ["mastermind", "lights_out", "sorting", "adventure", "reactor"])
def test_a_text_shared_between_transitions_is_what_each_says_from_its_own_state(name: str) -> None:
    """Worlds whose `say`s read only the new state share one text per (command, decisions, new
    state): each transition's text is still what its action says when run from its own source."""
    world = shipped_world(name)
    tables = tables_of(world)
    env, rules = TableEnv(world, tables), load_rules(world)[0]
    states, commands = np.nonzero(tables.edge >= 0)
    edges = tables.edge[states, commands].tolist()
    src, command = dict(zip(edges, states.tolist())), dict(zip(edges, commands.tolist()))
    for tr in range(len(tables.dst)):
        e = int(tables.trans_edge[tr])
        binding = rules.bindings[command[e]]
        decisions = iter(tables.path[tables.path_start[tr]:tables.path_start[tr + 1]].tolist())
        out: list[str] = []
        rules.apply[binding.action](list(env.values(src[e])), *binding.args, lambda p: next(decisions), out)
        shown = rules.observe(env.values(int(tables.dst[tr])))
        assert env.transition_text(tr) == "\n".join([*out, shown] if shown else out), tr


def test_transitions_with_the_same_outcome_share_one_move() -> None:
    """Where a step's text goes by its outcome (command, decisions, new state), so does what the
    step gives: mastermind's 24,000 transitions make a few hundred moves, each what its own
    transition gives."""
    world = shipped_world("mastermind")
    tables = tables_of(world)
    env = TableEnv(world, tables)
    moves = [env._move(tr) for tr in range(len(tables.dst))]
    assert len({id(move) for move in moves}) * 20 < len(moves)
    for tr, move in enumerate(moves):
        e, new = int(tables.trans_edge[tr]), int(tables.dst[tr])
        assert move[:3] == (env.transition_text(tr), new, float(tables.gain[e]))
        assert move[4:] == (bool(tables.done[new] or tables.failed[new]), bool(tables.done[new]), int(tables.when[new]))


def test_episodes_reset_without_a_seed_run_on_the_chance_stream_as_env_does(lake: World) -> None:
    """Chance draws are read in blocks, so the block an episode leaves half used must be the next
    episode's start: 40 episodes on the one stream slip exactly where Env's do."""
    rules_env, table_env = Env(lake), TableEnv(lake, tables_of(lake))
    rng = random.Random(7)
    assert table_env.reset(seed=3)[0] == rules_env.reset(seed=3)[0]
    for _ in range(40):
        over = False
        while not over:
            command = rng.choice(rules_env.admissible)
            a, b = trace(table_env.step(command)), trace(rules_env.step(command))
            assert a == b
            over = a[2] or a[3]
        assert table_env.reset()[0] == rules_env.reset()[0]
