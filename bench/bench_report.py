"""`worldgen rollout`, `worldgen report` and `worldgen export harbor` on whole suites, today's tree
beside a baseline commit, in the same run on the same machine.

    PYTHONPATH=. .venv/bin/python bench/bench_report.py [--baseline 7dd9bf7] [--seeds 200] [--episodes 20] [--rounds 3]

Each scaffold's suite (seeds 0..N-1, step tables written) is compiled once by today's tree; then,
for --rounds interleaved rounds, each tree runs, as a fresh command, a random rollout of
--episodes episodes per world into a new file, a report of the suite over that file, and an
export of every world as a Harbor task (one secret for both trees: the same bytes but for the
runtime wheel, which packs each tree's own code). Prints the
best wall-clock seconds of each command per tree, and the ratio. Both trees read the same suite,
so the work is the same; the files they write must agree apart from timings (checked).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from baseline import ROOT, baseline_tree  # bench/baseline.py, beside this script


def command(tree: Path, *argv: str) -> float:
    """Wall-clock seconds of one `worldgen` command of ``tree`` in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "worldgen.cli.main", *argv], check=True, capture_output=True, cwd=tree, env=env)
    return time.perf_counter() - start


def same_tree(a: Path, b: Path) -> bool:
    """Two folders with the same files holding the same bytes, apart from ``wheels/`` (worldgen's
    runtime wheel packs the tree's own code, which differs between the trees, and its hash)."""
    cmp = filecmp.dircmp(a, b, ignore=["wheels"])
    if cmp.left_only or cmp.right_only or cmp.funny_files:
        return False
    if filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)[1:] != ([], []):
        return False
    return all(same_tree(a / d, b / d) for d in cmp.common_dirs)


def episodes(path: Path) -> list[dict]:
    return [{k: v for k, v in json.loads(line).items() if k != "timing"} for line in path.read_text("utf-8").splitlines()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="7dd9bf7", help="commit to compare with (default: this round's start)")
    ap.add_argument("--scaffolds", nargs="*", default=["vault", "services"])
    ap.add_argument("--seeds", type=int, default=200, help="worlds per suite")
    ap.add_argument("--episodes", type=int, default=20, help="random episodes per world")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        with baseline_tree(args.baseline, Path(tmp) / "baseline") as old:
            print(f"baseline {args.baseline} vs today; {args.seeds} worlds per suite, {args.episodes} random episodes per "
                  f"world; best of {args.rounds} interleaved rounds, wall-clock seconds of each command")
            print(f"{'scaffold':<10} {'command':<8} {'before s':>9} {'after s':>8} {'ratio':>6}")
            for name in args.scaffolds:
                suite = Path(tmp) / name
                subprocess.run([sys.executable, "-m", "worldgen.cli.main", "compile", str(ROOT / "scaffolds" / f"{name}.wg"),
                                "--seeds", str(args.seeds), "--tables", "-o", str(suite), "--jobs", "2"],
                               check=True, capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
                secret = Path(tmp) / "secret"
                secret.write_bytes(b"bench_report: one secret for both trees")
                best: dict[tuple[str, str], float] = {}
                written: dict[str, Path] = {}
                exported: dict[str, Path] = {}
                for r in range(args.rounds):
                    for label, tree in (("before", old), ("after", ROOT)):
                        out = Path(tmp) / f"{name}-{label}-{r}.jsonl"
                        tasks = Path(tmp) / f"{name}-{label}-tasks"
                        shutil.rmtree(tasks, ignore_errors=True)
                        times = {"rollout": command(tree, "rollout", str(suite), "--policy", "random", "--episodes",
                                                    str(args.episodes), "-o", str(out)),
                                 "report": command(tree, "report", str(suite), "--rollouts", str(out), "--json"),
                                 "export": command(tree, "export", "harbor", str(suite), "-o", str(tasks),
                                                   "--secret-file", str(secret))}
                        for what, seconds in times.items():
                            best[label, what] = min(seconds, best.get((label, what), float("inf")))
                        written[label], exported[label] = out, tasks
                for what in ("rollout", "report", "export"):
                    before, after = best["before", what], best["after", what]
                    print(f"{name:<10} {what:<8} {before:>9.2f} {after:>8.2f} {before / after:>5.2f}x")
                same = episodes(written["before"]) == episodes(written["after"])
                print(f"{name:<10} the rollout files agree apart from timings: {'yes' if same else 'NO'}; "
                      f"the Harbor tasks are the same bytes (but the wheels): {'yes' if same_tree(exported['before'], exported['after']) else 'NO'}")


if __name__ == "__main__":
    main()
