"""Rollouts of the same small suites with and without step tables, in one run: seconds and the
ratio, and whether the episodes agree (they must, apart from timing and the runtime label).

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_rollout_runtime.py [--episodes N] [--seeds A:B]

Each suite is compiled once into a temporary folder, copied, and given tables as
``compile --tables`` writes them; then random and oracle are rolled out over both copies with
the same seeds (concurrency 2, as a small LLM run would use).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

from tests.suites import compiled, with_tables
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries

SCAFFOLDS = ("ice", "vault", "frozen_lake")


def roll(suite: Path, policy: str, out: Path, episodes: int) -> tuple[float, list[dict]]:
    """Seconds for the rollout (opening the suite included) and its episodes without timing or runtime."""
    start = time.perf_counter()
    asyncio.run(run(open_entries(suite), make_policy(policy), out, episodes, 2, 0))
    seconds = time.perf_counter() - start
    episodes_read = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    return seconds, [{k: v for k, v in e.items() if k not in ("timing", "runtime")} for e in episodes_read]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--seeds", default="0:3")
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split(":"))
    print(f"{'suite':<12} {'policy':<7} {'steps':>7} {'rules s':>8} {'tables s':>9} {'ratio':>6}  same")
    with tempfile.TemporaryDirectory() as tmp:
        for name in SCAFFOLDS:
            rules = compiled(Path(tmp) / name, name, range(first, last))
            tables = with_tables(rules, Path(tmp) / f"{name}-tables")
            for policy in ("random", "oracle"):
                slow, a = roll(rules, policy, Path(tmp) / f"{name}-{policy}-rules.jsonl", args.episodes)
                fast, b = roll(tables, policy, Path(tmp) / f"{name}-{policy}-tables.jsonl", args.episodes)
                steps = sum(e["steps"] for e in a)
                print(f"{name:<12} {policy:<7} {steps:>7} {slow:>8.3f} {fast:>9.3f} {slow / fast:>5.2f}x  {a == b}")


if __name__ == "__main__":
    main()
