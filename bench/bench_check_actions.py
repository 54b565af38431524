"""`worldgen check` against the number of actions: seconds for scaffolds of 1,000 to 10,000
one-line actions, and each size's time per action relative to the smallest (a linear check
stays near 1.0x; a quadratic one grows with the size).

Run by hand:  .venv/bin/python bench/bench_check_actions.py [--sizes 1000 2000 4000 10000]

Each scaffold has one state variable and N one-line actions `press_I(k) "press I {k}"` that set
it: their patterns share the first word, so only the second tells them apart. The time is all of
`worldgen check FILE` in this process (parse, check, and the state-space estimate it prints).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import tempfile
import time
from pathlib import Path

from worldgen.cli.main import main as worldgen


def scaffold(actions: int) -> str:
    """A world with ``actions`` one-line actions, each with its own command word."""
    lines = ["world many {", "  state { n: int in 0..9 = 0 }"]
    lines += [f'  action press_{i}(k: int in 0..9) "press {i} {{k}}" {{ do n = k }}' for i in range(actions)]
    lines += ['  observe "n is {n}"', "  done when n == 9", "  horizon 5", "}"]
    return "\n".join(lines) + "\n"


def seconds(actions: int, folder: Path) -> float:
    """Wall time of `worldgen check` on a scaffold of ``actions`` actions (it must pass)."""
    path = folder / f"many{actions}.wg"
    path.write_text(scaffold(actions), "utf-8")
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = worldgen(["check", str(path)])
    took = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"worldgen check {path} failed with exit code {code}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 4000, 10000])
    sizes = parser.parse_args().sizes
    with tempfile.TemporaryDirectory() as folder:
        seconds(1, Path(folder))  # build the cached parser first
        base = None
        for n in sizes:
            took = seconds(n, Path(folder))
            per = took / n
            base = base or per
            print(f"{n:>7,} actions: {took:8.2f} s  ({per * 1e6:7.1f} us per action, {per / base:5.2f}x the smallest)")


if __name__ == "__main__":
    main()
