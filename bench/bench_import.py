"""Start-up benchmark: what `import worldgen` and `worldgen --help` cost a fresh interpreter.

Run by hand:  .venv/bin/python bench/bench_import.py [--baseline REV] [--runs N]

Each figure is the wall-clock time of a new Python process (``python -c "import worldgen"``,
``python -m worldgen.cli.main --help``, and ``python -c pass`` for the interpreter's own share) from this checkout, the median of --runs after one
warm-up run (bytecode cached, as on a user's machine). With --baseline, the same commands run from
a copy of git revision REV too, taking turns with this checkout in the same run, and the ratio is
printed: compare the ratio, not figures from different runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "python alone": ["-c", "pass"],  # the interpreter's own start-up, included in the figures below
    "import worldgen": ["-c", "import worldgen"],
    "worldgen --help": ["-m", "worldgen.cli.main", "--help"],
}


def timed(root: Path, argv: list[str]) -> float:
    """Seconds for one process running ``argv`` with ``root`` first on its path."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    started = time.perf_counter()
    subprocess.run([sys.executable, *argv], cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def checkout(rev: str, into: Path) -> Path:
    """The files of ``rev`` (git archive), for timing an earlier version beside this one."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    with tempfile.TemporaryFile() as tar:
        tar.write(archive)
        tar.seek(0)
        with tarfile.open(fileobj=tar) as files:
            files.extractall(into, filter="data")
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REV", help="also time git revision REV (e.g. main), turn about")
    parser.add_argument("--runs", type=int, default=11, help="timed runs per command and checkout (default 11)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        roots = {"this checkout": ROOT}
        if args.baseline:
            roots[args.baseline] = checkout(args.baseline, Path(tmp))
        for what, argv in COMMANDS.items():
            times: dict[str, list[float]] = {name: [] for name in roots}
            for root in roots.values():
                timed(root, argv)  # warm-up: writes bytecode
            for _ in range(args.runs):
                for name, root in roots.items():
                    times[name].append(timed(root, argv))
            medians = {name: statistics.median(t) for name, t in times.items()}
            line = ", ".join(f"{name} {m:.3f} s" for name, m in medians.items())
            if args.baseline:
                line += f" (this checkout / {args.baseline}: {medians['this checkout'] / medians[args.baseline]:.2f})"
            print(f"{what}: median of {args.runs} processes: {line}")


if __name__ == "__main__":
    main()
