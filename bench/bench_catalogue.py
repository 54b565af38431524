"""The catalogue's figures: per scaffold, seeds 0..99 compiled with its example record.

Run by hand:  .venv/bin/python bench/bench_catalogue.py [--seeds 100] [--markdown]

Prints, per scaffold: family, lines, axes, the share of seeds accepted (target >= 95 %), whether
the oracle solved every accepted world (its walkthrough is replayed by the checks), states per
world (min-median-max of the explored graph) and compile time. --markdown prints the table
scaffolds/README.md carries.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import worldgen
from worldgen.catalogue import Entry, example_record, read_catalogue
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.verify.report import Bounds

ROOT = Path(__file__).resolve().parent.parent


def measure(entry: Entry, seeds: int) -> dict:
    spec = Spec(worldgen.load(entry.path).ir, (("example", example_record(entry)),), {}, Bounds(), 5)
    start = time.perf_counter()
    results = [compile_seed(spec, seed) for seed in range(seeds)]
    elapsed = time.perf_counter() - start
    accepted = [r for r in results if r.artifact is not None]
    states = sorted(int(r.line["reachable_states"]) for r in accepted) or [0]
    solved = all(r.line.get("solution_length") is not None for r in accepted)
    return {"accepted": len(accepted), "states": states, "solved": solved, "seconds": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("names", nargs="*", help="only these scaffolds")
    args = parser.parse_args()
    entries = [e for e in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs") if not args.names or e.name in args.names]
    if args.markdown:
        print("| scaffold | family | what it teaches | lines | axes | states per world |")
        print("|---|---|---|---|---|---|")
    else:
        print(f"{'scaffold':18s} {'family':22s} {'lines':>5s} {'axes':>4s} {'accepted':>9s} {'oracle':>6s} {'states min/med/max':>22s} {'s':>6s}")
    for e in entries:
        m = measure(e, args.seeds)
        s = m["states"]
        spread = f"{s[0]:,}–{statistics.median_low(s):,}–{s[-1]:,}"
        if args.markdown:
            print(f"| [{e.name}]({e.name}.wg) | {e.family} | {e.teaches} | {e.lines} | {', '.join(e.axes)} | {spread} |")
        else:
            print(f"{e.name:18s} {e.family[:22]:22s} {e.lines:5d} {len(e.axes):4d} {100 * m['accepted'] / args.seeds:8.0f}% "
                  f"{'all' if m['solved'] else 'NOT':>6s} {spread:>22s} {m['seconds']:6.1f}")


if __name__ == "__main__":
    main()
