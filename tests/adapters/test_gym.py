"""The Gymnasium adapter: registration, check_env, spaces, seeding, and suites as vector envs."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

from tests.conftest import EXAMPLES, example_record, example_scaffold
from tests.tables.conftest import shipped_world, tables_of
from tests.worldfiles import example_worlds, write_suite, write_world
from worldgen.adapters import SUITE_ENV_ID, WORLD_ENV_ID
from worldgen.adapters.gym import WorldgenEnv
from worldgen.adapters.shelltext import ShellText
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.shell.limits import MAX_LINE, MAX_OUTPUT
from worldgen.tables.store import encode, load, save


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_suite(tmp_path_factory.mktemp("suite"), example_worlds())


def strict_check(env: gym.Env) -> None:
    """check_env with every warning an error, except the one about checking a wrapped env."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=".*is different from the unwrapped version")
        check_env(env)


def non_ascii_world() -> World:
    record = example_record("vault")
    record["setting"] = "Über den Dächern — ein Café in Zürich, « noir », ½ past midnight… 東京"
    for room, name in zip(record["room"], ["küche", "säulenhalle", "bücherei", "höhle", "glockenstube", "gruft", "schatzkammer"]):
        room["name"] = name
    return example_scaffold("vault").instantiate(record, seed=1, axes={"observation": "full", "interface": "verbs"})


# ----------------------------------------------------------------------------------- registration

@pytest.mark.parametrize("first", ["worldgen", "gymnasium"])
def test_ids_are_registered_whichever_is_imported_first_and_worldgen_does_not_import_gymnasium(first: str) -> None:
    second = "gymnasium" if first == "worldgen" else "worldgen"
    probe = (
        f"import sys, {first}\n"
        "loaded = 'gymnasium' in sys.modules\n"
        f"import {second}, gymnasium\n"
        f"print(loaded, {WORLD_ENV_ID!r} in gymnasium.registry, {SUITE_ENV_ID!r} in gymnasium.registry)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [str(first == "gymnasium"), "True", "True"]


# ----------------------------------------------------------------------------------- check_env

@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_check_env_passes_on_every_example_world_unwrapped_and_through_make(index: int, tmp_path: Path) -> None:
    world = example_worlds()[2 * index]
    path = write_world(tmp_path / "world.json", world, as_artifact=True)
    made = gym.make(WORLD_ENV_ID, world=str(path))
    strict_check(made.unwrapped)
    strict_check(made)
    strict_check(gym.make(WORLD_ENV_ID, world=world))
    assert made.spec is not None and made.spec.max_episode_steps == world.env().horizon


def test_the_spec_reports_the_longest_horizon_of_the_suite_even_one_read_from_each_world(tmp_path: Path) -> None:
    """maze says `horizon 4 * (w + h)`: each world has its own, and the spec's limit is the
    largest, so a TimeLimit made from the spec (``gym.make(env.spec)``) never cuts an episode."""
    worlds = [example_scaffold("maze").instantiate(example_record("maze"), seed=seed) for seed in range(4)]
    horizons = [w.env().horizon for w in worlds]
    assert len(set(horizons)) > 1
    env = gym.make(SUITE_ENV_ID, suite=str(write_suite(tmp_path / "maze", worlds)))
    assert env.spec is not None and env.spec.max_episode_steps == max(horizons)
    again = gym.make(env.spec)
    _, info = again.reset(seed=0)
    assert again.step(info["admissible"][0])[3] is False


def test_check_env_passes_on_a_suite_env(suite: Path) -> None:
    env = gym.make(SUITE_ENV_ID, suite=str(suite))
    strict_check(env.unwrapped)
    strict_check(env)


# ----------------------------------------------------------------------------------- spaces

def rollouts(env: gym.Env, episodes: int, seed: int) -> Iterator[tuple[str, dict]]:
    """Every observation (with its info) of random episodes mixing admissible and junk commands."""
    rng = random.Random(seed)
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + episode)
        yield obs, info
        done = False
        while not done:
            options = info["admissible"]
            command = rng.choice(options) if options and rng.random() < 0.8 else env.action_space.sample()
            obs, _, terminated, truncated, info = env.step(command)
            done = terminated or truncated
            yield obs, info


@pytest.mark.parametrize("world", [*example_worlds(), non_ascii_world()], ids=lambda w: w.id)
def test_spaces_contain_everything_the_world_prints_and_accepts(world: World) -> None:
    env = gym.make(WORLD_ENV_ID, world=world)
    env.action_space.seed(0)
    for obs, info in rollouts(env, episodes=5, seed=0):
        assert obs in env.observation_space, (len(obs), set(obs) - env.observation_space.character_set)
        assert all(command in env.action_space for command in info["admissible"])
    raw = world.env()
    assert all(command in env.action_space and command.upper() in env.action_space for command in raw.commands)


def test_non_ascii_content_widens_the_charset_and_commands_match_in_any_case() -> None:
    world = non_ascii_world()
    env = gym.make(WORLD_ENV_ID, world=world)
    assert {"ü", "Ü", "—", "東"} <= env.observation_space.character_set
    command = next(c for c in world.env().commands if c.startswith("go ") and not c.isascii())
    for typed in (command, command.upper()):
        env.reset(seed=0)
        obs, _, _, _, info = env.step(typed)
        assert obs in env.observation_space and typed in env.action_space
        assert info["action"] == "go" or obs.startswith("You can't get to")  # understood, whether or not allowed


def test_a_terminal_worlds_spaces_hold_any_text_its_shell_prints_or_takes() -> None:
    services = example_scaffold("services").instantiate(example_record("services"), seed=1)
    env = gym.make(WORLD_ENV_ID, world=services)
    assert type(env.observation_space) is ShellText and type(env.action_space) is ShellText
    assert env.observation_space.max_length > 2 * MAX_OUTPUT and env.action_space.max_length == MAX_LINE
    env.reset(seed=0)
    for line in ("printf '\\u2603 %s\\n' 東京", "echo é | tr a-z A-Z", "printf '%0900000d%0900000d' 1 2"):
        obs, *_ = env.step(line)
        assert obs in env.observation_space and line in env.action_space, (line, len(obs))
    assert "☃ 東京" in env.step("printf '\\u2603 %s\\n' 東京")[0]
    assert type(gym.make(WORLD_ENV_ID, world=non_ascii_world()).observation_space) is gym.spaces.Text  # no shell


# ----------------------------------------------------------------------------------- seeding

def play(env: gym.Env | object, seed: int, commands: list[str]) -> list[tuple]:
    obs, info = env.reset(seed=seed)
    trace: list[tuple] = [(obs, dict(info, world=None))]
    for command in commands:
        obs, reward, terminated, truncated, info = env.step(command)
        trace.append((obs, reward, terminated, truncated, dict(info, world=None)))
    return trace


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_seed_replays_the_same_episode_as_the_raw_runtime(name: str) -> None:
    world = next(w for w in example_worlds() if w.scaffold.name == name)
    commands = world.env().commands * 2
    random.Random(1).shuffle(commands)
    commands = commands[: world.env().horizon - 1]
    env = gym.make(WORLD_ENV_ID, world=world)
    for seed in (0, 5):
        assert play(env, seed, commands) == play(world.env(), seed, commands)


@pytest.mark.parametrize("seed", [-1, 2**64 + 1, 1.5, "3", True], ids=repr)
def test_a_seed_the_protocol_refuses_is_refused_before_anything_is_reseeded(seed: object) -> None:
    env = gym.make(WORLD_ENV_ID, world=example_worlds()[0])
    with pytest.raises(ValueError, match=r"0\.\.2\*\*63-1"):
        env.reset(seed=seed)


def test_unseeded_resets_follow_np_random() -> None:
    world = next(w for w in example_worlds() if w.axes.get("flakiness") == "flaky")  # chance-driven dynamics
    commands = world.env().commands * 3

    def episodes(env: gym.Env) -> list[list[tuple]]:
        env.reset(seed=11)
        return [play_unseeded(env, commands) for _ in range(4)]

    def play_unseeded(env: gym.Env, cmds: list[str]) -> list[tuple]:
        env.reset()
        return [env.step(c)[:4] for c in cmds[:30]]

    first, second = episodes(gym.make(WORLD_ENV_ID, world=world)), episodes(gym.make(WORLD_ENV_ID, world=world))
    assert first == second
    assert len({json.dumps(e) for e in first}) > 1  # each unseeded reset draws a new episode seed


def test_info_admissible_and_render() -> None:
    env = gym.make(WORLD_ENV_ID, world=example_worlds()[0], render_mode="ansi")
    obs, info = env.reset(seed=0)
    assert info["admissible"] and info["world"] == example_worlds()[0].id
    assert env.render() == obs
    obs, *_ = env.step(info["admissible"][0])
    assert env.render() == obs


# ----------------------------------------------------------------------------------- suites

def _vector_run(suite: Path, vector: type, **kwargs: object) -> tuple[list, set[str]]:
    """Every observation and reward of 200 steps of two Suite-v0 sub-envs, and the worlds met."""
    envs = vector([lambda: gym.make(SUITE_ENV_ID, suite=str(suite))] * 2, **kwargs)
    try:
        obs, info = envs.reset(seed=3)
        assert len(obs) == 2 and all(o in envs.single_observation_space for o in obs)
        seen, worlds = [obs], set(info["world"])
        for _ in range(200):
            commands = [adm[0] if len(adm) else "look" for adm in info["admissible"]]
            obs, reward, terminated, truncated, info = envs.step(commands)
            assert all(o in envs.single_observation_space for o in obs)
            seen.append((obs, reward.tolist()))
            if "world" in info:  # sub-envs that were reset this step
                worlds |= {w for w, fresh in zip(info["world"], info["_world"]) if fresh}
        return seen, worlds
    finally:
        envs.close()


def test_a_suite_runs_as_a_vector_env_drawing_worlds_per_episode(suite: Path) -> None:
    """In a subprocess per env too (README: without shared memory, which garbles Text in Gymnasium 1.x)."""
    sync, worlds = _vector_run(suite, gym.vector.SyncVectorEnv)
    assert len(worlds) >= 3, worlds
    assert _vector_run(suite, gym.vector.AsyncVectorEnv, shared_memory=False) == (sync, worlds)


def test_a_suite_env_is_reproducible_and_can_pick_a_world(suite: Path) -> None:
    ids = [w.id for w in example_worlds()]
    env = gym.make(SUITE_ENV_ID, suite=suite)
    draws = [[env.reset(seed=s)[1]["world"] for s in range(12)] for _ in range(2)]
    assert draws[0] == draws[1] and len(set(draws[0])) > 2
    env = gym.make(SUITE_ENV_ID, suite=list(example_worlds()))
    assert env.reset(options={"world": ids[3]})[1]["world"] == ids[3]
    with pytest.raises(ValueError, match="no world 'nope'"):
        env.reset(options={"world": "nope"})
    with pytest.raises(ValueError, match="unknown reset options"):
        env.reset(options={"level": 3})


def test_world_env_refuses_a_suite_and_step_before_reset(suite: Path) -> None:
    with pytest.raises(WorldgenError, match="holds 6 worlds; open it with worldgen/Suite-v0"):
        gym.make(WORLD_ENV_ID, world=str(suite))
    with pytest.raises(gym.error.ResetNeeded):
        WorldgenEnv([(w.id, w) for w in example_worlds()[:1]]).step("look")


# ----------------------------------------------------------------------------------- edited suites

@pytest.fixture
def edited_tables_suite(tmp_path: Path) -> Path:
    """A suite with step tables, one of them edited to pay more after compilation."""
    suite = write_suite(tmp_path / "suite", (shipped_world("frozen_lake"), shipped_world("vault")),
                        lambda w: encode(tables_of(w)))
    edited = sorted((suite / "worlds").glob("*.tables.npz"))[0]
    tables = load(edited, edited.name.removesuffix(".tables.npz"))
    save(dataclasses.replace(tables, gain=tables.gain + 1.0), edited)
    return suite


def test_envs_that_step_rules_open_a_suite_whose_tables_were_edited(edited_tables_suite: Path) -> None:
    """docs/tables.md: sync mode steps any suite on its rules; it never reads the tables."""
    single = gym.make(SUITE_ENV_ID, suite=str(edited_tables_suite))
    assert single.reset(seed=0)[0]
    envs = gym.make_vec(SUITE_ENV_ID, num_envs=2, vectorization_mode="sync", suite=str(edited_tables_suite))
    assert len(envs.reset(seed=0)[0]) == 2
    with pytest.raises(WorldgenError, match=r"step tables edited after compilation.*trust_edited=True in Python"):
        gym.make_vec(SUITE_ENV_ID, num_envs=2, vectorization_mode="vector_entry_point", suite=str(edited_tables_suite))


def test_trust_edited_is_taken_by_every_mode_as_the_command_line_takes_it(edited_tables_suite: Path) -> None:
    for world in (edited_tables_suite / "worlds").glob("*.json"):  # edited worlds: refused unless trusted
        world.write_text(world.read_text() + "\n")
    with pytest.raises(WorldgenError, match="edited after compilation"):
        gym.make(SUITE_ENV_ID, suite=str(edited_tables_suite))
    assert gym.make(SUITE_ENV_ID, suite=str(edited_tables_suite), trust_edited=True).reset(seed=0)[0]
    envs = gym.make_vec(SUITE_ENV_ID, num_envs=2, vectorization_mode="sync", suite=str(edited_tables_suite), trust_edited=True)
    assert len(envs.reset(seed=0)[0]) == 2
    with pytest.raises(WorldgenError, match=r"trust_edited=True uses no step tables.*vectorization_mode=\"sync\""):
        gym.make_vec(SUITE_ENV_ID, num_envs=2, vectorization_mode="vector_entry_point", suite=str(edited_tables_suite),
                     trust_edited=True)
    artifact = next(p for p in sorted((edited_tables_suite / "worlds").glob("*.json")))
    assert gym.make(WORLD_ENV_ID, world=str(artifact), trust_edited=True).reset(seed=0)[0]
