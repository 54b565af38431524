"""The gate's band test: a Wilson interval around the solver's success, the verdict against the
band (or its overlap), and a band that is not a range of success rates refused."""

from __future__ import annotations

import pytest

from worldgen.errors import WorldgenError
from worldgen.flywheel.band import SolverTest, in_band, measured, verdict
from worldgen.flywheel.mutate import Band
from worldgen.report.stats import wilson


def episodes(wins: int, of: int) -> list[dict[str, bool]]:
    return [{"success": k < wins} for k in range(of)]


def test_the_wilson_interval_holds_the_rate_and_narrows_with_more_episodes() -> None:
    for wins, of in [(0, 10), (3, 10), (10, 10), (1, 2)]:
        lo, hi = wilson(wins, of)
        assert 0.0 <= lo <= wins / of <= hi <= 1.0
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] > 0.2  # no wins in 10 is not "certainly never"
    assert wilson(10, 10)[1] == 1.0 and wilson(10, 10)[0] < 0.8
    small, large = wilson(6, 10), wilson(600, 1000)
    assert large[1] - large[0] < (small[1] - small[0]) / 5
    assert wilson(0, 0) is None  # nothing played: nothing known


def test_the_measured_success_carries_its_episodes_and_interval() -> None:
    m = measured(episodes(13, 20))
    assert m == {"success": 0.65, "episodes": 20, "interval": list(wilson(13, 20))}


def test_a_success_inside_the_band_passes_and_outside_it_fails_with_the_numbers() -> None:
    band, test = Band(0.2, 0.8), SolverTest("noisy-oracle:0.3")
    assert verdict(measured(episodes(10, 20)), band, test) == ""
    reason = verdict(measured(episodes(19, 20)), band, test)
    assert reason.startswith("band: the solver noisy-oracle:0.3 wins 95% of 20 episodes (95 % interval 76%..99%)")
    assert reason.endswith("outside the band 20%..80%")
    assert in_band(measured(episodes(4, 20)), band) and not in_band(measured(episodes(3, 20)), band)


def test_with_overlap_an_interval_that_reaches_into_the_band_passes() -> None:
    band, overlap = Band(0.2, 0.8), SolverTest("noisy-oracle:0.3", overlap=True)
    near = measured(episodes(17, 20))  # 85 %: outside, but its interval reaches below 80 %
    assert verdict(near, band, SolverTest("noisy-oracle:0.3")) and verdict(near, band, overlap) == ""
    far = measured(episodes(200, 200))
    assert "its interval does not overlap the band" in verdict(far, band, overlap)


@pytest.mark.parametrize(("lo", "hi"), [(-0.1, 0.5), (0.2, 1.5), (0.8, 0.2), (0.5, 0.5)])
def test_a_band_outside_0_to_1_is_refused(lo: float, hi: float) -> None:
    with pytest.raises(WorldgenError, match="not a range of success rates; expected 0 <= LO < HI <= 1"):
        Band(lo, hi)
