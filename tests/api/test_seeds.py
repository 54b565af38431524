"""Seeds from Python: a count, "A:B", a range or a list of consecutive ints, as the A..B-1 run a suite records."""

from __future__ import annotations

import pytest

from worldgen.api.seeds import as_seed_range
from worldgen.errors import UsageError


@pytest.mark.parametrize(("seeds", "expected"), [(range(3, 7), range(3, 7)), ([0, 1, 2], range(0, 3)), ((5,), range(5, 6)), (5, range(0, 5)), ("2:6", range(2, 6)), ("3", range(0, 3))])
def test_ranges_and_consecutive_lists_are_one_run(seeds: object, expected: range) -> None:
    assert as_seed_range(seeds) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("seeds", [[], [1, 3], [2, 1], range(0, 10, 2), [-2, -1], [True, False], [0.0, 1.0], 0, -3, "4:2", "x", True, None])
def test_anything_else_is_a_usage_error(seeds: object) -> None:
    with pytest.raises(UsageError, match="seeds must be"):
        as_seed_range(seeds)  # type: ignore[arg-type]
