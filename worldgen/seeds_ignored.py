"""A warning for episode seeds that cannot matter.

An episode seed only decides run-time chance (``chance(p)`` effects); a world whose rules have
none plays the same episode under every seed, so asking for several seeds per world (a dataset
export, a trainer's rows, repeated rollouts) silently multiplies identical episodes.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence

from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules

SHOWN = 3  # world ids named in the warning


class SeedsIgnored(UserWarning):
    """Several episode seeds were asked of worlds without run-time chance: they give identical episodes."""


def uses_episode_seed(world: World) -> bool:
    """Does an episode of ``world`` depend on its seed (some action or `every` step draws chance)?"""
    return any(load_rules(world)[0].stochastic)


def seeds_ignored(worlds: Iterable[tuple[str, World]], seeds: Sequence[int]) -> str | None:
    """Why ``seeds`` give identical episodes for some of ``worlds`` ((id, world) pairs), or None."""
    if len(seeds) < 2:
        return None
    worlds = list(worlds)
    fixed = [world_id for world_id, world in worlds if not uses_episode_seed(world)]
    if not fixed:
        return None
    named = ", ".join(fixed[:SHOWN]) + (", ..." if len(fixed) > SHOWN else "")
    return (f"{len(fixed)} of {len(worlds)} worlds ({named}) have no run-time chance, so each of their "
            f"{len(seeds)} episode seeds plays the same episode; one seed per world is enough for them")


def warn_seeds_ignored(worlds: Iterable[tuple[str, World]], seeds: Sequence[int], stacklevel: int = 3) -> None:
    """``seeds_ignored`` as a ``SeedsIgnored`` warning (for Python callers)."""
    reason = seeds_ignored(worlds, seeds)
    if reason is not None:
        warnings.warn(reason, SeedsIgnored, stacklevel=stacklevel)
