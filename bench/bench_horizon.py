"""What a long horizon costs: compile (draw + verify + artifact) one world of a tiny counter whose
goal is as far as its horizon, at several horizons up to the cap.

    .venv/bin/python bench/bench_horizon.py [--horizons 10 100 1000] [--seeds 1]

Prints, per horizon, the states explored and the seconds per world for verify alone and for the
whole compile of a seed, and the ratio of each to the smallest horizon's (how the cost grows).
"""

from __future__ import annotations

import argparse
import time

import worldgen
from worldgen.ir.limits import MAX_HORIZON
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.verify import Bounds, verify_world


def scaffold(horizon: int) -> str:
    """A counter to ``horizon``: the one solution takes every step the horizon allows."""
    return f"""world counter {{
  state {{ n: int in 0..{horizon} = 0 }}
  action inc "inc" {{ when n < {horizon} do n += 1 }}
  action wait "wait" {{ do n = n }}
  observe "n={{n}}"
  reward 1 when n == {horizon}
  reward -0.1 on wait
  done when n == {horizon}
  horizon {horizon}
}}
"""


def measure(horizon: int, seeds: int) -> tuple[int, float, float]:
    """(states, verify s/world, compile s/world)."""
    ir = worldgen.loads(scaffold(horizon)).ir
    bounds = Bounds(max_states=max(horizon + 1, 200_000))
    t = time.perf_counter()
    for seed in range(seeds):
        report = verify_world(worldgen.Scaffold(ir).instantiate({}, seed=seed), bounds)
    verify_s = (time.perf_counter() - t) / seeds
    t = time.perf_counter()
    for seed in range(seeds):
        compile_seed(Spec(ir, (("none", {}),), {}, bounds, 1), seed)
    compile_s = (time.perf_counter() - t) / seeds
    return report.measures.reachable_states, verify_s, compile_s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--horizons", type=int, nargs="+", default=[10, 100, MAX_HORIZON])
    ap.add_argument("--seeds", type=int, default=1, help="worlds per horizon")
    args = ap.parse_args()
    print(f"{'horizon':>9} {'states':>9} {'verify s/world':>15} {'compile s/world':>16} {'verify x':>9} {'compile x':>10}")
    base: tuple[float, float] | None = None
    for h in args.horizons:
        states, verify_s, compile_s = measure(h, args.seeds)
        base = base or (verify_s, compile_s)
        print(f"{h:>9,} {states:>9,} {verify_s:>15.3f} {compile_s:>16.3f} {verify_s / base[0]:>9.1f} "
              f"{compile_s / base[1]:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
