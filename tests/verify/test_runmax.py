"""The maxima of an array's runs (verify/runmax.py): the values ``np.maximum.reduceat`` gives, by
columns where the runs are short and many, by ``reduceat`` elsewhere."""

from __future__ import annotations

import numpy as np
import pytest

from worldgen.verify.runmax import MAX_WIDTH, MIN_RUNS, RunMax


def runs(lengths: list[int] | np.ndarray) -> tuple[np.ndarray, int]:
    starts = np.concatenate([[0], np.cumsum(lengths)])[:-1]
    return starts, int(np.sum(lengths))


@pytest.mark.parametrize("seed", range(20))
def test_each_run_s_maximum_is_the_one_reduceat_finds(seed: int) -> None:
    rng = np.random.default_rng(seed)
    starts, size = runs(rng.integers(1, int(rng.integers(2, MAX_WIDTH + 1)) + 1, int(rng.integers(1, 3 * MIN_RUNS))))
    x = rng.normal(size=size) * rng.choice([1.0, 1e-9, 1e9], size=size)
    x[rng.random(size) < 0.1] = -np.inf  # a move that loses everything
    got = RunMax(starts, size)
    assert np.array_equal(got.max(x), np.maximum.reduceat(x, starts))
    assert np.array_equal(got.max(-x), np.maximum.reduceat(-x, starts))  # the same layout serves every call


def test_columns_only_where_they_pay() -> None:
    grid = runs([4, 3, 2, 4] * MIN_RUNS)  # a grid world's moves
    assert RunMax(*grid).columns is not None and RunMax(*grid).columns.shape == (3, 4 * MIN_RUNS)
    assert RunMax(*runs([4] * (MIN_RUNS - 1))).columns is None  # few runs: one reduceat is cheaper
    assert RunMax(*runs([MAX_WIDTH + 1] * MIN_RUNS)).columns is None  # long runs: a call per column
    assert RunMax(*runs([1] * MIN_RUNS + [MAX_WIDTH] * 10)).columns is None  # mostly padding
