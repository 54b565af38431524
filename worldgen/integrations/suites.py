"""Episodes from dataset rows: ``(suite, world_id, seed)`` -> a fresh ``Episode``.

Trainers build one environment object per rollout, often thousands per run; the suite behind
them is read and integrity-checked once per process, not once per episode, each world's rules are
compiled once, and a finished episode's ``Env`` (handed back with ``release``) serves a later
episode of the same world, its per-state caches warm, as one long-running ``Env`` would.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from worldgen.agent.episode import Episode
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.env import Env


@lru_cache(maxsize=16)
def suite_worlds(suite: str) -> dict[str, World]:
    """The worlds of a suite folder (or artifact / world file) by id, loaded once per process."""
    from worldgen.rollouts.sources import open_entries

    return {entry.id: entry.world for entry in open_entries(Path(suite))}


@lru_cache(maxsize=4096)
def _compiled(suite: str, world_id: str) -> Env:
    """An Env of the world whose compiled rules every later episode of it shares (``Env.fresh``)."""
    worlds = suite_worlds(suite)
    if world_id not in worlds:
        raise WorldgenError(f"{suite}: error: no world {world_id!r} in this suite ({len(worlds)} worlds)")
    return worlds[world_id].env()


_idle: dict[tuple[str, str], list[Env]] = {}  # released Envs by (suite, world id)


def episode_for(suite: str | Path, world_id: str, seed: int = 0) -> Episode:
    """A new episode of world ``world_id`` of ``suite``, reset with episode seed ``seed``."""
    key = (os.path.abspath(suite), world_id)  # abspath: no file system calls per episode
    try:
        env = _idle[key].pop()
    except (KeyError, IndexError):  # none idle (a pop, not a test first: trainers step envs in threads)
        env = _compiled(*key).fresh()
    return Episode(env.world, seed, env=env)


def release(suite: str | Path, world_id: str, episode: Episode) -> None:
    """Hand back a finished episode's Env for a later episode of the same world; the episode must
    not be stepped again."""
    idle = _idle.setdefault((os.path.abspath(suite), world_id), [])
    if all(env is not episode.env for env in idle):
        idle.append(episode.env)
