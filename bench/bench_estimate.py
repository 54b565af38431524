"""`check`'s state estimate against the real reachable states, on every shipped scaffold.

Run by hand:  .venv/bin/python bench/bench_estimate.py [--seeds N] [--first S] [NAME ...]

Per scaffold: the product of the domains (the estimate before issue 24), the estimate `check`
prints now (the largest of the draws it explores, seeds 0..7), and the real reachable states: the
most over N other seeds (S, S+1, ...) at the same params, each world explored as `compile`'s model
checker explores it (the same bound). The ratio is max(estimate, real) / min(estimate, real), so
1.0 is exact and the target is <= 10 on every scaffold; max and median printed. Times are CPU
seconds of this process (the machine is shared): parse+check alone, and the estimate.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import worldgen
from worldgen.compiler.bounds import scaffold_bounds
from worldgen.compiler.estimate import approx, estimate
from worldgen.compiler.sampling import build_draw, content_record
from worldgen.runtime.loader import load_rules
from worldgen.verify.statespace import explore

ROOT = Path(__file__).resolve().parent.parent


def real_states(ir, params: dict, seeds: range) -> tuple[int, int]:
    """The most reachable states over the worlds of ``seeds`` (re-drawn like `compile` when they
    break a `require`), and how many of the seeds built a world."""
    record, bounds = content_record(ir), scaffold_bounds(ir)
    most, built = 0, 0
    for seed in seeds:
        world = build_draw(ir, record, seed, params)
        if isinstance(world, str):
            continue
        rules, initial = load_rules(world)
        most, built = max(most, len(explore(rules, initial, bounds).keys)), built + 1
    return most, built


def ratio(a: int, b: int) -> float:
    return max(a, b) / max(min(a, b), 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="scaffold names (default: every scaffolds/*.wg)")
    ap.add_argument("--seeds", type=int, default=10, help="seeds per scaffold for the real count (default 10)")
    ap.add_argument("--first", type=int, default=100, help="the first of them (default 100: not check's seeds)")
    args = ap.parse_args()
    paths = [ROOT / "scaffolds" / f"{n}.wg" for n in args.names] or sorted((ROOT / "scaffolds").glob("*.wg"))
    print(f"{'scaffold':18} {'domains':>9} {'estimate':>9} {'draws':>5} {'real':>7} {'built':>5} "
          f"{'before':>9} {'after':>6} {'check s':>8} {'est. s':>7}")
    before, after = [], []
    for path in paths:
        t0 = time.process_time()
        ir = worldgen.load(str(path)).ir
        t1 = time.process_time()
        e = estimate(ir)
        t2 = time.process_time()
        real, built = real_states(ir, e.params, range(args.first, args.first + args.seeds))
        shown = e.reachable if e.reachable is not None else e.states
        draws = len(e.explored.draws) if e.reachable is not None else 0  # type: ignore[union-attr]
        was = ratio(e.states, real) if e.states is not None and real else float("nan")
        now = ratio(shown, real) if shown is not None and real else float("nan")
        before.append(was)
        after.append(now)
        domains = approx(e.states) if e.states is not None else "unknown"
        print(f"{path.stem:18} {domains:>9} {approx(shown) if shown else '-':>9} {draws:>5} {real:>7} {built:>5} "
              f"{was:>9.3g} {now:>6.2f} {t1 - t0:>8.3f} {t2 - t1:>7.3f}", flush=True)
    for name, rs in (("before (domains)", before), ("after (estimate)", after)):
        print(f"{name}: ratio max {max(rs):.3g}, median {statistics.median(rs):.3g}; "
              f"within 10x on {sum(r <= 10 for r in rs)}/{len(rs)} scaffolds")


if __name__ == "__main__":
    main()
