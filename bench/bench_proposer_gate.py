"""The proposer's hostile inputs: worst time and memory per hostile draft and per hostile answer.

Run by hand:  .venv/bin/python bench/bench_proposer_gate.py [--seconds S] [--before] [--cap S]

First what judging in a child process adds per proposal. Drafts go through the gate (`flywheel.accept.Gate`, 6 seeds, no band test) with the default
budget (`flywheel.budget`; --seconds lowers its time limit), each in a fresh process so its peak
memory is its own. --before judges them as the LLM proposer's probe did before the budget: the
draft's own `check within` and horizon, no time or memory limit (cut off here at --cap seconds).
Answers: `flywheel.answers.scaffold` and `cleaned` on 1 MB hostile answers, beside the regex the
block search used before, timed on smaller answers (it is quadratic: the 1 MB figure is extrapolated).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.flywheel.test_gate_budget import COUNTER, switches  # noqa: E402

DRAFTS = {
    "2^24 states, check within 100M": switches(24, "  check within 100_000_000 states\n"),
    "2^24 states, no bound declared": switches(24),
    "horizon 1_000_000 counter, check within 2M": COUNTER.replace("horizon n", "horizon 1_000_000\n  check within 2_000_000 states"),
    "horizon n (n ~ 10^6) counter": COUNTER,
}
ANSWERS = {
    "1 MB of backticks": "`" * 1_000_000,
    "250,000 unclosed ```x": "```x" * 250_000,
    "a fence, then 250,000 ```x": "```\n" + "```x" * 250_000,
    "1 MB with lone surrogates": "\ud800world " * 142_857,
}
OLD_BLOCK = re.compile(r"```(?:wg)?[^\n]*\n(.*?)```", re.S)  # the block search before flywheel.answers


def judge(name: str, seconds: float, before: bool) -> dict[str, object]:
    """One draft judged in this process (run as a child of the bench)."""
    from worldgen.flywheel.accept import Gate
    from worldgen.flywheel.budget import GateBudget
    from worldgen.flywheel.mutate import Band

    budget = (GateBudget(max_states=100_000_000, seconds=None, memory_mb=None, horizon=1_000_000) if before
              else GateBudget(seconds=seconds))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as work:
        verdict = Gate([], Band(), range(6), budget=budget).evaluate(DRAFTS[name], "draft.wg", Path(work) / "suite", None)
    peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return {"seconds": round(time.perf_counter() - started, 1), "peak_mb": peak // 1024, "reason": verdict.reason[:90]}


def drafts(seconds: float, before: bool, cap: float) -> None:
    print(f"hostile drafts ({'before: the draft own bounds, no limits' if before else f'budget: default, {seconds:g} s'}):")
    for name in DRAFTS:
        command = [sys.executable, __file__, "--one", name, "--seconds", str(seconds)] + (["--before"] if before else [])
        started = time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=cap, check=True)
            figures = json.loads(done.stdout.splitlines()[-1])
        except subprocess.TimeoutExpired:
            figures = {"seconds": f"> {cap:g} (cut by the bench)", "peak_mb": "?", "reason": ""}
        wall = time.perf_counter() - started
        print(f"  {name:45} {figures['seconds']} s judged ({wall:.1f} s with start-up), peak {figures['peak_mb']} MB: "
              f"{figures['reason']}")


def answers() -> None:
    from worldgen.flywheel.answers import cleaned, scaffold

    print("hostile answers (1 MB each):")
    for name, answer in ANSWERS.items():
        started = time.perf_counter()
        scaffold(cleaned(answer))
        after = time.perf_counter() - started
        small = [_old_seconds(answer[:n]) for n in (50_000, 100_000)]
        growth = small[1] / small[0] if small[0] > 0 else 1.0
        exponent = max(1.0, min(2.0, math.log2(growth)))  # measured, between linear and quadratic
        estimate = small[1] * (len(answer) / 100_000) ** exponent
        print(f"  {name:30} now {after * 1000:.1f} ms; the old regex: {small[0]:.2f} s at 50 kB, "
              f"{small[1]:.2f} s at 100 kB, ~{estimate / 60:,.0f} min at 1 MB (x{growth:.1f} per doubling)")


def overhead(calls: int = 20) -> None:
    """What judging in a forked child adds to every proposal, hostile or not."""
    from worldgen.flywheel.bounded import bounded

    started = time.perf_counter()
    for _ in range(calls):
        bounded(lambda: None, 10, 4096)
    print(f"a judgement in a forked child: {(time.perf_counter() - started) / calls * 1000:.0f} ms of overhead per proposal")


def _old_seconds(answer: str) -> float:
    started = time.perf_counter()
    OLD_BLOCK.findall(answer)
    return time.perf_counter() - started


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=300.0, help="the gate's time budget per draft (default 300)")
    p.add_argument("--before", action="store_true", help="judge the drafts as the probe did before the budget")
    p.add_argument("--cap", type=float, default=900.0, help="the bench's own cut-off per draft (default 900 s)")
    p.add_argument("--one", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.one:
        print(json.dumps(judge(args.one, args.seconds, args.before)))
        return
    overhead()
    answers()
    drafts(args.seconds, args.before, args.cap)


if __name__ == "__main__":
    main()
