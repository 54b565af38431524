"""World seeds as Python callers give them, read by the one seeds parser (``worldgen.seed_ranges``):
a count ``N``, ``"A:B"``, a ``range`` or a list of consecutive ints. A suite's seeds are one run
A..B-1 (its summary and its resume fingerprint record ``A:B``), so a list with gaps is refused
rather than silently widened."""

from __future__ import annotations

from worldgen.errors import UsageError
from worldgen.seed_ranges import SeedsLike, seed_range


def as_seed_range(seeds: SeedsLike) -> range:
    """``8``, ``"0:8"``, ``range(0, 8)`` or ``[0, 1, ..., 7]`` -> the range A..B-1; empty, negative,
    stepped or gapped seeds are a UsageError saying what is accepted."""
    try:
        return seed_range(seeds)
    except ValueError as err:
        raise UsageError(f"worldgen: error: seeds must be one run A..B-1 (a count N, 'A:B', a range or a list of "
                         f"consecutive seeds): {err}") from None
