"""Optimal play under chance: does the `oracle` rollout policy win a slippery lake at the rate
value iteration promises?

Compiles frozen_lake.wg with its `sliding` dynamics (one move in `grip` slides to each side, as in
the classic FrozenLake), then plays every world with the oracle policy many times. Prints, per
world and overall, the walkthrough's open-loop probability (the luckiest path the old oracle
chased), the report's `optimal_success`, and the oracle's measured success rate with its 95 %
interval. Run by hand: `python bench/bench_chance.py [--seeds 0:12] [--episodes 400]`.
"""

from __future__ import annotations

import argparse
import json
import math
import contextlib
import io
import tempfile
from collections import defaultdict
from pathlib import Path

from worldgen.cli.main import main as cli

ROOT = Path(__file__).resolve().parents[1]
SCAFFOLD = ROOT / "scaffolds" / "frozen_lake.wg"


def worldgen(*args: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli(list(args))
    if code:
        raise SystemExit(f"worldgen {' '.join(args)} exited with {code}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0:12")
    ap.add_argument("--episodes", type=int, default=400)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        suite, episodes = Path(tmp) / "suite", Path(tmp) / "oracle.jsonl"
        worldgen("compile", str(SCAFFOLD), "--seeds", args.seeds, "-o", str(suite), "--axis", "dynamics=sliding",
                 "--axis", "observation=map", "--axis", "feedback=plain")
        worldgen("rollout", str(suite), "--policy", "oracle", "--episodes", str(args.episodes), "-o", str(episodes))
        reports = {}
        for line in (suite / "index.jsonl").read_text("utf-8").splitlines():
            entry = json.loads(line)
            artifact = json.loads((suite / entry["path"]).read_text("utf-8"))
            reports[entry["id"]] = artifact["report"]
        wins: dict[str, list[bool]] = defaultdict(list)
        for line in episodes.read_text("utf-8").splitlines():
            ep = json.loads(line)
            wins[ep["world"]].append(bool(ep["success"]))
    print(f"{'world':<28} {'walkthrough p':>13} {'optimal':>8} {'measured':>9}  95% interval")
    total_opt = total_won = total_n = 0.0
    for wid, report in sorted(reports.items()):
        won, n = sum(wins[wid]), len(wins[wid])
        rate = won / n
        half = 1.96 * math.sqrt(rate * (1 - rate) / n)
        print(f"{wid:<28} {report['oracle']['probability']:>13.4f} {report['optimal_success']:>8.3f} "
              f"{rate:>9.3f}  [{rate - half:.3f}, {rate + half:.3f}]")
        total_opt += report["optimal_success"] * n
        total_won += won
        total_n += n
    print(f"overall: optimal_success (episode-weighted) {total_opt / total_n:.3f}, oracle measured "
          f"{total_won / total_n:.3f} over {int(total_n)} episodes ({len(reports)} worlds)")


if __name__ == "__main__":
    main()
