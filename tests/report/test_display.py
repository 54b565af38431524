"""Numbers as the report writes them: integers as integers, never scientific notation."""

from __future__ import annotations

import pytest

from worldgen.report.display import num, pct


@pytest.mark.parametrize(("value", "text"), [(3, "3"), (3.0, "3"), (250_000.0, "250000"), (10**20, "100000000000000000000"),
                                             (0.7, "0.7"), (-0.8, "-0.8"), (0.333333, "0.3333"), (12345.6, "12346"),
                                             (0.000012, "0.000012"), (None, "n/a")])
def test_numbers_are_plain(value: float | None, text: str) -> None:
    assert num(value) == text


def test_rates_show_the_counts_behind_them() -> None:
    assert pct({"count": 7, "of": 8, "rate": 0.875}) == "87.5% (7/8)"
    assert pct({"count": 0, "of": 0, "rate": None}) == "n/a"
