"""World seeds as Python callers give them: a ``range`` or a list of consecutive ints. A suite's
seeds are one run A..B-1 (its summary and its resume fingerprint record ``A:B``), so a list with
gaps is refused rather than silently widened."""

from __future__ import annotations

from collections.abc import Sequence

from worldgen.errors import UsageError


def as_seed_range(seeds: range | Sequence[int]) -> range:
    """``range(0, 8)`` or ``[0, 1, 2]`` -> the range A..B-1; empty, negative, stepped or gapped seeds are
    a UsageError saying what is accepted."""
    values = list(seeds)
    if not values or any(isinstance(s, bool) or not isinstance(s, int) for s in values):
        raise UsageError(f"worldgen: error: seeds must be a non-empty range or list of whole numbers, not {seeds!r}")
    as_range = range(values[0], values[-1] + 1)
    if values[0] < 0 or values != list(as_range):
        raise UsageError(f"worldgen: error: seeds must be consecutive whole numbers from 0 up (e.g. range(0, 20)), "
                         f"not {seeds!r}")
    return as_range
