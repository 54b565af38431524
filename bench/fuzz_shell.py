"""Fuzz figures for the emulated shell: inputs tried per surface, lines/s, how many were refused
(exit 2: syntax errors, constructs outside the subset, bounds) and undone (stopped by the line's
work budget), the worst time and the worst peak memory of one input, and the slowest inputs (whole, as JSON lines, with --slowest-out FILE).

Run by hand:  .venv/bin/python bench/fuzz_shell.py [-n N] [--surfaces parser,lines,tools,world] [--seed S]

Inputs come from the fuzz suite's strategies (``tests/fuzz/shell_inputs.py``), drawn first, then
run twice: once timed (lines/s, worst time), once under ``tracemalloc`` (worst peak memory, which
tracing slows down). Every input is checked as the fuzz tests check it; a failure is printed and
counted. ``-n 100000 --surfaces lines`` is the long run.
"""

from __future__ import annotations

import argparse
import heapq
import json
import random
import time
import tracemalloc
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import worldgen
from tests.fuzz.inputs import ROOT
from tests.fuzz.shell_inputs import NAMES, Seen, any_line, check_line, check_parse, new_shell, word
from worldgen.shell import limits

TOOL_CALL = st.builds(lambda name, words: " ".join([name, *words]), st.sampled_from(NAMES), st.lists(word, max_size=8))
SLOWEST_KEPT = 5
SURFACES = {"parser": any_line, "lines": any_line, "tools": TOOL_CALL, "world": any_line}


def draw(strategy: st.SearchStrategy[str], n: int, seed: int) -> list[str]:
    """``n`` inputs of ``strategy`` (Hypothesis explores: small and odd inputs first)."""
    got: list[str] = []

    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(text: str) -> None:
        got.append(text)

    random.seed(seed)
    collect._hypothesis_internal_use_seed = seed  # type: ignore[attr-defined]
    collect()
    return got[:n]


def runner(surface: str) -> Callable[[str, Seen], None]:
    """One input of ``surface``, checked: parsed; run in a fresh shell; stepped in a world."""
    if surface == "parser":
        def parse(text: str, seen: Seen) -> None:
            check_parse(text)
            seen.lines += 1
        return parse
    if surface == "world":
        record = json.loads((ROOT / "content_packs/appconfig/example.json").read_text())
        env = worldgen.load(ROOT / "scaffolds/appconfig.wg").instantiate(record, seed=0).env()

        def step(text: str, seen: Seen) -> None:
            env.reset(seed=0)
            before = env.state()
            obs, reward, *_ = env.step(text)
            assert "internal error" not in obs, text
            stopped = env._terminal.last.stopped  # type: ignore[union-attr]
            assert not stopped or env.state() == before, text
            seen.lines += 1
            seen.refused += env.status == limits.LIMIT_STATUS
            seen.undone += stopped
        return step

    def line(text: str, seen: Seen) -> None:
        shell, fs, session = new_shell()
        check_line(shell, fs, session, text, seen)
    return line


def measure(surface: str, inputs: list[str]) -> dict[str, object]:
    run = runner(surface)
    seen, failures = Seen(), 0
    slowest: list[tuple[float, str]] = []  # the SLOWEST_KEPT slowest inputs, kept whole to re-run by hand
    start = time.perf_counter()
    for text in inputs:
        t0 = time.perf_counter()
        try:
            run(text, seen)
        except AssertionError as err:
            failures += 1
            print(f"  FAILED {surface}: {text[:120]!r}: {str(err)[:200]}")
        took = time.perf_counter() - t0
        if len(slowest) < SLOWEST_KEPT or took > slowest[0][0]:
            heapq.heappush(slowest, (took, text))
            if len(slowest) > SLOWEST_KEPT:
                heapq.heappop(slowest)
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    worst_peak = 0
    for text in inputs:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        try:
            run(text, Seen())
        except AssertionError:
            pass
        worst_peak = max(worst_peak, tracemalloc.get_traced_memory()[1] - base)
    tracemalloc.stop()
    return {"surface": surface, "inputs": len(inputs), "per_s": len(inputs) / elapsed, "refused": seen.refused,
            "undone": seen.undone, "failures": failures, "worst_peak_mib": worst_peak / 2**20,
            "slowest": sorted(slowest, reverse=True)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=2000, help="inputs per surface")
    ap.add_argument("--surfaces", default=",".join(SURFACES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--slowest-out", metavar="FILE", help="append the slowest inputs, whole, as JSON lines (to re-run by hand)")
    args = ap.parse_args()
    print(f"{'surface':8} {'inputs':>8} {'inputs/s':>9} {'refused':>8} {'undone':>7} {'failed':>7} "
          f"{'worst ms':>9} {'worst MiB':>10}")
    for surface in args.surfaces.split(","):
        inputs = draw(SURFACES[surface], args.n, args.seed)
        r = measure(surface, inputs)
        slowest = r["slowest"]
        print(f"{surface:8} {r['inputs']:>8,} {r['per_s']:>9.0f} {r['refused']:>8,} {r['undone']:>7,} "
              f"{r['failures']:>7} {slowest[0][0] * 1000 if slowest else 0:>9.1f} {r['worst_peak_mib']:>10.1f}", flush=True)
        for took, text in slowest:
            shown = json.dumps(text)
            print(f"  slowest {surface}: {took * 1000:9.1f} ms  {len(text):,} chars  "
                  f"{shown if len(shown) <= 160 else shown[:160] + ' ...'}", flush=True)
        if args.slowest_out:
            with open(args.slowest_out, "a", encoding="utf-8") as out:
                out.writelines(json.dumps({"surface": surface, "ms": took * 1000, "text": text}) + "\n" for took, text in slowest)


if __name__ == "__main__":
    main()
