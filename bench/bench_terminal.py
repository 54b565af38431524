"""Terminal worlds: command lines per second through a world's shell, and model checking of the
terminal scaffolds before and after they moved onto files + shell.

Run by hand:  .venv/bin/python bench/bench_terminal.py [--seconds S] [--seeds N]

1. The logs world (5 services, 240-line logs: the `big` axis), a typical mix of what an agent
   types there (pipes, globs, tail/grep/wc/cut, cd, a redirect into a scratch file, the world's
   own `systemctl`), played through ``Env.step`` (the trainer's path: shell, world files, the
   world's actions, observation) and through the world's shell alone. Target: >= 20,000 lines/s
   on one core. Each line is timed too, so what costs is visible.
2. Shell parse time per line, uncached (lexer + parser) and cached (the LRU hit).
3. Per terminal scaffold: compile + model-check seeds 0..N-1 with its example record, the
   scaffold as it was (exact command shapes, bench/scaffolds/command_shapes/) against the one in
   scaffolds/ (files + shell), both in this run: seconds per world and states per world.
4. A world of 20 files with 200-line logs (bench/scaffolds/logs_wide.wg) against the old
   logs.wg: compile + verify seconds per world (issue #21: no slower).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import worldgen
from worldgen.catalogue import example_record, read_catalogue
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.shell.parser import parse_uncached
from worldgen.verify.report import Bounds

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / "bench" / "scaffolds" / "command_shapes"

MIX = [
    "grep -il error /var/log/*.log",
    "tail -n 20 /var/log/api.log",
    "cd /var/log && ls -l",
    "grep -c heartbeat /var/log/nginx.log",
    "head -n 3 /var/log/redis.log | cut -c 1-40",
    "cat /var/log/postgres.log | grep -v heartbeat",
    "ls /var/log/*.log | wc -l",
    "systemctl status nginx",
    "systemctl --no-pager list-units",
    "grep -h error /var/log/*.log | sort | uniq -c",
    "echo 'suspect: api' > /tmp/notes; cat /tmp/notes",
    "wc -l /var/log/api.log",
    "cat /etc/motd",
    "test -f /var/log/api.log && echo yes || echo no",
    "pwd; cd; pwd",
    "frobnicate --now",
]


def logs_env() -> worldgen.Env:
    entry = next(e for e in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs") if e.name == "logs")
    world = worldgen.load(entry.path).instantiate(example_record(entry), seed=0,
                                                   axes={"logsize": "big", "feedback": "lenient"}, params={"svcs": 5})
    env = world.env()
    env.reset(seed=0)
    return env


def rate(work, lines: int, seconds: float) -> float:
    """Lines per second of ``work`` (which runs ``lines`` lines), best of short slices."""
    best = float("inf")
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return lines / best


def throughput(seconds: float) -> None:
    env = logs_env()
    shell = env._terminal  # noqa: SLF001 - the world's shell alone, for comparison

    def stepped() -> None:
        for _ in range(5):
            env.reset(seed=0)
            for line in MIX:
                if env.step(line)[2:4] != (False, False):  # the horizon (svcs + 3) ends episodes mid-mix
                    env.reset(seed=0)

    def shelled() -> None:
        for _ in range(5):
            for line in MIX:
                shell.run(line)

    stepped()
    print(f"logs world (5 services, big logs), {len(MIX)}-line mix:")
    print(f"  Env.step:    {rate(stepped, 5 * len(MIX), seconds):10,.0f} lines/s   (target >= 20,000)")
    print(f"  shell alone: {rate(shelled, 5 * len(MIX), seconds):10,.0f} lines/s")
    costs = []
    for line in MIX:
        start = time.process_time()
        for _ in range(200):
            shell.run(line)
        costs.append(((time.process_time() - start) / 200 * 1e6, line))
    print("  per line (µs, shell alone):")
    for cost, line in sorted(costs, reverse=True):
        print(f"    {cost:8.1f}  {line}")


def parse_times() -> None:
    start = time.process_time()
    for _ in range(200):
        for line in MIX:
            parse_uncached(line)
    uncached = (time.process_time() - start) / (200 * len(MIX)) * 1e6
    print(f"shell parse: {uncached:.1f} µs/line uncached (mean over the mix)")


def checking(seeds: int) -> None:
    entries = {e.name: e for e in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs")}
    print(f"model checking, seeds 0..{seeds - 1}, example records (before: exact command shapes; after: files + shell):")
    print(f"  {'scaffold':12s} {'s/world before':>15s} {'s/world after':>14s} {'ratio':>6s} {'states before':>16s} {'states after':>16s}")
    for path in sorted(BEFORE.glob("*.wg")):
        entry = entries.get(path.stem)
        if entry is None:
            continue
        figures = []
        for source in (path, entry.path):
            try:
                spec = Spec(worldgen.load(source).ir, (("example", example_record(entry)),), {}, Bounds(), 5)
            except Exception as err:  # the example record was made for the other version
                figures.append((float("nan"), f"({type(err).__name__})"))
                continue
            start = time.process_time()
            results = [compile_seed(spec, seed) for seed in range(seeds)]
            per = (time.process_time() - start) / seeds
            states = sorted(int(r.line["reachable_states"]) for r in results if r.artifact is not None) or [0]
            figures.append((per, f"{states[0]}-{int(statistics.median(states))}-{states[-1]}"))
        (b, bs), (a, as_) = figures
        print(f"  {path.stem:12s} {b:15.3f} {a:14.3f} {a / b:6.2f} {bs:>16s} {as_:>16s}")


def wide(seeds: int) -> None:
    old = BEFORE / "logs.wg"
    record = example_record(next(e for e in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs") if e.name == "logs"))
    contenders = {"old logs.wg (3-5 services, command shapes)": Spec(worldgen.load(old).ir, (("example", record),), {}, Bounds(), 5),
                  "logs_wide.wg (20 files x 200 lines, shell)": Spec(worldgen.load(ROOT / "bench" / "scaffolds" / "logs_wide.wg").ir,
                                                                    (("none", {}),), {}, Bounds(), 5)}
    print(f"verification, seeds 0..{seeds - 1}:")
    for name, spec in contenders.items():
        start = time.process_time()
        results = [compile_seed(spec, seed) for seed in range(seeds)]
        per = (time.process_time() - start) / seeds
        accepted = sum(r.artifact is not None for r in results)
        print(f"  {name:46s} {per * 1e3:8.1f} ms/world  ({accepted}/{seeds} accepted)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per throughput contender")
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    throughput(args.seconds)
    parse_times()
    checking(args.seeds)
    wide(args.seeds)


if __name__ == "__main__":
    main()
