"""Each env's chance stream, drawn ahead in blocks so a batch reads its envs' next draws with one
gather.

Env makes one ``random()`` per chance it meets from a generator seeded per episode
(``runtime.env.chance_stream``); numpy's ``Generator.random(n)`` yields the same numbers as
``n`` calls of ``random()``, so reading a block in order is reading that stream. A generator is
made only when its env first meets a chance (seeding one costs more than many steps).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from worldgen.ir.world import World
from worldgen.runtime.env import chance_stream

BLOCK = 256  # draws read ahead per env


class Draws:
    """One chance stream per env, each first seeded with its world's own seed (as an Env reset
    without a seed is); ``seed`` starts some afresh, as Env.begin does for a seed."""

    def __init__(self, worlds: Sequence[World]):
        self._block = np.zeros((len(worlds), BLOCK))
        self._next = np.full(len(worlds), BLOCK, dtype=np.int64)  # BLOCK: the block is used up
        self._streams: list[np.random.Generator | None] = [None] * len(worlds)
        self._seeds: list[tuple[World, int | None]] = [(world, None) for world in worlds]

    def seed(self, envs: Sequence[int], seeds: Sequence[int]) -> None:
        """Start the streams of ``envs`` afresh from ``seeds`` (made when first drawn from)."""
        for i, seed in zip(envs, seeds):
            self._seeds[i] = (self._seeds[i][0], seed)
            self._streams[i] = None
            self._next[i] = BLOCK

    def take(self, envs: np.ndarray) -> np.ndarray:
        """The next draw of each of ``envs`` (distinct env indices)."""
        at = self._next.take(envs)
        if at.max() >= BLOCK:
            for i in envs[at >= BLOCK].tolist():
                stream = self._streams[i]
                if stream is None:
                    stream = self._streams[i] = chance_stream(*self._seeds[i])
                self._block[i] = stream.random(BLOCK)
                self._next[i] = 0
            at = self._next.take(envs)
        self._next[envs] = at + 1
        return self._block.ravel().take(envs * BLOCK + at)
