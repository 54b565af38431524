"""What an int argument with a large range costs the model checker when a guard bounds it by the
state (codegen/intervals.py), beside the same guard written so that every value is tried.

    .venv/bin/python bench/bench_intervals.py [--width 3] [--rounds 4]

The world: ``bid(n: int in 0..99_999)`` with ``when n >= price - W and n <= price + W`` over
``rounds`` bids. Prints, for the bounded guard and for the plain one (``n + 0 >= ...``, which no
bound is read from), the states and edges explored, the guard evaluations (bindings scanned),
the exploration time and the edges explored per second; then the time ratio. Both explore the
same graph (the script checks it). Target (issue "Verification 2"): cost proportional to the
interval, not to the range.
"""

from __future__ import annotations

import argparse
import time

import worldgen
from worldgen.codegen.intervals import within
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

AUCTION = """
world auction {
  state { price: int in 0..99999 = 50000  rounds: int in 0..ROUNDS = 0 }
  action bid(n: int in 0..99999) "bid {n}" {
    when rounds < ROUNDS and GUARD else "That bid is refused."
    do price = n, rounds += 1
  }
  done when rounds == ROUNDS
}
"""


def run(guard: str, rounds: int) -> tuple[int, int, int, float, list[int]]:
    """(states, edges, guard evaluations, seconds, edge bindings) of one exploration."""
    source = AUCTION.replace("ROUNDS", str(rounds)).replace("GUARD", guard)
    rules, initial = load_rules(worldgen.loads(source, "auction.wg").instantiate({}, seed=0))
    space = rules.invariant.__globals__
    scanned = [0]
    if "_within" in rules.source:
        def counting(runs, lo, hi):  # type: ignore[no-untyped-def]
            got = within(runs, lo, hi)
            scanned[0] += len(got)
            return got
        space["_within"] = counting
    t = time.perf_counter()
    g = explore(rules, initial, Bounds(max_states=10_000_000))
    seconds = time.perf_counter() - t
    expanded = sum(not g.terminal(i) for i in range(len(g.keys)))
    evaluations = scanned[0] if "_within" in rules.source else expanded * 100_000
    return len(g.keys), len(g.edge_binding), evaluations, seconds, list(g.edge_binding)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, default=3, help="W: the guard admits price-W..price+W")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args()
    w = args.width
    print(f"bid(n: int in 0..99_999), guard n within price ± {w}, {args.rounds} rounds")
    print(f"{'guard':<34} {'states':>7} {'edges':>8} {'guard evals':>12} {'seconds':>8} {'edges/s':>10}")
    results = {}
    for label, guard in (("bounded (interval scan)", f"n >= price - {w} and n <= price + {w}"),
                         ("plain (n + 0: every value)", f"n + 0 >= price - {w} and n + 0 <= price + {w}")):
        states, edges, evals, secs, order = results[label] = run(guard, args.rounds)
        print(f"{label:<34} {states:>7} {edges:>8} {evals:>12,} {secs:>8.3f} {edges / secs:>10,.0f}")
    (a, b) = results.values()
    assert a[:2] == b[:2] and a[4] == b[4], "the two scans explored different graphs"
    print(f"same graph; the plain scan takes {b[3] / a[3]:,.0f}x the time of the interval scan")


if __name__ == "__main__":
    main()
