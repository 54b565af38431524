"""Emulator vs real bash on every terminal scaffold's files (a first, read-only measure).

Run by hand:  .venv/bin/python bench/bench_fidelity.py [--seeds N]

Each terminal scaffold's world (example record) has its file tree written under a temp folder;
the same read-only lines (cat, head, tail, wc, grep -c, sort | uniq -c, cut, ls -1, find -type f)
run over every world file through the world's shell (from /) and through /usr/bin/bash in the
folder (relative paths, LC_ALL=C). Prints agreement of stdout and exit status per scaffold and
each disagreement. Owners, modes and programs are not compared (the real container, issue #22).
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import tempfile
from pathlib import Path

import worldgen
from worldgen.catalogue import example_record, read_catalogue
from worldgen.errors import RequirementError

ROOT = Path(__file__).resolve().parent.parent
LINES = ("cat {f}", "head -n 2 {f}", "tail -n 1 {f}", "wc -l {f}", "grep -c e {f}", "sort {f} | uniq -c",
         "cut -c 1-20 {f}", "grep -n -i a {f} | head -n 3", "tr a-z A-Z < {f} | sort -r | head -n 2")


def measure(entry, seed: int) -> tuple[int, int, list[str]]:
    world = worldgen.load(entry.path).instantiate(example_record(entry), seed=seed)
    env = world.env()
    env.reset(seed=0)
    shell = env._terminal  # noqa: SLF001 - the world's shell itself, no episode bookkeeping
    files = sorted(p for p in shell.layout.files if shell.fs.stat(p) is not None)
    with tempfile.TemporaryDirectory() as tmp:
        for d in shell.layout.dirs:  # the world's directories, empty ones too
            if shell.fs.stat(d) is not None:
                (Path(tmp) / d.lstrip("/")).mkdir(parents=True, exist_ok=True)
        for path in files:
            target = Path(tmp) / path.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(shell.fs.read(path), "utf-8")
        shell.run("cd /")
        lines = [line.format(f=shlex.quote(p.lstrip("/"))) for p in files for line in LINES]
        lines += [f"ls -1 {shlex.quote(d.lstrip('/'))}" for d in sorted({str(Path(p).parent) for p in files})]
        lines.append("find " + " ".join(sorted({p.lstrip("/").split("/")[0] for p in files})) + " -type f | sort")
        same, bad = 0, []
        for line in lines:
            ours, status = shell.run(line)
            real = subprocess.run(["/usr/bin/bash", "-c", line], cwd=tmp, capture_output=True, text=True,
                                  env={"PATH": os.environ["PATH"], "LC_ALL": "C", "HOME": tmp})
            if (ours, status) == (real.stdout.rstrip("\n"), real.returncode):
                same += 1
            else:
                bad.append(f"{entry.name}: {line!r}: ours {status} {ours[:80]!r} | bash {real.returncode} {real.stdout.rstrip()[:80]!r}")
    return same, len(lines), bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=1)
    args = parser.parse_args()
    total = agree = 0
    problems: list[str] = []
    for entry in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs"):
        if worldgen.load(entry.path).ir.terminal is None:
            continue
        s = n = done = 0
        for seed in range(100 * args.seeds):  # the first seeds whose draw meets the scaffold's requires
            if done == args.seeds:
                break
            try:
                a, b, bad = measure(entry, seed)
            except RequirementError:
                continue
            s, n, done = s + a, n + b, done + 1
            problems += bad
        total, agree = total + n, agree + s
        print(f"  {entry.name:12s} {s:5d}/{n:<5d} lines agree ({100 * s / n:.1f} %)")
    print(f"all terminal scaffolds: {agree}/{total} ({100 * agree / total:.1f} %)")
    for p in problems[:40]:
        print("  differs:", p)


if __name__ == "__main__":
    main()
