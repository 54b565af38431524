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

BLOCK = 256  # draws read ahead per env (more if one step can meet more chances)


class Draws:
    """One chance stream per env, each first seeded with its world's own seed (as an Env reset
    without a seed is); ``seed`` starts some afresh, as Env.begin does for a seed."""

    def __init__(self, worlds: Sequence[World], depth: int):
        self._size = max(BLOCK, 2 * depth) if depth else 0  # a step reads up to ``depth`` draws ahead
        self._block = np.zeros((len(worlds), self._size))
        self._next = np.full(len(worlds), self._size, dtype=np.int64)  # size: the block is used up
        self._streams: list[np.random.Generator | None] = [None] * len(worlds)
        self._seeds: list[tuple[World, int | None]] = [(world, None) for world in worlds]

    def seed(self, envs: Sequence[int], seeds: Sequence[int]) -> None:
        """Start the streams of ``envs`` afresh from ``seeds`` (made when first drawn from)."""
        for i, seed in zip(envs, seeds):
            self._seeds[i] = (self._seeds[i][0], seed)
            self._streams[i] = None
            self._next[i] = self._size

    def ahead(self, envs: np.ndarray, count: int) -> np.ndarray:
        """The next ``count`` draws of each of ``envs`` (distinct env indices), [envs x count],
        not used up until ``use``."""
        size = self._size
        at = self._next.take(envs)
        if at.max() > size - count:
            for i in envs[at > size - count].tolist():
                self._refill(i)
            at = self._next.take(envs)
        return self._block.ravel().take((envs * size + at)[:, None] + np.arange(count))

    def use(self, envs: np.ndarray, used: np.ndarray) -> None:
        """Each of ``envs`` used its first ``used`` draws ahead."""
        self._next[envs] += used

    def _refill(self, i: int) -> None:
        """The draws env ``i`` has not used, then its stream's next ones, from the block's start."""
        stream = self._streams[i]
        if stream is None:
            stream = self._streams[i] = chance_stream(*self._seeds[i])
        size = self._size
        left = size - int(self._next[i])
        self._block[i, :left] = self._block[i, size - left:]
        self._block[i, left:] = stream.random(size - left)
        self._next[i] = 0
