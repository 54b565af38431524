"""Hidden state `from draws` (issue #24, item 3): the fair check of a memory game before and after.

Run by hand:  .venv/bin/python bench/bench_draw_candidates.py [--pairs 3 4]

For each number of pairs, bench/scaffolds/pairs.wg (seed 0) twice: as written (`hidden face from
draws`: the candidates are the shuffle's deals) and with plain `hidden face` (every map from cards
to pictures the invariant allows, as before). Prints the candidates found by re-drawing, the draws
made and their seconds; then for both versions the fair check's verdict (its detail), the fair
oracle's worst-case steps and the seconds `verify` took.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import worldgen
from worldgen.ir.world import World
from worldgen.verify.draw_candidates import drawn_values
from worldgen.verify.run import verify_world

ROOT = Path(__file__).resolve().parent.parent
SOURCE = (ROOT / "bench" / "scaffolds" / "pairs.wg").read_text("utf-8")


def world(pairs: int, drawn: bool) -> World:
    source = SOURCE if drawn else SOURCE.replace("hidden face from draws", "hidden face")
    return worldgen.loads(source, "pairs.wg").instantiate({}, seed=0, params={"pairs": pairs})


def fair_verdict(w: World) -> str:
    start = time.perf_counter()
    report = verify_world(w)
    seconds = time.perf_counter() - start
    check = next(c for c in report.checks if c.name.endswith("observing"))
    worst = report.fair_oracle.worst_case_steps if report.fair_oracle is not None else "-"
    return f"{check.status}: {check.detail}; fair oracle worst case {worst} steps; verify {seconds:.1f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, nargs="+", default=[3, 4])
    args = ap.parse_args()
    for pairs in args.pairs:
        start = time.perf_counter()
        found = drawn_values(world(pairs, True), ("face",), 4096)
        print(f"{pairs} pairs: {len(found.values)} candidates in {found.draws} draws, {time.perf_counter() - start:.1f} s")
        print(f"  before (hidden face):            {fair_verdict(world(pairs, False))}")
        print(f"  after  (hidden face from draws): {fair_verdict(world(pairs, True))}")


if __name__ == "__main__":
    main()
