"""Seeded random streams for content: numpy ``SeedSequence`` keyed by (seed, purpose, index).

Never Python's ``hash()`` or ``random``: the same (seed, purpose, index) gives the same stream in
every process and on every machine. Draws are served from a buffer of raw 64-bit outputs of the
PCG64 bit generator, filled in one numpy call, because a numpy call per draw (or building a full
``Generator``) would dominate the procedural provider's time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np

from worldgen.seeding import purpose_key

T = TypeVar("T")
_BUFFER = 128


class Stream:
    """Uniform draws from one (seed, purpose, index) stream."""

    def __init__(self, seed: int, purpose: str, index: int = 0):
        sequence = np.random.SeedSequence(entropy=seed, spawn_key=(purpose_key(purpose), index))
        self._bits = np.random.PCG64(sequence)
        self._buffer: list[int] = []

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (multiply-shift; bias below n / 2**64)."""
        if not self._buffer:
            self._buffer = self._bits.random_raw(_BUFFER).tolist()
        return (self._buffer.pop() * n) >> 64

    def between(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def chance(self, numerator: int, denominator: int) -> bool:
        return self.below(denominator) < numerator
