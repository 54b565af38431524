"""Emulated shell vs real bash on every terminal scaffold: speed, materialisation, agreement.

Run by hand:  .venv/bin/python bench/bench_fidelity.py [-n LINES] [--seed N]

One world per terminal scaffold of the catalogue (its example record). Per scaffold: lines per
second in the emulator and in the real shell over the same lines (the oracle walkthrough and the
fidelity corpus, one run, from ``worldgen.terminal.fidelity.measure``) and their ratio; the time
to materialise the world's tree (``walk`` + ``write_tree``, median of 5); line agreement and
whether final states agree. Needs user namespaces (``worldgen.terminal.jail.available``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from worldgen.runtime.env import Env
from worldgen.terminal.fidelity import catalogue_entries, measure
from worldgen.terminal.jail import available
from worldgen.terminal.tree import walk, write_tree

ROOT = Path(__file__).resolve().parent.parent


def materialise_ms(entry) -> float:
    """Milliseconds to walk the world's first state and write it as a tree (median of 5)."""
    env = Env(entry.world)
    env.reset(seed=0)
    fs = env._terminal.fs  # noqa: SLF001
    times = []
    for _ in range(5):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            write_tree(walk(fs), Path(tmp), own=False)
            times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--lines", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    reason = available()
    if reason is not None:
        print(f"bench_fidelity: {reason}", file=sys.stderr)
        return 2
    print(f"{'scaffold':12s} {'lines':>5s} {'emulated l/s':>12s} {'real l/s':>9s} {'ratio':>6s} {'tree ms':>8s} "
          f"{'agreement':>9s} {'(no owners)':>11s} states")
    total = {"lines": 0, "agreed": 0, "owners": 0, "e": 0.0, "r": 0.0}
    for entry in catalogue_entries(ROOT / "scaffolds", ROOT / "content_packs", args.seed):
        r = measure(entry, args.lines, args.seed)
        owners = sum(d.kind == "owners" for d in r.differences)
        compared = r.lines - r.by_design
        e_rate, r_rate = r.lines / r.seconds["emulated"], r.lines / r.seconds["real"]
        print(f"{entry.id:12s} {r.lines:5d} {e_rate:12.0f} {r_rate:9.0f} {e_rate / r_rate:6.0f} {materialise_ms(entry):8.1f} "
              f"{r.agreement:9.1%} {(r.agreed + owners) / compared:11.1%} {'agree' if r.states_agree else 'DIFFER'}")
        total["lines"] += compared
        total["agreed"] += r.agreed
        total["owners"] += owners
        total["e"] += r.seconds["emulated"]
        total["r"] += r.seconds["real"]
    print(f"{'all':12s} {total['lines']:5d} {total['lines'] / total['e']:12.0f} {total['lines'] / total['r']:9.0f} "
          f"{total['r'] / total['e']:6.0f} {'':8s} {total['agreed'] / total['lines']:9.2%} "
          f"{(total['agreed'] + total['owners']) / total['lines']:11.2%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
