"""The band test of the gate: the solver plays a candidate's worlds, and the candidate enters the
library only if the solver's success lies in the band (the point the proposer aimed at).

A budget of episodes gives a noisy estimate, so the test reports it with a Wilson interval;
``overlap`` accepts a candidate whose interval merely overlaps the band (more candidates, less
certainty). An accepted candidate is played again with other episode seeds (``recheck``): that
independent estimate, not the one the candidate was selected on, says whether the gate hits the
band (the selected estimate is biased toward the band by the selection itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worldgen.flywheel.mutate import Band
from worldgen.report.stats import wilson

RECHECK_SEED = 1000  # episode seeds of the independent re-measure start here (the gate's start at 0)


@dataclass(frozen=True)
class SolverTest:
    """Who plays the band test, and how much."""

    policy: str
    episodes: int = 2  # per world
    overlap: bool = False  # accept when the interval overlaps the band, not only the estimate inside it
    base_url: str | None = None  # for an openai:MODEL solver


def measured(episodes: list[dict[str, Any]]) -> dict[str, Any]:
    """The solver's success over ``episodes``: rate, episodes and 95 % Wilson interval."""
    wins = sum(bool(e["success"]) for e in episodes)
    return {"success": round(wins / len(episodes), 6) if episodes else 0.0, "episodes": len(episodes),
            "interval": list(wilson(wins, len(episodes)) or (0.0, 1.0))}


def verdict(solver: dict[str, Any], band: Band, test: SolverTest) -> str:
    """Why the solver's measured success fails the band test ("" when it passes)."""
    success, (lo, hi) = solver["success"], solver["interval"]
    if band.lo <= success <= band.hi or (test.overlap and lo <= band.hi and hi >= band.lo):
        return ""
    how = "its interval does not overlap" if test.overlap else "outside"
    return (f"band: the solver {test.policy} wins {success:.0%} of {solver['episodes']} episodes "
            f"(95 % interval {lo:.0%}..{hi:.0%}), {how} the band {band.lo:.0%}..{band.hi:.0%}")


def in_band(solver: dict[str, Any], band: Band) -> bool:
    return band.lo <= solver["success"] <= band.hi
