"""Gymnasium environments over worldgen's runtime: one world, or a suite sampled per episode.

    >>> import gymnasium as gym, worldgen
    >>> env = gym.make("worldgen/World-v0", world="out/vault-3.json")      # a world or artifact file
    >>> obs, info = env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.step(info["admissible"][0])
    >>> envs = gym.vector.SyncVectorEnv([lambda: gym.make("worldgen/Suite-v0", suite="out")] * 4)

Observations and actions are ``Text`` spaces whose charset and lengths come from the worlds
(``worldgen.adapters.textspace``). Seeding follows Gymnasium: ``reset(seed=s)`` reseeds
``np_random`` and makes everything after it reproducible. That episode's run-time chance uses
``s`` itself, exactly as ``Env.reset(seed=s)`` and ``worldgen serve`` do, so one seed replays the
same episode through every interface. Each episode's world (for a suite) comes from a key drawn
from ``np_random`` at the seeded (or first) reset and the episode's number since, and the later
episodes' chance runs on from the first one's stream, whichever world they play
(``runtime/picks.py``): the rule the batched vector env follows too, so its env ``i`` plays what
this env plays with seed ``s + i``.

Worlds truncate their own episodes at their horizon; ``env.spec.max_episode_steps`` reports it
(the largest horizon, for a suite). ``make`` adds only its env checker: no ``TimeLimit`` (the
horizon does that) and no ``OrderEnforcing`` (``step`` before ``reset`` raises ``ResetNeeded``).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.envs.registration import EnvSpec

from worldgen.adapters.textspace import TextBounds, text_bounds
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.env import Env, StepInfo, chance_stream, episode_seed
from worldgen.runtime.loader import horizon as world_horizon
from worldgen.runtime.picks import chance_seed, key_of, world_of
from worldgen.runtime.sources import open_worlds


class _BeforeReset:
    """Stands in for the runtime until the first reset, so step() needs no check of its own."""

    def step(self, action: str) -> tuple[str, float, bool, bool, StepInfo]:
        raise gym.error.ResetNeeded("call reset() before step()")


class WorldgenEnv(gym.Env[str, str]):
    """Episodes of one or more worlds; each reset picks a world (seeded) and starts it.

    ``options={"world": ID}`` on reset picks a world by id instead of drawing one. Each world's
    rules are compiled the first time an episode uses it. Worlds truncate their own episodes at
    their horizon, so ``make`` needs no ``TimeLimit``: the spec reports the horizon as
    ``max_episode_steps``, and steps cost what the runtime's steps cost plus one call.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # fps: Gymnasium asks for one; text has no frame rate
    _spec: EnvSpec | None = None

    def __init__(self, worlds: Sequence[tuple[str, World]], render_mode: str | None = None):
        if not worlds:
            raise WorldgenError("a worldgen environment needs at least one world")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise WorldgenError(f"render_mode {render_mode!r} is not supported; use one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.world_ids = [world_id for world_id, _ in worlds]
        self._worlds = [world for _, world in worlds]
        self._index = {world_id: i for i, world_id in enumerate(self.world_ids)}
        self._envs: dict[int, Env] = {}
        self._key: int | None = None  # draws each episode's world (runtime/picks.py)
        self._episodes = 0  # episodes since the key was drawn
        self._stream: np.random.Generator | None = None  # every episode's chance since the key was drawn
        bounds = functools.reduce(TextBounds.union, map(text_bounds, self._worlds))
        self.observation_space = bounds.observation_space()
        self.action_space = bounds.action_space()
        self.horizon = max(map(world_horizon, self._worlds))
        self.current = 0  # index of the world being played
        self._active: Env | _BeforeReset = _BeforeReset()
        self._observation = ""

    @property
    def spec(self) -> EnvSpec | None:
        return self._spec

    @spec.setter
    def spec(self, spec: EnvSpec | None) -> None:
        """``gym.make`` records the spec it made this env from; the horizon is its episode limit."""
        self._spec = None if spec is None else dataclasses.replace(spec, max_episode_steps=self.horizon)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, StepInfo]:
        """See the module docstring (and runtime/picks.py) for where each episode's randomness comes from."""
        super().reset(seed=episode_seed(seed))
        restart = seed is not None or self._key is None
        if restart:
            self._key, self._episodes = key_of(self.np_random), 0
        chosen = self._choose(options) if options else None
        i = chosen if chosen is not None else world_of(self._key, self._episodes, len(self._worlds))
        self._episodes += 1
        self.current = i
        env = self._envs.get(i)
        if env is None:
            env = self._envs[i] = self._worlds[i].env()
        self._active = env
        if restart:  # one chance stream for every episode until the next seeded reset
            self._stream = chance_stream(self._worlds[i], seed if seed is not None else chance_seed(self._key))
        assert self._stream is not None
        self._observation, info = env.reset_on(self._stream)
        info["world"] = self.world_ids[self.current]
        return self._observation, info

    def _choose(self, options: dict[str, Any]) -> int | None:
        """The world ``options`` names (None: draw one)."""
        unknown = set(options) - {"world"}
        if unknown:
            raise ValueError(f"unknown reset options {sorted(unknown)}; the only option is 'world' (a world id)")
        if "world" not in options:
            return None
        try:
            return self._index[options["world"]]
        except KeyError:
            raise ValueError(f"no world {options['world']!r}; this environment has {self.world_ids[:5]}...") from None

    def step(self, action: str) -> tuple[str, float, bool, bool, StepInfo]:
        out = self._active.step(action)
        self._observation = out[0]
        return out

    def render(self) -> str | None:
        """``ansi``: the last observation, as the agent saw it."""
        return self._observation if self.render_mode == "ansi" else None


def make_world_env(world: World | str | Path, render_mode: str | None = None, trust_edited: bool = False) -> WorldgenEnv:
    """Entry point of ``worldgen/World-v0``: ``world`` is a World, or a world/artifact file
    (``trust_edited``: run one edited since compilation, as ``--trust-edited`` does)."""
    if isinstance(world, World):
        worlds = [(world.id, world)]
    else:
        worlds = open_worlds(world, trust_edited)
        if len(worlds) != 1:
            raise WorldgenError(f"{world}: error: holds {len(worlds)} worlds; open it with worldgen/Suite-v0 (suite=...)")
    return WorldgenEnv(worlds, render_mode)


def make_suite_env(suite: str | Path | Sequence[World], render_mode: str | None = None,
                   trust_edited: bool = False) -> WorldgenEnv:
    """Entry point of ``worldgen/Suite-v0`` (and of each env of ``make_vec``'s sync and async
    modes): ``suite`` is a suite folder (or any path ``open_worlds`` accepts), or a list of Worlds;
    each reset draws one of its worlds. Worlds step on their rules, so step tables are not read."""
    worlds = open_worlds(suite, trust_edited) if isinstance(suite, (str, Path)) else [(w.id, w) for w in suite]
    return WorldgenEnv(worlds, render_mode)
