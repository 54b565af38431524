"""The largest element of each of an array's consecutive runs (a state's commands, a command's
outcomes), column by column where the runs are short.

The backward induction (returns.py) takes every state's best command on each of up to a horizon
of steps. ``np.maximum.reduceat`` does that in one call, but walks the runs one by one; when no run
is much longer than the average (a grid world's four moves), laying the runs out as columns (every
run's first element, every run's second, ...) turns it into a few whole-array ``maximum`` calls,
about three times faster on Sokoban's graphs, with the same result (a maximum does not depend on
the order it is taken in). Sums stay with ``np.add.reduceat``: its order of addition is its own
(it differs from left to right in the last bit), and returns must not change with the layout.
"""

from __future__ import annotations

import numpy as np

MAX_WIDTH = 8  # columns are used for runs of at most this many elements (one numpy call a column),
MAX_PADDING = 2  # while runs x the longest run is at most this many times the elements,
MIN_RUNS = 256  # and for this many runs or more (below, one reduceat costs less than a few calls)


class RunMax:
    """The maxima of runs ``starts[i]:starts[i + 1]`` (the last to ``size``) of arrays of ``size`` elements;
    every run holds at least one."""

    def __init__(self, starts: np.ndarray, size: int):
        self.starts = starts
        lengths = np.diff(np.append(starts, size))
        width = int(lengths.max()) if len(lengths) else 0
        self.columns: np.ndarray | None = None
        if width <= MAX_WIDTH and len(starts) >= MIN_RUNS and len(starts) * width <= MAX_PADDING * size:
            # row j - 1: each run's j-th element where it has one, else its last again (a maximum
            # that reads an element twice is the same maximum)
            self.columns = starts + np.minimum(np.arange(1, width)[:, None], lengths - 1)

    def max(self, x: np.ndarray) -> np.ndarray:
        """Each run's largest element."""
        if self.columns is None:
            return np.maximum.reduceat(x, self.starts)
        out = x[self.starts]
        for index in self.columns:
            np.maximum(out, x[index], out=out)
        return out

