"""A Gymnasium vector env over a suite's step tables (``worldgen.tables.batch``), reached the
conventional way::

    >>> envs = gymnasium.make_vec("worldgen/Suite-v0", num_envs=64, vectorization_mode="vector_entry_point", suite="out")
    >>> obs, infos = envs.reset(seed=0)                                  # env i is seeded with 0 + i
    >>> obs, rewards, terminated, truncated, infos = envs.step(actions)  # command ids (or texts)
    >>> infos["action_mask"]                                             # bool, num_envs x max commands

Each episode of env ``i`` plays a world drawn from the whole suite (``infos["world"]`` names it),
and env ``i`` traces exactly what ``gymnasium.make("worldgen/Suite-v0", suite=...)`` traces when
reset with seed ``seed + i`` (runtime/picks.py; docs/tables.md); without a seed, the first reset
draws from fresh entropy, as Gymnasium's envs do. Actions are command ids (``Discrete(max commands)`` per env:
``envs.unwrapped.commands(i)`` names them) or command texts, read as Env reads them; an id or
text the world does not admit is refused as Env refuses it; in a terminal world an id types its
command's line and a text is any line typed into its shell. Autoreset is Gymnasium's next-step
mode (``metadata["autoreset_mode"]``). Observations are texts (``observation="text"``) or the
env's state id across the suite's worlds (``observation="state"``, for tabular agents; cheaper).

``make_vec`` picks this vector entry point when no ``vectorization_mode`` is given (Gymnasium's
rule). Every world of the suite must then have step tables (``worldgen compile --tables``): the
env refuses a suite with a world that has none, naming it; ``vectorization_mode="sync"`` steps
any suite on its rules, one ``Env`` per sub-env.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.spaces import Discrete, MultiDiscrete
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from worldgen.adapters.textspace import TextBounds, text_bounds
from worldgen.compiler.artifact import Artifact
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.sources import open_placed
from worldgen.tables.batch import Batch
from worldgen.tables.build import Tables
from worldgen.tables.paths import tables_path
from worldgen.tables.store import load

OBSERVATIONS = ("text", "state")


class WorldgenVectorEnv(VectorEnv):
    """``num_envs`` envs stepped together from their worlds' tables."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, worlds: Sequence[World], tables: Sequence[Tables], num_envs: int, observation: str = "text"):
        if observation not in OBSERVATIONS:
            raise WorldgenError(f"observation {observation!r} is not one of {', '.join(OBSERVATIONS)}")
        self.texts = observation == "text"
        self.batch = Batch(worlds, tables, num_envs, texts=self.texts)
        self.num_envs = num_envs
        if self.texts:
            bounds = functools.reduce(TextBounds.union, map(text_bounds, worlds))
            self.single_observation_space = bounds.observation_space()
        else:
            self.single_observation_space = Discrete(self.batch.states)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = Discrete(self.batch.max_commands)
        self.action_space = MultiDiscrete(np.full(num_envs, self.batch.max_commands))
        self._every = np.ones(num_envs, dtype=bool)
        self._started = False
        self._world_ids = np.array([w.id for w in worlds], dtype=object)  # infos["world"]: the id each env plays

    def commands(self, env: int) -> list[str]:
        """The commands env ``env``'s ids name."""
        return self.batch.commands(env)

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """``seed``: an int seeds env ``i`` with ``seed + i``; a list seeds each env; None
        continues each env's draws (fresh entropy the first time). No options are known."""
        if options:
            raise ValueError(f"unknown reset options {sorted(options)}; this env takes none")
        if self.closed:
            raise gym.error.ClosedEnvironmentError("the vector env is closed")
        texts, masks = self.batch.reset(seed)  # checks the seeds first
        if isinstance(seed, int):
            super().reset(seed=seed)
        self._started = True
        return self._observations(texts), self._infos(masks)

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """``actions``: a command id or a command text per env."""
        if self.closed:
            raise gym.error.ClosedEnvironmentError("the vector env is closed")
        if not self._started:
            raise gym.error.ResetNeeded("call reset() before step()")
        texts, rewards, terminated, truncated, masks = self.batch.step(
            actions if isinstance(actions, np.ndarray) else list(actions))
        return self._observations(texts), rewards, terminated, truncated, self._infos(masks, self.batch.stepped)

    def _observations(self, texts: np.ndarray | None) -> Any:
        return tuple(texts.tolist()) if texts is not None else self.batch.state_ids

    def _infos(self, masks: np.ndarray, stepped: np.ndarray | None = None) -> dict[str, Any]:
        """Gymnasium's vector infos: each key's array, and ``_key`` saying which envs have it: every
        env, but ``exit_status`` only where a command ran (a reset's info has none, as Env's)."""
        batch, every = self.batch, self._every
        infos = {"action_mask": masks, "_action_mask": every, "success": batch.success(), "_success": every,
                 "valid": batch.valid, "_valid": every, "step": batch.steps, "_step": every,
                 "world": self._world_ids.take(batch.world), "_world": every}
        if stepped is not None:
            infos.update(exit_status=batch.exit_status, _exit_status=stepped)
        return infos


def suite_tables(suite: str | Path, trust_edited: bool = False) -> tuple[list[World], list[Tables]]:
    """The worlds of a suite folder (or of one world or artifact file) and their tables (a suite's
    vouched for by its index), refusing a world without tables with what to run. With
    ``trust_edited`` no tables are used, as ``--trust-edited`` uses none, so every world is refused."""
    worlds, tables = [], []
    for placed in open_placed(suite, trust_edited):
        world = placed.item.world if isinstance(placed.item, Artifact) else placed.item
        if placed.tables is None:
            why = ("trust_edited=True uses no step tables" if trust_edited else
                   f"world {world.id} has no step tables ({tables_path(placed.path).name}); "
                   f"run `worldgen compile --tables` for its suite")
            raise WorldgenError(f"{placed.path}: error: {why}, or step it on its rules with "
                                f"make_vec(..., vectorization_mode=\"sync\") (docs/tables.md)")
        worlds.append(world)
        tables.append(load(placed.tables, world.id))
    return worlds, tables


def make_suite_vector_env(num_envs: int = 1, suite: str | Path | None = None, observation: str = "text",
                          render_mode: str | None = None, trust_edited: bool = False,
                          max_episode_steps: int | None = None) -> WorldgenVectorEnv:
    """Vector entry point of ``worldgen/Suite-v0`` (``trust_edited`` is taken as every mode
    takes it; it uses no tables, so the refusal says to step the suite in sync mode)."""
    if suite is None:
        raise WorldgenError("worldgen/Suite-v0 needs suite=PATH (a suite folder compiled with --tables)")
    if max_episode_steps is not None:
        raise WorldgenError("max_episode_steps is not taken by the vector entry point: each world truncates its "
                            "episodes at its own horizon; for a shorter limit, make_vec(..., vectorization_mode=\"sync\") "
                            "wraps each env in a TimeLimit")
    if render_mode is not None:
        raise WorldgenError(f"render_mode {render_mode!r} is not supported by the vector env; it renders nothing")
    return WorldgenVectorEnv(*suite_tables(suite, trust_edited), num_envs, observation)
