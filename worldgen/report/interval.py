"""The Wilson score interval of a success rate: honest at 0 %, 100 % and small counts, where the
normal approximation claims certainty it does not have (2 wins of 2 is not "100 % +- 0")."""

from __future__ import annotations

import math

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """(low, high) bounds of the success probability after ``successes`` of ``trials``; (0, 1)
    when nothing was tried, since nothing is known."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return round(max(0.0, (centre - spread) / scale), 6), round(min(1.0, (centre + spread) / scale), 6)
