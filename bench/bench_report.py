"""`worldgen rollout` and `worldgen report` on whole suites, today's tree beside a baseline commit,
in the same run on the same machine.

    PYTHONPATH=. .venv/bin/python bench/bench_report.py [--baseline 7dd9bf7] [--seeds 200] [--episodes 20] [--rounds 3]

Each scaffold's suite (seeds 0..N-1, step tables written) is compiled once by today's tree; then,
for --rounds interleaved rounds, each tree runs, as a fresh command, a random rollout of
--episodes episodes per world into a new file and a report of the suite over that file. Prints
the best wall-clock seconds of each command per tree, and the ratio. Both trees read the same
suite, so the work is the same; the files they write must agree apart from timings (checked).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def command(tree: Path, *argv: str) -> float:
    """Wall-clock seconds of one `worldgen` command of ``tree`` in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "worldgen.cli.main", *argv], check=True, capture_output=True, cwd=tree, env=env)
    return time.perf_counter() - start


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
        old = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old), args.baseline], check=True)
        try:
            print(f"baseline {args.baseline} vs today; {args.seeds} worlds per suite, {args.episodes} random episodes per "
                  f"world; best of {args.rounds} interleaved rounds, wall-clock seconds of each command")
            print(f"{'scaffold':<10} {'command':<8} {'before s':>9} {'after s':>8} {'ratio':>6}")
            for name in args.scaffolds:
                suite = Path(tmp) / name
                subprocess.run([sys.executable, "-m", "worldgen.cli.main", "compile", str(ROOT / "scaffolds" / f"{name}.wg"),
                                "--seeds", str(args.seeds), "--tables", "-o", str(suite), "--jobs", "2"],
                               check=True, capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
                best: dict[tuple[str, str], float] = {}
                written: dict[str, Path] = {}
                for r in range(args.rounds):
                    for label, tree in (("before", old), ("after", ROOT)):
                        out = Path(tmp) / f"{name}-{label}-{r}.jsonl"
                        times = {"rollout": command(tree, "rollout", str(suite), "--policy", "random", "--episodes",
                                                    str(args.episodes), "-o", str(out)),
                                 "report": command(tree, "report", str(suite), "--rollouts", str(out), "--json")}
                        for what, seconds in times.items():
                            best[label, what] = min(seconds, best.get((label, what), float("inf")))
                        written[label] = out
                same = episodes(written["before"]) == episodes(written["after"])
                for what in ("rollout", "report"):
                    before, after = best["before", what], best["after", what]
                    print(f"{name:<10} {what:<8} {before:>9.2f} {after:>8.2f} {before / after:>5.2f}x")
                print(f"{name:<10} the rollout files agree apart from timings: {'yes' if same else 'NO'}")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False)


if __name__ == "__main__":
    main()
