"""Which world of a suite an episode plays, and where its chance comes from: one rule for the
suite's Gymnasium env (``worldgen/Suite-v0``) and its batched vector env, so env ``i`` of a vector
env plays exactly the episodes a ``Suite-v0`` env reset with seed ``s + i`` plays.

A seeded reset (or an env's first reset, from fresh entropy) draws the env's key, the first draw
of its generator (Gymnasium's ``np_random``). Episode ``k`` since then plays world
``mix(key, k) mod worlds``: ``mix`` is SplitMix64's finaliser, a counter-based hash, so a batch
works out the next world of every env whose episode ended in one numpy expression. The env's
chance is one stream, seeded at that reset for the world its first episode plays (with the seed
itself, so ``reset(seed=s)`` of a one-world suite replays ``Env.reset(seed=s)``; with
``chance_seed(key)`` when the reset had none), running on through every later episode, whichever
world it plays.
"""

from __future__ import annotations

import numpy as np

KEY_BOUND = 2**63  # keys, and chance seeds, lie in [0, KEY_BOUND)
_GOLDEN, _M1, _M2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_CHANCE = np.uint64(2**64 - 1)  # the counter whose hash seeds an unseeded key's chance (no episode has it)


def key_of(rng: np.random.Generator) -> int:
    """An env's key: the first draw of its generator after a seeded (or first) reset."""
    return int(rng.integers(KEY_BOUND))


def mix(keys: np.ndarray, counters: np.ndarray) -> np.ndarray:
    """SplitMix64 of ``key + (counter + 1) * golden``, element by element (uint64, wrapping)."""
    with np.errstate(over="ignore"):
        z = keys.astype(np.uint64) + (counters.astype(np.uint64) + np.uint64(1)) * _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        return z ^ (z >> np.uint64(31))


def worlds_of(keys: np.ndarray, counters: np.ndarray, worlds: int) -> np.ndarray:
    """The world (index) episode ``counters[i]`` of the env with key ``keys[i]`` plays."""
    return (mix(keys, counters) % np.uint64(worlds)).astype(np.int64)


def world_of(key: int, counter: int, worlds: int) -> int:
    """``worlds_of`` for one env."""
    return int(worlds_of(np.array([key], dtype=np.uint64), np.array([counter], dtype=np.uint64), worlds)[0])


def chance_seed(key: int) -> int:
    """The chance seed of a key drawn by a reset without a seed."""
    return int(mix(np.array([key], dtype=np.uint64), np.array([_CHANCE]))[0] >> np.uint64(1))
