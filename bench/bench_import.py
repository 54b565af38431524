"""Start-up benchmark: what `import worldgen`, `worldgen --help`, and a `check` and a one-world
`compile` of vault.wg cost a fresh interpreter.

Run by hand:  .venv/bin/python bench/bench_import.py [--baseline REV] [--runs N]

Each figure is the wall-clock time of a new Python process (``python -c "import worldgen"``,
``python -m worldgen.cli.main --help``, and ``python -c pass`` for the interpreter's own share) from this checkout, the median of --runs after one
warm-up run (bytecode cached and the parser's tables kept in the user's cache, as on a user's machine;
``--no-parser-cache`` times the commands with ``WORLDGEN_PARSER_CACHE=""``, building the tables
each time). With --baseline, the same commands run from
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
    "worldgen check vault.wg": ["-m", "worldgen.cli.main", "check", "scaffolds/vault.wg"],
    "worldgen compile vault.wg --seeds 1": ["-m", "worldgen.cli.main", "compile", "scaffolds/vault.wg", "--seeds", "1",
                                            "-o", "{out}"],
}


def timed(root: Path, argv: list[str], parser_cache: bool) -> float:
    """Seconds for one process running ``argv`` with ``root`` first on its path (``{out}``: a
    new folder)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPATH": str(root)}
    if not parser_cache:
        env["WORLDGEN_PARSER_CACHE"] = ""
    with tempfile.TemporaryDirectory() as out:
        argv = [out + "/suite" if a == "{out}" else a for a in argv]
        started = time.perf_counter()
        subprocess.run([sys.executable, *argv], cwd=root, env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
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
    parser.add_argument("--no-parser-cache", action="store_true", help="build the parser's tables in every process")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        roots = {"this checkout": ROOT}
        if args.baseline:
            roots[args.baseline] = checkout(args.baseline, Path(tmp))
        for what, argv in COMMANDS.items():
            times: dict[str, list[float]] = {name: [] for name in roots}
            for root in roots.values():
                timed(root, argv, not args.no_parser_cache)  # warm-up: writes bytecode
            for _ in range(args.runs):
                for name, root in roots.items():
                    times[name].append(timed(root, argv, not args.no_parser_cache))
            medians = {name: statistics.median(t) for name, t in times.items()}
            line = ", ".join(f"{name} {m:.3f} s" for name, m in medians.items())
            if args.baseline:
                line += f" (this checkout / {args.baseline}: {medians['this checkout'] / medians[args.baseline]:.2f})"
            print(f"{what}: median of {args.runs} processes: {line}")


if __name__ == "__main__":
    main()
