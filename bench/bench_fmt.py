"""Printer benchmark: how long `worldgen fmt` takes per scaffold, beside parsing alone.

Run by hand:  .venv/bin/python bench/bench_fmt.py [--rounds N]

Parses, and formats, every shipped scaffold N times (default 20, taking turns) and prints the
best round's total for parsing only and for parse + print (comments and layout included), and
their ratio: the printer's own cost is the difference.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source

SCAFFOLDS = sorted((Path(__file__).resolve().parents[1] / "scaffolds").glob("*.wg"))


def best_of(rounds: int, *works: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """The fastest of ``rounds`` timings of each of ``works`` in seconds of ``clock``, the works
    taking turns round by round (on a shared machine, the best is the least disturbed and the
    turns keep the comparison fair)."""
    best = [float("inf")] * len(works)
    for _ in range(rounds):
        for i, work in enumerate(works):
            start = clock()
            work()
            best[i] = min(best[i], clock() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    sources = [path.read_text("utf-8") for path in SCAFFOLDS]
    format_source(sources[0])  # build the cached parser first
    parse_only, formatted = best_of(rounds, lambda: [parse(s) for s in sources],
                                    lambda: [format_source(s) for s in sources])
    lines = sum(s.count("\n") for s in sources)
    print(f"{len(sources)} scaffolds, {lines} lines; best of {rounds} rounds")
    print(f"parse only:      {parse_only * 1000:8.1f} ms  ({parse_only / len(sources) * 1000:.2f} ms per scaffold)")
    print(f"parse + print:   {formatted * 1000:8.1f} ms  ({formatted / len(sources) * 1000:.2f} ms per scaffold, "
          f"{lines / formatted:,.0f} lines/s)")
    print(f"ratio:           {formatted / parse_only:8.2f}x parsing alone")


if __name__ == "__main__":
    main()
