"""Language 3 types and interface (issue #24, item 2): figures for the constructs this round added.

Run by hand:  .venv/bin/python bench/bench_language3_types.py [--seeds 20]

Prints: the Wordle-like test scaffold (tests/content/wordle.wg, clues from `letters(w)`) compiled
from procedural content, worlds accepted of --seeds and seconds; the payout world of
docs/language.md (a reward amount read from the state) verified, its best return and seconds; and
the line counts of the catalogue scaffolds simplified with the new constructs, now and at a git
revision (--before, default the commit before this round).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
import time
from pathlib import Path

import worldgen
from worldgen.compiler.packs import read_pack
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.content import ContentOptions, generate_pack
from worldgen.verify import Bounds
from worldgen.verify.run import verify_world

ROOT = Path(__file__).resolve().parent.parent
SIMPLIFIED = ("scaffolds/guess.wg", "scaffolds/lights_out.wg")


def wordle(seeds: int) -> tuple[int, float]:
    scaffold = worldgen.load(ROOT / "tests" / "content" / "wordle.wg")
    with tempfile.TemporaryDirectory() as tmp:
        generate_pack(scaffold.ir, Path(tmp) / "pack", seeds, ContentOptions(seed=0))
        spec = Spec(scaffold.ir, tuple(read_pack(Path(tmp) / "pack")), {}, Bounds(), 5)
        start = time.perf_counter()
        accepted = sum(compile_seed(spec, seed).artifact is not None for seed in range(seeds))
    return accepted, time.perf_counter() - start


def payout() -> tuple[float, float]:
    page = (ROOT / "docs" / "language.md").read_text("utf-8")
    source = re.search(r"```wg file=payout\.wg\n(.*?)```", page, re.S).group(1)  # type: ignore[union-attr]
    start = time.perf_counter()
    report = verify_world(worldgen.loads(source, "payout.wg").instantiate({}, seed=0))
    return report.returns.max, time.perf_counter() - start


def lines_at(revision: str, path: str) -> int:
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:{path}"], capture_output=True, text=True, check=True).stdout
    return len(text.splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--before", default="90090df", help="the git revision to count lines at")
    args = parser.parse_args()
    accepted, seconds = wordle(args.seeds)
    print(f"wordle (letters, procedural content): {accepted}/{args.seeds} worlds accepted in {seconds:.1f} s")
    best, seconds = payout()
    print(f"payout (reward read from the state): best return {best:g}, verified in {seconds:.2f} s")
    for path in SIMPLIFIED:
        now = len((ROOT / path).read_text("utf-8").splitlines())
        print(f"{path}: {lines_at(args.before, path)} lines at {args.before}, {now} now")


if __name__ == "__main__":
    main()
