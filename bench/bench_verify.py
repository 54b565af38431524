"""Benchmark the model checker and the suite compiler on the example scaffolds.

    .venv/bin/python bench/bench_verify.py [--worlds 200] [--suite 1000]

Prints, per example scaffold (its example record, default param ranges, axes drawn per seed):
  * model checker: reachable states explored per second (exploration alone, and the full
    verify_world with every check, returns and replays);
  * worlds compiled + verified per second on one core (instantiate, verify, re-draws, artifact JSON);
  * `worldgen compile --jobs 1` and `--jobs 2` of a whole suite, then `worldgen verify` of it, each
    a fresh command (its start-up and the workers' start-up included, as a user meets them):
    wall-clock seconds and the speed-up of --jobs 2; CPU seconds of compile --jobs 1 and of verify
    (the command's own process: exact without workers), and their ratio;
  * the machine's own ceiling for --jobs 2, right after each scaffold's commands: two CPU-bound
    processes at once vs one after the other (a VM's two vCPUs may be one core's hyperthreads,
    and other jobs take turns);
  * the start-up both compiles pay before their first world (`compile --jobs 1` of one seed, less
    that seed's share of the suite), and the speed-up of --jobs 2 on what is left (the suite's
    worlds): how far the pool scales, apart from the serial start-up that bounds the whole command.
Targets (issue 4): >= 200,000 states/s on vault; >= 100 worlds/s per core; jobs 2 >= 1.7x jobs 1
(issue 25: >= 1.8x on a 200-world suite, verify no slower than compile).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import worldgen
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds, verify_world
from worldgen.verify.statespace import explore

ROOT = Path(__file__).resolve().parents[1]


def spec(name: str) -> Spec:
    record = json.loads((ROOT / "content_packs" / name / "example.json").read_text("utf-8"))
    return Spec(worldgen.load(ROOT / "scaffolds" / f"{name}.wg").ir, (("example", record),), {}, Bounds(), 5)


def checker(s: Spec, n: int) -> tuple[float, float, float]:
    """(mean states per world, states/s exploring, states/s in verify_world) of the first ``n``
    seeds that build (a seed whose draws break a `require` is skipped, as compile re-draws it)."""
    scaffold, worlds = worldgen.Scaffold(s.scaffold), []
    for seed in range(10 * n):
        if len(worlds) == n:
            break
        try:
            worlds.append(scaffold.instantiate(s.records[0][1], seed=seed))
        except worldgen.InstantiationError:
            continue
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


def command(*argv: str) -> tuple[float, float]:
    """(wall-clock s, CPU s of its own process) of one `worldgen` command in a fresh interpreter."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "worldgen.cli.main", *argv], check=True, capture_output=True, cwd=ROOT,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    wall, after = time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


BURN = "x = 0\nfor i in range(4_000_000):\n    x += i * i\n"


def ceiling(rounds: int) -> float:
    """How much faster two CPU-bound Python processes finish than one after the other on this
    machine (2.0 on two free cores; less on hyperthreads of one core, or beside other jobs): the
    most ``--jobs 2`` can give, measured like the suite commands (best of ``rounds``)."""
    def burn(copies: int) -> float:
        t = time.perf_counter()
        for p in [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(copies)]:
            p.wait()
        return time.perf_counter() - t
    one = min(burn(1) for _ in range(rounds))
    two = min(burn(2) for _ in range(rounds))
    return 2 * one / two


def suite_commands(name: str, n: int, rounds: int) -> tuple[float, float, float, float, float]:
    """(compile --jobs 1 wall s, --jobs 2 wall s, compile --jobs 1 CPU s, verify CPU s, start-up
    wall s) of seeds 0..n-1, each the best of ``rounds`` runs, the compiles interleaved (this
    machine's speed swings by a quarter from one second to the next, so one run of each can say
    1.1x or 2x). The start-up is a one-seed compile's wall time less 1/n of the suite's."""
    wg = str(ROOT / "scaffolds" / f"{name}.wg")
    best = [float("inf")] * 5
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            one, cpu = command("compile", wg, "--seeds", str(n), "-o", f"{tmp}/j1-{r}", "--jobs", "1")
            two, _ = command("compile", wg, "--seeds", str(n), "-o", f"{tmp}/j2-{r}", "--jobs", "2")
            single, _ = command("compile", wg, "--seeds", "1", "-o", f"{tmp}/s-{r}", "--jobs", "1")
            _, verify = command("verify", f"{tmp}/j1-{r}")
            best = [min(b, x) for b, x in zip(best, (one, two, cpu, verify, single))]
    return best[0], best[1], best[2], best[3], best[4] - best[0] / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worlds", type=int, default=200, help="worlds per in-process measurement")
    ap.add_argument("--suite", type=int, default=200, help="seeds per suite command (the workers start in ~1 s; a large suite amortises it)")
    ap.add_argument("--scaffolds", nargs="*", default=["vault", "services", "ledger"])
    ap.add_argument("--rounds", type=int, default=3, help="interleaved runs of each suite command, best taken (default 3)")
    args = ap.parse_args()
    print(f"{'scaffold':<10} {'states/world':>12} {'explore st/s':>13} {'verify st/s':>12} {'worlds/s/core':>14} "
          f"{'draws/s':>8} {'jobs1 s':>8} {'jobs2 s':>8} {'speed-up':>9} {'start s':>8} {'worlds x':>9} "
          f"{'compile cpu':>12} {'verify cpu':>11} {'ratio':>6} {'ceiling':>8}")
    for name in args.scaffolds:
        s = spec(name)
        mean, explore_rate, verify_rate = checker(s, args.worlds)
        seeds_rate, draws_rate = worlds_per_second(s, args.worlds)
        one, two, compile_cpu, verify_cpu, start = suite_commands(name, args.suite, args.rounds)
        most = ceiling(args.rounds)  # right after the commands: the machine as they met it
        print(f"{name:<10} {mean:>12.1f} {explore_rate:>13,.0f} {verify_rate:>12,.0f} {seeds_rate:>14.1f} {draws_rate:>8.1f} "
              f"{one:>8.2f} {two:>8.2f} {one / two:>8.2f}x {start:>8.2f} {(one - start) / (two - start):>8.2f}x "
              f"{compile_cpu:>11.2f}s {verify_cpu:>10.2f}s {verify_cpu / compile_cpu:>6.2f} {most:>7.2f}x", flush=True)


if __name__ == "__main__":
    main()
