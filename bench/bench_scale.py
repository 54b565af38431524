"""Scale of the model checker: explore throughput on the catalogue and memory per state, today's
code beside a baseline commit, in the same run on the same machine.

    .venv/bin/python bench/bench_scale.py [--baseline 7914ca3] [--states 10_000_000] [--baseline-states 1_000_000] [--cpu]

1. Throughput: for every catalogue scaffold both trees can parse, seeds 0..5 (default axes) are
   built and explored (exploration alone, bound 200,000 states) in fresh interpreters, the trees
   interleaved for --rounds rounds, best time of all runs;
   prints states/s per scaffold, the ratio, the aggregate (total states / total seconds) and the
   median of the per-scaffold ratios; --cpu times in CPU seconds of the exploring process.
2. Memory: bench/scaffolds/sweep.wg (20 x 20 floor, 15 coins, 13.1 M reachable states) explored
   up to --states states; prints peak RSS, bytes per state and states/s, for today's tree and for
   the baseline at --baseline-states (a smaller bound: the baseline needs ~700 bytes per state).
Targets (issue "Verification 2"): >= 3x explore throughput over the round's start; >= 10 M states
in < 2 GB. The baseline tree is a `git worktree` of the given commit in a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from baseline import ROOT, baseline_tree  # bench/baseline.py, beside this script

THROUGHPUT = r"""
import json, sys, time
from pathlib import Path
import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore
root = Path(sys.argv[1])
clock = time.process_time if sys.argv[2] == "cpu" else time.perf_counter
out = {}
for path in sorted((root / "scaffolds").glob("*.wg")):
    try:
        scaffold = worldgen.load(path)
    except Exception:
        continue
    record = json.loads((root / "content_packs" / path.stem / "example.json").read_text("utf-8"))
    loaded = []
    for seed in range(6):
        try:
            loaded.append(load_rules(scaffold.instantiate(record, seed=seed)))
        except Exception:
            pass
    if not loaded:
        continue
    best = float("inf")
    for _ in range(3):  # best of three (and of the rounds below): these are milliseconds on a noisy machine
        t = clock()
        states = sum(len(explore(rules, initial, Bounds(max_states=200_000)).states) for rules, initial in loaded)
        best = min(best, clock() - t)
    out[path.stem] = [states, best]
print(json.dumps(out))
"""

MEMORY = r"""
import json, resource, sys, time
import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore
world = worldgen.load(sys.argv[1]).instantiate({}, seed=0)
rules, initial = load_rules(world)
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
t = time.perf_counter()
g = explore(rules, initial, Bounds(max_states=int(sys.argv[2])))
seconds = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"states": len(g.states), "seconds": seconds, "peak": peak, "base": base}))
"""


def run(tree: Path, script: str, *args: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", script, *args], env=env, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="7914ca3", help="commit to compare with (default: the round's start)")
    ap.add_argument("--states", type=lambda s: int(s.replace("_", "")), default=10_000_000)
    ap.add_argument("--baseline-states", type=lambda s: int(s.replace("_", "")), default=1_000_000)
    ap.add_argument("--no-memory", action="store_true", help="throughput only")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved throughput runs per tree (default 3)")
    ap.add_argument("--cpu", action="store_true", help="time exploration in CPU seconds of the process (steadier "
                    "than wall-clock seconds on a machine other jobs share)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        with baseline_tree(args.baseline, Path(tmp) / "baseline") as old:
            for name in ("scaffolds", "content_packs"):  # the same scaffolds for both trees
                subprocess.run(["rm", "-rf", str(old / name)], check=True)
                subprocess.run(["cp", "-r", str(ROOT / name), str(old / name)], check=True)
            before: dict[str, list[float]] = {}
            after: dict[str, list[float]] = {}
            for _ in range(args.rounds):  # interleaved, so a slow spell of the machine hits both trees
                for tree, best in ((old, before), (ROOT, after)):
                    for name, (states, secs) in run(tree, THROUGHPUT, str(tree), "cpu" if args.cpu else "wall").items():
                        best[name] = [states, min(secs, best.get(name, [0, float("inf")])[1])]
            print(f"1. explore throughput, seeds 0..5 per scaffold (baseline {args.baseline} vs today, "
                  f"{'CPU' if args.cpu else 'wall-clock'} seconds)")
            print(f"{'scaffold':<16} {'states':>9} {'(before)':>9} {'before st/s':>12} {'after st/s':>12} {'ratio':>6}")
            tb = ta = n = 0.0
            ratios, same = [], []
            for name in sorted(set(before) & set(after)):
                (sb, secs_b), (sa, secs_a) = before[name], after[name]
                ratios.append(secs_b / secs_a * sa / sb)
                if sa == sb:
                    same.append(ratios[-1])
                shown = "" if sa == sb else f"({sb})"  # another graph: the rates are not the same work
                print(f"{name:<16} {sa:>9} {shown:>9} {sb / secs_b:>12,.0f} {sa / secs_a:>12,.0f} {ratios[-1]:>6.2f}")
                tb, ta, n = tb + secs_b, ta + secs_a, n + sa
            print(f"{'all':<16} {int(n):>9} {'':>9} {n / tb:>12,.0f} {n / ta:>12,.0f} {tb / ta:>6.2f}")
            print(f"{'median ratio':<16} {statistics.median(ratios):>58.2f}")
            if same and len(same) < len(ratios):
                print(f"{'  same graphs':<16} {statistics.median(same):>58.2f}  (the {len(same)} scaffolds both trees "
                      "explore to the same number of states)")
            if args.no_memory:
                return
            sweep = ROOT / "bench" / "scaffolds" / "sweep.wg"
            old_sweep = old / "sweep.wg"  # without `check within`, which the baseline's language lacks
            old_sweep.write_text("".join(line for line in sweep.read_text("utf-8").splitlines(keepends=True)
                                         if not line.strip().startswith("check within")), "utf-8")
            print("\n2. memory on sweep.wg (peak RSS of a fresh interpreter; bytes/state over the start-up RSS)")
            for label, tree, path, bound in (("baseline", old, old_sweep, args.baseline_states), ("today", ROOT, sweep, args.states)):
                m = run(tree, MEMORY, str(path), str(bound))
                per = (m["peak"] - m["base"]) / m["states"]
                print(f"{label:<9} {m['states']:>11,} states  peak {m['peak'] / 2**30:6.2f} GiB  {per:6.0f} B/state  "
                      f"{m['states'] / m['seconds']:>9,.0f} states/s")


if __name__ == "__main__":
    main()
