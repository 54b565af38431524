"""Fuzz ``diff`` against GNU diff: random file pairs (tests/shell/builtins/diff_cases.py) through
both, in normal, unified, context and side-by-side format; prints cases tried, agreement and the first
disagreements. Usage: python bench/fuzz_diff.py [CASES] [SEED] [OPTIONS...] (default 20000 0,
formats ``''``, ``-u``, ``-c``, ``-y``; other options, e.g. ``-i -w``, are added to each)."""

from __future__ import annotations

import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

from tests.shell.builtins.diff_cases import cases, gnu_and_ours

FORMATS = [[], ["-u"], ["-c"], ["-y"]]
SHOWN = 3


def main(count: int, seed: int, extra: list[str]) -> int:
    agree = {" ".join(f) or "normal": 0 for f in FORMATS}
    shown, started = 0, time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for k, (a, b) in enumerate(islice(cases(seed), count)):
            for form in FORMATS:
                theirs, ours = gnu_and_ours(a, b, [*form, *extra], Path(tmp))
                if theirs == ours:
                    agree[" ".join(form) or "normal"] += 1
                elif shown < SHOWN:
                    shown += 1
                    print(f"case {k} {form + extra}: A={a!r} B={b!r}\nGNU:\n{theirs[0]}{theirs[1:]}\nOURS:\n{ours[0]}{ours[1:]}\n")
    print(f"{count} cases (seed {seed}, extra options {extra or 'none'}) in {time.perf_counter() - started:.0f}s")
    for form, n in agree.items():
        print(f"  {form:7} {n}/{count} agree ({100 * n / count:.3f}%)")
    return 0 if all(n == count for n in agree.values()) else 1


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(int(args[0]) if args else 20000, int(args[1]) if len(args) > 1 else 0, args[2:]))
