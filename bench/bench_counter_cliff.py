"""The counter cliff (issue 24 item 4): a guessing game verified with and without a turn counter.

Run by hand:  .venv/bin/python bench/bench_counter_cliff.py [--seeds N]

bench/scaffolds/language3/guess_plain.wg is a guess-the-number game over 1..40 with no counter;
guess_counted.wg is the same game plus a turn counter the agent is shown and a loss when the turns
run out. The counter multiplies the beliefs the fair search must explore (the same hidden part
under each counter value). Each world is verified twice in this one run: as shipped (a belief
whose hidden part was split before is split by shifting that split, worldgen/verify/shifts.py)
and with shifting turned off (every belief split state by state, as before shifts; the other
speed-ups of the same change, a cache of factored children and a leaner fixpoint, stay on).
Printed per game and form: CPU seconds to verify (median over seeds), reachable states, beliefs,
and the counted/plain ratio per form; the verdicts and reports of both forms must be equal.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import worldgen
from worldgen.verify import shifts, verify_world

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "bench" / "scaffolds" / "language3"


def verify(path: Path, seed: int, shifting: bool) -> tuple[float, str, int, int]:
    """(CPU seconds, report JSON, reachable states, beliefs) of one world."""
    world = worldgen.load(path).instantiate({}, seed=seed)
    derive = shifts.Shifts.derive
    if not shifting:
        shifts.Shifts.derive = lambda self, belief: None  # type: ignore[method-assign]
    try:
        start = time.process_time()
        report = verify_world(world)
        seconds = time.process_time() - start
    finally:
        shifts.Shifts.derive = derive  # type: ignore[method-assign]
    assert report.ok and report.fair_oracle is not None
    return seconds, report.model_dump_json(), report.measures.reachable_states, report.fair_oracle.beliefs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3, help="worlds (seeds 0..N-1) per game (default 3)")
    args = ap.parse_args()
    print(f"fair-search verification, guess 1..40 within 6 observing, seeds 0..{args.seeds - 1}, CPU seconds (median):")
    medians: dict[tuple[str, bool], float] = {}
    reports: dict[tuple[str, bool], list[str]] = {}
    for shifting in (False, True):
        for game in ("guess_plain", "guess_counted"):
            runs = [verify(GAMES / f"{game}.wg", seed, shifting) for seed in range(args.seeds)]
            medians[(game, shifting)] = statistics.median(r[0] for r in runs)
            reports[(game, shifting)] = [r[1] for r in runs]
            label = "shifted splits" if shifting else "shifts off"
            print(f"  {game:14} {label:19} verify {medians[(game, shifting)]:6.2f} s, "
                  f"states {runs[0][2]}, beliefs {runs[0][3]}")
    for game in ("guess_plain", "guess_counted"):
        assert reports[(game, False)] == reports[(game, True)], f"{game}: shifting changed a report"
    for shifting in (False, True):
        ratio = medians[("guess_counted", shifting)] / medians[("guess_plain", shifting)]
        print(f"  counted / plain, {'shifted splits' if shifting else 'shifts off'}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
