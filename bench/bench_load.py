"""Suite loading benchmark: what a trainer's worker pays to open a compiled suite.

Run by hand:  .venv/bin/python bench/bench_load.py [--worlds N] [--rounds R]

Every loader (``worldgen.load_suite``, serve, rollout, the trainer integrations) opens a suite
through ``runtime.sources.open_artifacts``, which trusts a file whose bytes hash to its index
line (the compiler's own hashes of the world inside); ``worldgen verify`` also dumps each
artifact's world and rules again to re-hash them against its provenance. Both are timed here on the same suite in the same run
(best of ``--rounds``, taking turns, CPU time), the second as load plus that re-hash.

Then the suite's step tables (``compile --tables``), which a rollout, the learner and a batch
read once per world: read and checked (``tables.store.load``, its own reader of NumPy's headers),
beside NumPy's ``np.load`` reading the same arrays alone.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench_fmt import best_of
from integrations import bench_suite

from worldgen.compiler.artifact import integrity_problems
from worldgen.compiler.step_tables import write_tables
from worldgen.runtime.sources import open_artifacts
from worldgen.tables.build import Tables
from worldgen.tables.paths import tables_path
from worldgen.tables.store import load as load_tables


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

        write_tables(suite)
        files = [(world_id, tables_path(suite / "worlds" / f"{world_id}.json")) for world_id, _ in open_artifacts(suite)]
        names = [f.name for f in fields(Tables)]

        def ours() -> None:
            for world_id, path in files:
                load_tables(path, world_id)

        def numpys() -> None:
            for _, path in files:
                with np.load(path, allow_pickle=False) as data:
                    [data[name] for name in names]

        checked, plain = best_of(args.rounds, ours, numpys, clock=time.process_time)
        print(f"its step tables ({len(names)} arrays a world):")
        print(f"  read + checked (tables.store)  {1000 * checked / n:6.2f} ms/world")
        print(f"  np.load of the arrays alone    {1000 * plain / n:6.2f} ms/world ({plain / checked:.2f}x the time)")


if __name__ == "__main__":
    main()
