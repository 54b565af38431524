"""The built-in learner's cost and effect: training episodes per second, and what training buys.

For each scaffold (default: ice, vault, jugs, maze; 20 seeds each, compiled here with the example
record), trains the learner for --episodes episodes from scratch and prints the training
throughput (episodes per second, and seconds per thousand episodes: the issue's target is
"seconds per thousand"), then rolls out the trained policy and the random policy, --eval-episodes
per world, on the same worlds (held in) and prints both success rates. The held-out experiment
(train on one set of worlds, test on another) is `worldgen split` + the report; see docs/flywheel.md.
With --tables the suites also get step tables (`compile --tables`), and each training is timed on
the rules and on the tables in turn (the same episodes and weights; the ratio is what tables buy).
Run by hand: `python bench/bench_learner.py [--episodes 2000] [--scaffolds ice,vault] [--seed 0] [--tables]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

import worldgen
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.step_tables import write_tables
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.learner.model import Model
from worldgen.learner.train import Settings, train
from worldgen.rollouts import records
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries
from worldgen.verify import Bounds

ROOT = Path(__file__).resolve().parents[1]


def success(suite: Path, spec: str, out: Path, episodes: int) -> float:
    asyncio.run(run(open_entries(suite), make_policy(spec), out, episodes))
    played = records.read(out)[0]
    return sum(e["success"] for e in played) / len(played)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=2000)
    ap.add_argument("--eval-episodes", type=int, default=5)
    ap.add_argument("--scaffolds", default="ice,vault,jugs,maze")
    ap.add_argument("--seeds", default="0:20")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tables", action="store_true", help="also train from step tables, timed beside the rules")
    args = ap.parse_args()
    a, b = (int(x) for x in args.seeds.split(":"))
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.scaffolds.split(","):
            record = json.loads((ROOT / "content_packs" / name / "example.json").read_text("utf-8"))
            suite = Path(tmp) / name
            spec = Spec(worldgen.load(ROOT / "scaffolds" / f"{name}.wg").ir, (("example", record),), {}, Bounds(), 5)
            compile_suite(spec, range(a, b), suite, LocalExecutor(1))
            if args.tables:
                on_rules = _trained_seconds(open_entries(suite), args)
                write_tables(suite)
                on_tables = _trained_seconds(open_entries(suite), args)
                print(f"{name}: training on the rules {on_rules:.2f} s, on step tables {on_tables:.2f} s "
                      f"({on_rules / on_tables:.2f}x)", flush=True)
            entries = open_entries(suite)
            model = Model.new()
            started = time.perf_counter()
            seen = train(model, entries, Settings(episodes=args.episodes, seed=args.seed))
            seconds = time.perf_counter() - started
            steps = len(seen.returns)
            model.save(Path(tmp) / f"{name}.npz")
            learner = success(suite, f"learner:{Path(tmp) / f'{name}.npz'}", Path(tmp) / f"{name}-learner.jsonl", args.eval_episodes)
            random = success(suite, "random", Path(tmp) / f"{name}-random.jsonl", args.eval_episodes)
            print(f"{name}: {len(entries)} worlds; {steps} training episodes in {seconds:.2f} s: "
                  f"{steps / seconds:.0f} episodes/s, {1000 * seconds / steps:.2f} s per 1000; held-in success "
                  f"learner {100 * learner:.0f}% vs random {100 * random:.0f}%", flush=True)


def _trained_seconds(entries: list, args: argparse.Namespace) -> float:
    started = time.perf_counter()
    train(Model.new(), entries, Settings(episodes=args.episodes, seed=args.seed))
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
