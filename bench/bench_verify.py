"""Benchmark the model checker and the suite compiler on the example scaffolds.

    .venv/bin/python bench/bench_verify.py [--worlds 200] [--suite 1000]

Prints, per example scaffold (its example record, default param ranges, axes drawn per seed):
  * model checker: reachable states explored per second (exploration alone, and the full
    verify_world with every check, returns and replays);
  * worlds compiled + verified per second on one core (instantiate, verify, re-draws, artifact JSON);
  * the speed-up of --jobs 2 over --jobs 1 on a whole suite written to disk.
Targets (issue 4): >= 200,000 states/s on vault; >= 100 worlds/s per core; jobs 2 >= 1.7x jobs 1.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import worldgen
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.suite import Spec, compile_seed, compile_suite
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds, verify_world
from worldgen.verify.statespace import explore

ROOT = Path(__file__).resolve().parents[1]


def spec(name: str) -> Spec:
    record = json.loads((ROOT / "content_packs" / name / "example.json").read_text("utf-8"))
    return Spec(worldgen.load(ROOT / "scaffolds" / f"{name}.wg").ir, (("example", record),), {}, Bounds(), 5)


def checker(s: Spec, n: int) -> tuple[float, float, float]:
    """(mean states per world, states/s exploring, states/s in verify_world)."""
    worlds = [worldgen.Scaffold(s.scaffold).instantiate(s.records[0][1], seed=i) for i in range(n)]
    loaded = [load_rules(w) for w in worlds]
    t = time.perf_counter()
    states = sum(len(explore(rules, initial, s.bounds).states) for rules, initial in loaded)
    explore_s = time.perf_counter() - t
    t = time.perf_counter()
    for w in worlds:
        verify_world(w, s.bounds)
    verify_s = time.perf_counter() - t
    return states / n, states / explore_s, states / verify_s


def worlds_per_second(s: Spec, n: int) -> tuple[float, float]:
    """(seeds/s, draws/s) on one core: each seed yields an artifact or a rejection."""
    t = time.perf_counter()
    draws = 0
    for seed in range(n):
        r = compile_seed(s, seed)
        draws += r.line["attempt"] + 1 if r.artifact is not None else len(r.line["draws"])
    elapsed = time.perf_counter() - t
    return n / elapsed, draws / elapsed


def suite_seconds(s: Spec, n: int, jobs: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        compile_suite(s, range(n), Path(tmp), LocalExecutor(jobs))
        return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worlds", type=int, default=200, help="worlds per in-process measurement")
    ap.add_argument("--suite", type=int, default=1000, help="seeds per --jobs measurement (the pool starts in ~0.5 s; a large suite amortises it)")
    ap.add_argument("--scaffolds", nargs="*", default=["vault", "services", "ledger"])
    args = ap.parse_args()
    print(f"{'scaffold':<10} {'states/world':>12} {'explore st/s':>13} {'verify st/s':>12} "
          f"{'worlds/s/core':>14} {'draws/s':>8} {'jobs1 s':>8} {'jobs2 s':>8} {'speed-up':>9}")
    for name in args.scaffolds:
        s = spec(name)
        mean, explore_rate, verify_rate = checker(s, args.worlds)
        seeds_rate, draws_rate = worlds_per_second(s, args.worlds)
        one, two = suite_seconds(s, args.suite, 1), suite_seconds(s, args.suite, 2)
        print(f"{name:<10} {mean:>12.1f} {explore_rate:>13,.0f} {verify_rate:>12,.0f} "
              f"{seeds_rate:>14.1f} {draws_rate:>8.1f} {one:>8.2f} {two:>8.2f} {one / two:>8.2f}x", flush=True)


if __name__ == "__main__":
    main()
