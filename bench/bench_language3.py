"""Language 3 benchmark (issue 24): what building by construction saves.

Run by hand:  .venv/bin/python bench/bench_language3.py [--seeds N] [--worlds K]

1. Draws per accepted world, the sliding puzzle and the frozen lake: the shipped scaffolds repair
   their draw with `until`; the "before" forms (made here from the shipped text by replacing the
   repair with the `require`s it stands for) reject the draw and build the world again, as
   `worldgen compile` does, up to 5 draws per seed.
2. A 4x3 Minesweeper with flags (bench/scaffolds/language3): its flood fill as one `closure`
   against a scratch state variable grown by a bounded loop. Per world: reachable states, time to
   verify, and peak memory of a fresh process that builds and verifies it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import time
from pathlib import Path

import worldgen
from worldgen.compiler.instantiate import instantiate
from worldgen.errors import RequirementError
from worldgen.verify import verify_world

ROOT = Path(__file__).resolve().parent.parent
ATTEMPTS = 5  # worldgen compile's default number of draws per seed
SWEEP = ROOT / "bench" / "scaffolds" / "language3"

# the shipped repair -> the rejection it replaces (the rest of each scaffold is unchanged)
REDRAW = {
    "slide_puzzle": ("""  const fixed = until(b: shuffle(cell), parity(b) == (w + 1) % 2 and count(i: 0..n - 2, b[i] != cell[i]) >= 2,
                      if parity(b) != (w + 1) % 2 then [b[1], b[0]] + b[2..] else shuffle(cell))
""", """  const fixed = shuffle(cell)
  require parity(fixed) == (w + 1) % 2 else "the shuffle cannot be undone by sliding"
  require count(i: 0..n - 2, fixed[i] != cell[i]) >= 2 else "the tiles start in order, or one slide from it"
"""),
    "frozen_lake": ("""  const holes = until(h: sample(cell[1..-1], holes_n), goal in closure(start, d -> e: e in neighbours(d) and e not in h),
                      sample(cell[1..-1], holes_n))
""", """  const holes = sample(cell[1..-1], holes_n)
  require goal in closure(start, d -> e: e in neighbours(d) and e not in holes) else "the holes cut the lake in two"
"""),
}


def draws(source: str, seeds: int) -> tuple[int, int]:
    """Draws made and worlds accepted over seeds 0..seeds-1, re-drawing a rejected world."""
    scaffold = worldgen.loads(source, "bench.wg")
    made = accepted = 0
    for seed in range(seeds):
        for attempt in range(ATTEMPTS):
            made += 1
            try:
                instantiate(scaffold.ir, {}, seed, attempt=attempt)
            except RequirementError:
                continue
            accepted += 1
            break
    return made, accepted


def bench_draws(seeds: int) -> None:
    print(f"draws per accepted world, seeds 0..{seeds - 1} (at most {ATTEMPTS} draws a seed):")
    for name, (repair, reject) in REDRAW.items():
        shipped = (ROOT / "scaffolds" / f"{name}.wg").read_text("utf-8")
        assert repair in shipped, f"{name}.wg no longer has the repair this benchmark replaces"
        for label, source in (("before (require + re-draw)", shipped.replace(repair, reject)), ("after (until)", shipped)):
            made, accepted = draws(source, seeds)
            print(f"  {name:13} {label:26} {made:4} draws, {accepted:3} accepted, "
                  f"{made / max(accepted, 1):.2f} draws per world, {seeds - accepted} seeds lost")


def _verify_in_child(path: str, seed: int, queue: multiprocessing.Queue) -> None:
    world = worldgen.load(path).instantiate({}, seed=seed)
    before_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    report = verify_world(world)
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((report.ok, report.measures.reachable_states, seconds, peak_mb, peak_mb - before_mb))


def verify_fresh(path: Path, seed: int) -> tuple[bool, int, float, float, float]:
    """Verify one world in a fresh process, so its peak memory is that world's alone."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(target=_verify_in_child, args=(str(path), seed, queue))
    child.start()
    result = queue.get()
    child.join()
    return result


def bench_sweep(worlds: int) -> None:
    print(f"\nMinesweeper 4x3 with flags, 2 mines, seeds 0..{worlds - 1} (each verified in a fresh process):")
    for label, name in (("closure", "sweep_flags_closure.wg"), ("scratch variable + loop", "sweep_flags_scratch.wg")):
        runs = [verify_fresh(SWEEP / name, seed) for seed in range(worlds)]
        assert all(ok for ok, *_ in runs)
        states = [r[1] for r in runs]
        secs = [r[2] for r in runs]
        peaks = [r[3] for r in runs]
        grown = [r[4] for r in runs]
        print(f"  {label:24} states {min(states)}..{max(states)} (median {statistics.median(states):.0f}), "
              f"verify {statistics.median(secs):.2f} s median ({min(secs):.2f}..{max(secs):.2f}), "
              f"peak RSS {statistics.median(peaks):.0f} MB median, of which verifying added {statistics.median(grown):.1f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20, help="seeds for the draw counts (default 20)")
    ap.add_argument("--worlds", type=int, default=3, help="Minesweeper worlds to verify per form (default 3)")
    args = ap.parse_args()
    bench_draws(args.seeds)
    bench_sweep(args.worlds)


if __name__ == "__main__":
    main()
