"""Suite loading benchmark: what a trainer's worker pays to open a compiled suite.

Run by hand:  .venv/bin/python bench/bench_load.py [--worlds N] [--rounds R]

Every loader (``worldgen.load_suite``, serve, rollout, the trainer integrations) opens a suite
through ``runtime.sources.open_artifacts``, which trusts a file whose bytes hash to its index
line (the compiler's own hashes of the world inside); ``worldgen verify`` also dumps each
artifact's world and rules again to re-hash them against its provenance. Both are timed here on the same suite in the same run
(best of ``--rounds``, taking turns, CPU time), the second as load plus that re-hash.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench_fmt import best_of
from integrations import bench_suite

from worldgen.compiler.artifact import integrity_problems
from worldgen.runtime.sources import open_artifacts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=32, help="worlds in the suite (default 32)")
    parser.add_argument("--rounds", type=int, default=5, help="loads per contender; the best counts (default 5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        suite = bench_suite(Path(tmp), "vault", args.worlds)
        n = len(open_artifacts(suite))

        def audited() -> None:
            for _, artifact in open_artifacts(suite):
                integrity_problems(artifact)  # type: ignore[arg-type]  (a compiled suite holds artifacts)

        load, audit = best_of(args.rounds, lambda: open_artifacts(suite), audited, clock=time.process_time)
        print(f"vault suite of {n} worlds, CPU time, best of {args.rounds}:")
        print(f"  open (index-vouched bytes)      {1000 * load / n:6.2f} ms/world")
        print(f"  open + re-hash of every world  {1000 * audit / n:6.2f} ms/world ({audit / load:.2f}x)")


if __name__ == "__main__":
    main()
