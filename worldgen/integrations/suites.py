"""Episodes from dataset rows: ``(suite, world_id, seed)`` -> a fresh ``Episode``.

Trainers build one environment object per rollout, often thousands per run; the suite behind
them is read and integrity-checked once per process, and each world's rules compiled once, not
once per episode.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from worldgen.agent.episode import Episode
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.suite_root import resolve_suite


@lru_cache(maxsize=16)
def suite_worlds(suite: str) -> dict[str, World]:
    """The worlds of a suite folder (or artifact / world file) by id, loaded once per process."""
    from worldgen.rollouts.sources import open_entries

    return {entry.id: entry.world for entry in open_entries(Path(suite))}


def episode_for(suite: str | Path, world_id: str, seed: int = 0, root: str | Path | None = None) -> Episode:
    """A new episode of world ``world_id`` of ``suite``, reset with episode seed ``seed``; a
    relative ``suite`` (as rows hold it) is under the suite root (``root``, else
    ``$WORLDGEN_SUITE_ROOT``, else the current directory: ``worldgen.suite_root``)."""
    env = compiled_env(resolve_suite(suite, root), world_id)  # absolute: never cached against a changed cwd
    return Episode(env.world, seed, env.fresh())


@lru_cache(maxsize=1024)
def compiled_env(suite: str, world_id: str) -> Env:
    """An Env of the world whose compiled rules its episodes share (``Env.fresh``): compiling
    them takes far longer than an episode of a few steps, and a trainer starts thousands (so
    the world's lookup is made once per suite and world). ``suite``: an absolute path."""
    worlds = suite_worlds(suite)
    world = worlds.get(world_id)
    if world is None:
        raise WorldgenError(f"{suite}: error: no world {world_id!r} in this suite ({len(worlds)} worlds)")
    return world.env()
