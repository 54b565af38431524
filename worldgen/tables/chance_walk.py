"""One env's chance edges walked with the draws ``Env`` makes, read from its stream in blocks.

Env decides each ``chance(p)`` with one ``random()`` of a generator seeded per episode
(``runtime.env.chance_stream``); numpy's ``Generator.random(n)`` yields the same numbers as ``n``
calls of ``random()``, so reading a block in order is reading that stream, at one numpy call per
block rather than one per chance. A reset without a seed runs on with the block's rest, as Env's
stream runs on; the generator is made at the first chance met (seeding costs more than a step).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from worldgen.ir.world import World
from worldgen.runtime.env import chance_stream

BLOCK = 64  # draws taken from the stream at once


class ChanceWalk:
    """The chance trees of one world's tables (nodes ``p``/``yes``/``no``, a child < 0 a leaf)
    and one episode stream's unused draws."""

    def __init__(self, world: World, p: list[float], yes: list[int], no: list[int]):
        self._world, self._p, self._yes, self._no = world, p, yes, no
        self._seeded = False  # whether an episode has chosen the stream yet
        self._seed: int | None = None
        self._rng: np.random.Generator | None = None
        self._draws: list[float] = []  # _draws[_drawn:] are the stream's next draws
        self._drawn = 0
        self._source: Callable[[], float] | None = None  # a stream shared with others, read a draw at a time

    def draw_from(self, source: Callable[[], float]) -> None:
        """Take every draw from ``source`` (a batch env's stream, which its episodes in other
        worlds read too), one at a time so none is left unread when the episode ends."""
        self._source = source

    def begin(self, seed: int | None) -> None:
        """An episode starts: a seed (or the first episode) starts the stream afresh, as Env.begin."""
        if seed is not None or not self._seeded:
            self._seeded, self._seed, self._rng, self._draws, self._drawn = True, seed, None, [], 0

    def leaf(self, node: int) -> int:
        """The leaf (< 0) the tree reaches from ``node``: one draw per chance met, as Env's pick."""
        p, yes, no, draws, i = self._p, self._yes, self._no, self._draws, self._drawn
        if self._source is not None:
            while node >= 0:
                node = yes[node] if self._source() < p[node] else no[node]
            return node
        while node >= 0:
            if i == len(draws):
                if self._rng is None:
                    self._rng = chance_stream(self._world, self._seed)
                draws, i = self._rng.random(BLOCK).tolist(), 0
                self._draws = draws
            node = yes[node] if draws[i] < p[node] else no[node]
            i += 1
        self._drawn = i
        return node
