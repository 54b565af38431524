"""The experiment of issue #23: does training on the flywheel's growing library of rule-sets help
a learner on worlds it never trained on, more than the fixed library or more worlds of it?

For each experiment seed (the learner's seed and the world seeds), runs three arms of `worldgen
loop` with the built-in learner as --train and the same training episodes per round
(worldgen/flywheel/experiment.py): the flywheel (proposals grow the library), the fixed library
(no proposals) and task scaling (the fixed library, --scale times the worlds). All play one held-out
suite per seed, the library's scaffolds at world seeds none trains on, after every round. Prints
per arm and round the held-out success pooled over seeds with its Wilson interval (and each
seed's rate), the library each arm trained on, the last learners' held-out success per scaffold
and the wall time.
Run by hand: `python bench/bench_experiment.py [--seeds 0,1,2] [--scaffolds ice,vault,jugs] [--quick]`.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from worldgen.flywheel.experiment import ARMS, Design, experiment, table
from worldgen.rollouts import records
from worldgen.rollouts.sources import open_entries

ROOT = Path(__file__).resolve().parents[1]
QUICK = Design(rounds=2, proposals=1, worlds=4, scale=2, train_episodes=300, held_out=4)


def library(names: list[str], folder: Path) -> Path:
    """The shipped scaffolds with their example records, as a loop library."""
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(ROOT / "scaffolds" / f"{name}.wg", folder / f"{name}.wg")
        shutil.copy(ROOT / "content_packs" / name / "example.json", folder / f"{name}.json")
    return folder


def by_scaffold(run: Path, seeds: list[int], arm: str) -> dict[str, tuple[int, int]]:
    """The last learner's held-out wins and episodes per scaffold, over every seed."""
    figures: dict[str, tuple[int, int]] = {}
    for seed in seeds:
        names = {e.id: e.world.scaffold.name for e in open_entries(run / f"seed-{seed}" / "held-out" / "suite")}
        for e in records.read(run / f"seed-{seed}" / arm / "final-eval.jsonl")[0]:
            won, of = figures.get(names[e["world"]], (0, 0))
            figures[names[e["world"]]] = (won + bool(e["success"]), of + 1)
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--scaffolds", default="ice,vault,jugs")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--episodes", type=int, help="learner training episodes per round (default 2000)")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 2 rounds, 4 worlds, 300 episodes")
    ap.add_argument("--verbose", action="store_true", help="print the loop's steps")
    args = ap.parse_args()
    design = QUICK if args.quick else Design()
    design = replace(design, rounds=args.rounds or design.rounds, train_episodes=args.episodes or design.train_episodes)
    names = args.scaffolds.split(",")
    unknown = [n for n in names if not (ROOT / "content_packs" / n / "example.json").is_file()]
    if unknown:
        ap.error(f"no shipped scaffold with an example record: {', '.join(unknown)}")
    if not all(s.strip().isdigit() for s in args.seeds.split(",")):
        ap.error(f"--seeds takes whole numbers joined by commas, not {args.seeds!r}")
    seeds = [int(s) for s in args.seeds.split(",")]
    print(f"design: {design}; seeds {seeds}; scaffolds {args.scaffolds}", flush=True)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        say = (lambda text: print(text, file=sys.stderr, flush=True)) if args.verbose else (
            lambda text: print(text, flush=True) if text.startswith("seed ") else None)
        done = experiment(library(names, Path(tmp) / "library"), design, seeds, Path(tmp) / "run", say)
        last = {arm: by_scaffold(Path(tmp) / "run", seeds, arm) for arm in ARMS}
    print(f"\nheld-out success after r rounds of training (pooled over seeds {seeds}, Wilson 95 %; per seed in brackets):")
    print(table(done))
    for arm in ARMS:
        trained = [s[-1]["trained_on"] for s in done["arms"][arm]]
        print(f"{arm}: last round trained on (scaffolds, rule-sets) per seed: {trained}")
    for arm, figures in last.items():
        print(f"{arm}: after {design.rounds} rounds, held-out success by scaffold: "
              + ", ".join(f"{name} {100 * won / of:.0f}% ({won}/{of})" for name, (won, of) in sorted(figures.items())))
    print(f"wall time {time.perf_counter() - started:.0f} s for {len(seeds)} seeds x {len(ARMS)} arms")


if __name__ == "__main__":
    main()
