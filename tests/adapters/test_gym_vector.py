"""``gymnasium.make_vec("worldgen/Suite-v0", vectorization_mode="vector_entry_point", suite=...)``:
a suite with step tables stepped as one batch, with Gymnasium's conventions (next-step autoreset
declared in its metadata, seeds ``seed + i``, vector infos) and the traces of independent
Suite-v0 envs (each episode in a world drawn from the whole suite)."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from tests.tables.conftest import shipped_world, tables_of
from tests.worldfiles import write_suite
from worldgen.adapters import SUITE_ENV_ID
from worldgen.adapters.gym import WorldgenEnv, make_suite_env
from worldgen.adapters.gym_vector import WorldgenVectorEnv
from worldgen.adapters.shelltext import ShellText
from worldgen.errors import WorldgenError
from worldgen.runtime.env import Env
from worldgen.tables.store import encode

NAMES = ("ice", "frozen_lake", "vault")


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    worlds = tuple(shipped_world(name) for name in NAMES)
    return write_suite(tmp_path_factory.mktemp("suite"), worlds, lambda w: encode(tables_of(w)))


def make(suite: Path, num_envs: int, **kwargs: object) -> gym.vector.VectorEnv:
    return gym.make_vec(SUITE_ENV_ID, num_envs=num_envs, vectorization_mode="vector_entry_point", suite=str(suite), **kwargs)


def suite_envs(worlds: list | tuple, seed: int, n: int) -> list[WorldgenEnv]:
    """What the vector env's envs must trace: Suite-v0 envs over the same worlds, reset with seed + i."""
    envs = [make_suite_env(list(worlds)) for _ in range(n)]
    for i, env in enumerate(envs):
        env.reset(seed=seed + i)
    return envs


def test_make_vec_reaches_the_batch_with_gymnasiums_conventions(suite: Path) -> None:
    envs = make(suite, 4)
    assert isinstance(envs.unwrapped, WorldgenVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    obs, infos = envs.reset(seed=5)
    assert isinstance(obs, tuple) and len(obs) == 4 and obs in envs.observation_space
    assert infos["action_mask"].shape == (4, envs.unwrapped.batch.max_commands) and infos["_action_mask"].all()
    second = make_suite_env([shipped_world(name) for name in NAMES])
    shown, info = second.reset(seed=6)  # env i is seeded with seed + i, and draws its world as Suite-v0 does
    assert (obs[1], infos["world"][1]) == (shown, info["world"]) and infos["_world"].all()
    first = second._active
    assert infos["action_mask"][1].tolist()[:len(first.commands)] == [c in first.admissible for c in first.commands]


def test_ids_and_texts_step_alike_and_as_suite_envs_do(suite: Path) -> None:
    by_id, by_text = make(suite, 3), make(suite, 3)
    _, infos = by_id.reset(seed=0)
    by_text.reset(seed=0)
    envs = suite_envs([shipped_world(name) for name in NAMES], 0, 3)
    rng = np.random.default_rng(0)
    over = [False] * 3
    for _ in range(60):
        ids = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in infos["action_mask"]])
        texts = [by_id.unwrapped.commands(i)[b] for i, b in enumerate(ids)]
        obs, rewards, terminated, truncated, infos = by_id.step(ids)
        same = by_text.step(texts)
        assert same[0] == obs and np.array_equal(same[1], rewards) and np.array_equal(same[4]["action_mask"], infos["action_mask"])
        for i, env in enumerate(envs):
            if over[i]:  # next-step autoreset: a new episode, in a world drawn
                shown, reward = env.reset()[0], 0.0
            else:
                shown, reward, *_ = env.step(texts[i])
            assert (obs[i], rewards[i], infos["world"][i]) == (shown, reward, env.world_ids[env.current])
            over[i] = bool(terminated[i] or truncated[i])


def test_an_unknown_text_command_is_refused_as_env_refuses_it(suite: Path) -> None:
    envs = make(suite, 1)
    envs.reset(seed=0)
    env = suite_envs([shipped_world(name) for name in NAMES], 0, 1)[0]
    for command in ("xyzzy plugh", env._active.commands[0]):
        obs, reward, *_ = envs.step(np.array([command]))  # a numpy array of texts too
        assert (obs[0], reward[0]) == env.step(command)[:2]


def test_gymnasiums_vector_wrappers_run_on_it(suite: Path) -> None:
    envs = RecordEpisodeStatistics(make(suite, 6, observation="state"))
    _, infos = envs.reset(seed=1)
    episodes = 0
    rng = np.random.default_rng(1)
    for _ in range(300):
        actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in infos["action_mask"]]
        obs, _, _, _, infos = envs.step(actions)
        assert obs.shape == (6,) and obs in envs.observation_space
        episodes += int(infos.get("_episode", np.zeros(6, bool)).sum())
    assert episodes > 0


def test_a_suite_world_without_tables_is_refused_by_name(suite: Path, tmp_path: Path) -> None:
    world = shipped_world("maze")
    folder = write_suite(tmp_path / "bare", (world,))
    with pytest.raises(WorldgenError, match=rf"error: world {world.id} has no step tables .*`worldgen compile --tables`"):
        make(folder, 2)


def test_one_world_file_opens_with_the_tables_beside_it(suite: Path) -> None:
    world = shipped_world(NAMES[2])
    envs = make(suite / "worlds" / f"{world.id}.json", 2)
    obs, _ = envs.reset(seed=0)
    assert obs == (Env(world).reset(seed=0)[0], Env(world).reset(seed=1)[0])


def test_a_suite_with_a_terminal_world_takes_its_lines_and_command_ids(tmp_path: Path) -> None:
    """A terminal world's sub-env types an id's command line, or any text, into its own shell."""
    worlds = (shipped_world("services"), shipped_world("vault"))
    folder = write_suite(tmp_path / "mixed", worlds, lambda w: encode(tables_of(w)))
    vec = make(folder, 2)
    obs, infos = vec.reset(seed=2)
    envs = [make_suite_env(list(worlds)) for _ in range(2)]
    assert obs == tuple(env.reset(seed=2 + i)[0] for i, env in enumerate(envs))
    shelled = [i for i, env in enumerate(envs) if env.current == 0]
    assert vec.unwrapped.batch.shell_envs.tolist() == shelled == [1]  # seed 3 plays services first
    k = shelled[0]
    shell = envs[k]._active
    start = shell.commands.index("service web start")
    for line in (start, "systemctl status web", "ls /etc | head -3"):
        actions: list[int | str] = [0, 0]
        actions[k] = line
        obs, rewards, *_ , infos = vec.step(actions)
        shown, reward, *_ = envs[k].step(shell.commands[line] if isinstance(line, int) else line)
        assert (obs[k], rewards[k]) == (shown, reward), line
        assert infos["action_mask"][k].tolist()[:len(shell.commands)] == [c in shell.admissible for c in shell.commands]
    actions = [0, 0]
    actions[k] = "printf '\\u2603 ok\\n'"
    obs, *_ = vec.step(actions)
    assert obs[k].startswith("☃ ok") and obs in vec.observation_space  # a shell prints any character
    assert type(vec.single_observation_space) is ShellText


@pytest.mark.parametrize("seed", [-1, 1.5, "3", True, 2**65, [0, 2**64]], ids=repr)
def test_seeds_are_checked_as_env_checks_them(suite: Path, seed: object) -> None:
    with pytest.raises(ValueError, match=r"0\.\.2\*\*63-1"):
        make(suite, 2).reset(seed=seed)


def test_a_seed_whose_last_env_would_pass_2_63_minus_1_is_refused(suite: Path) -> None:
    envs = make(suite, 3)
    envs.reset(seed=2**63 - 3)  # envs get 2**63-3, 2**63-2, 2**63-1
    with pytest.raises(ValueError, match="seed \\+ i"):
        envs.reset(seed=2**63 - 2)


def test_infos_carry_valid_step_and_exit_status_as_sync_mode_does(suite: Path) -> None:
    """Sync mode and serve give valid, step and exit_status; the tables env gave only the mask."""
    envs = make(suite, 4)
    _, infos = envs.reset(seed=5)
    assert infos["valid"].all() and not infos["step"].any() and "exit_status" not in infos  # a reset runs no command
    _, _, _, _, infos = envs.step(np.full(4, envs.unwrapped.batch.max_commands + 3))  # an id no world has
    assert not infos["valid"].any() and infos["step"].tolist() == [1] * 4
    assert infos["exit_status"].tolist() == [1] * 4 and infos["_exit_status"].all() and infos["_valid"].all()


def test_stepping_before_reset_or_after_close_raises_as_gymnasiums_vector_envs_do(suite: Path) -> None:
    envs = make(suite, 2)
    with pytest.raises(gym.error.ResetNeeded):
        envs.step([0, 0])
    envs.reset(seed=0)
    envs.close()
    with pytest.raises(gym.error.ClosedEnvironmentError):
        envs.step([0, 0])


def test_float_ids_and_a_step_limit_are_refused_with_what_to_do(suite: Path) -> None:
    envs = make(suite, 2)
    envs.reset(seed=0)
    with pytest.raises(TypeError, match="command ids are integers"):
        envs.step(np.array([0.7, 1.9]))
    with pytest.raises(WorldgenError, match="vectorization_mode=\"sync\""):
        make(suite, 2, max_episode_steps=5)
