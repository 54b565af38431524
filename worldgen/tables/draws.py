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
    """One chance stream per env, seeded at a reset (``seed``: for the world its first episode
    plays) and running on through its later episodes, whichever world they play, as a Suite-v0
    env's stream does (runtime/picks.py)."""

    def __init__(self, envs: int, depth: int):
        self._size = max(BLOCK, 2 * depth) if depth else 0  # a step reads up to ``depth`` draws ahead
        self._block = np.zeros((envs, self._size))
        self._next = np.full(envs, self._size, dtype=np.int64)  # size: the block is used up
        self._streams: list[np.random.Generator | None] = [None] * envs
        self._seeds: list[tuple[World | None, int | None]] = [(None, None)] * envs

    def seed(self, envs: Sequence[int], worlds: Sequence[World], seeds: Sequence[int | None]) -> None:
        """Start the streams of ``envs`` afresh, as ``chance_stream(world, seed)`` of ``worlds`` and
        ``seeds`` (each made when first drawn from)."""
        for i, world, seed in zip(envs, worlds, seeds):
            self._seeds[i] = (world, seed)
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

    def one(self, i: int) -> float:
        """Env ``i``'s next draw, used up (a terminal world's env, stepped by a TableEnv, draws so)."""
        if self._next[i] >= self._size:
            self._refill(i)
        at = int(self._next[i])
        self._next[i] = at + 1
        return float(self._block[i, at])

    def _refill(self, i: int) -> None:
        """The draws env ``i`` has not used, then its stream's next ones, from the block's start."""
        stream = self._streams[i]
        if stream is None:
            world, seed = self._seeds[i]
            assert world is not None, "an env draws chance only in an episode begun"
            stream = self._streams[i] = chance_stream(world, seed)
        size = self._size
        left = size - int(self._next[i])
        self._block[i, :left] = self._block[i, size - left:]
        self._block[i, left:] = stream.random(size - left)
        self._next[i] = 0
