"""The flywheel's cost and aim: `worldgen loop` rounds on the shipped library, the gate's cost per
candidate with the solver in it, the share of accepted proposals in the band, and the mutate
proposer's accepted scaffolds per minute and yield.

Runs --rounds rounds (default 2) of the loop over every scaffold in scaffolds/ (20 seeds each, 2
episodes per world of the fixed-skill solver noisy-oracle:0.3) and prints each round's wall time
split into measuring (compile + rollouts + report per scaffold) and proposing, and the share of
accepted proposals whose success, re-measured with other episode seeds, lies in the band (goal
>= 80 %). Then it re-runs `propose` alone from round 0's reports into a fresh folder and prints the
gate's seconds per candidate (and the band test's share of them), accepted proposals per minute,
the yield and the rejection reasons. Target: every round under 2 minutes on this machine, offline. Last, the LLM
proposer against the scripted loopback server of the tests (broken DSL, then a scaffold that checks
but is unsolvable, then a valid one): rounds per acceptance, and per proposal the time spent in
the client (requests) beside the time worldgen's tools took.
Run by hand: `python bench/bench_flywheel.py [--seeds 0:20] [-n 4] [--rounds 2] [--jobs 2]`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from worldgen.flywheel import accept
from worldgen.flywheel.loop import LoopSettings, loop
from worldgen.flywheel.mutate import Band
from worldgen.flywheel.propose import Settings, propose
from worldgen.flywheel.solver import read_reports

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0:20")
    ap.add_argument("-n", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--solver", default="noisy-oracle:0.3")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    a, b = (int(x) for x in args.seeds.split(":"))
    seeds = range(a, b)
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "run"
        marks: list[tuple[str, float]] = [("start", time.perf_counter())]
        summary = loop(ROOT / "scaffolds", run, LoopSettings(args.solver, rounds=args.rounds, proposals=args.n, seeds=seeds,
                                                           jobs=args.jobs),
                       lambda text: marks.append((text, time.perf_counter())))
        rounds(summary, marks, len(seeds), args.solver)
        view = read_reports(sorted((run / "round-00" / "reports").glob("*.json")))
        gate_cost(run, view, Path(tmp) / "again", Settings(Band(), args.n, seeds, args.jobs))
        llm(run, view, seeds)


def rounds(summary: dict, marks: list[tuple[str, float]], seeds: int, solver: str) -> None:
    """Per round: wall time (measure, propose), success, and the accepted proposals re-measured in band."""
    count = of = 0
    for r in summary["rounds"]:
        n = r["round"]
        start = marks[0][1] if n == 0 else next(t for text, t in marks if text.startswith(f"round {n - 1} in "))
        proposing = next(t for text, t in marks if text == f"round {n}: propose")
        end = next(t for text, t in marks if text.startswith(f"round {n} in "))
        recheck = r["proposals"]["recheck_in_band"]
        count, of = count + recheck["count"], of + recheck["of"]
        print(f"round {n}: {r['library']} scaffolds x {seeds} seeds, solver {solver}: {end - start:.1f} s "
              f"(measure {proposing - start:.1f} s, propose {end - proposing:.1f} s; target < 120 s); "
              f"success {r['success']:.3f}, in band {r['in_band']:.3f}; {r['proposals']['accepted']} of "
              f"{r['proposals']['evaluated']} proposals accepted, {r['proposals']['skipped']} skipped")
    share = f"{100 * count / of:.0f} %" if of else "n/a"
    print(f"accepted proposals in band when re-measured (other episode seeds): {count} of {of} = {share} (goal >= 80 %)")


def gate_cost(run: Path, view: object, out: Path, settings: Settings) -> None:
    """`propose` alone from round 0's reports: seconds per candidate the gate evaluated, the band
    test's share of them, and the mutate proposer's yield."""
    timed = {"evaluate": 0.0, "band": 0.0, "recheck": 0.0}
    evaluate, rollout = accept.Gate.evaluate, accept.rollout

    def timed_evaluate(self, *a, **k):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        try:
            return evaluate(self, *a, **k)
        finally:
            timed["evaluate"] += time.perf_counter() - t

    def timed_rollout(suite, policy, episodes, entries=None, base_url=None, seed=0):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        try:
            return rollout(suite, policy, episodes, entries, base_url, seed)
        finally:
            if policy not in ("oracle", "random"):
                timed["recheck" if seed else "band"] += time.perf_counter() - t

    accept.Gate.evaluate, accept.rollout = timed_evaluate, timed_rollout  # type: ignore[method-assign]
    try:
        t0 = time.perf_counter()
        done = propose(run / "round-00" / "library", view, out, settings)  # type: ignore[arg-type]
        seconds = time.perf_counter() - t0
    finally:
        accept.Gate.evaluate, accept.rollout = evaluate, rollout  # type: ignore[method-assign]
    n = max(done["evaluated"], 1)
    print(f"gate: {timed['evaluate'] / n:.1f} s per candidate with the solver in it, of which the band test "
          f"{timed['band'] / n:.1f} s ({done['evaluated']} evaluated); re-measuring the accepted ones "
          f"{timed['recheck'] / max(len(done['accepted']), 1):.1f} s each")
    accepted = len(done["accepted"])
    print(f"mutate proposer: {accepted} accepted of {done['evaluated']} evaluated (yield {done['yield']:.2f}, "
          f"{done['repeats_skipped']} repeats skipped, {len(done['skipped'])} skipped) in {seconds:.1f} s = "
          f"{60 * accepted / seconds:.1f} accepted/min")
    reasons = Counter(item["reason"].split(":")[0] for item in done["rejected"])
    print("  rejected by gate:", json.dumps(dict(reasons)) if reasons else "none")


def llm(run: Path, view: object, seeds: range) -> None:
    """The LLM proposer's own overhead, its model answering instantly from a script."""
    sys.path.insert(0, str(ROOT))
    from tests.content.chat_server import ChatServer
    from tests.flywheel.test_llm_proposer import scripted
    from worldgen.flywheel.llm_proposer import LLMProposer, LLMSettings

    class Timed(LLMProposer):
        client_seconds = 0.0

        def _complete(self, messages, tokens):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            try:
                return super()._complete(messages, tokens)
            finally:
                Timed.client_seconds += time.perf_counter() - t

    with ChatServer(scripted) as server, tempfile.TemporaryDirectory() as tmp:
        proposer = Timed(LLMSettings(model="gpt-4o-mini", base_url=server.base_url, max_drafts=3, retries=0))
        t0 = time.perf_counter()
        out = propose(run / "round-00" / "library", view, Path(tmp) / "llm", Settings(Band(), 3, seeds), proposer)  # type: ignore[arg-type]
        seconds = time.perf_counter() - t0
    accepted = len(out["accepted"])
    requests = out["tokens"]["requests"]
    print(f"LLM proposer (scripted server): {accepted} accepted, {requests} requests = "
          f"{requests / max(accepted, 1):.1f} rounds per acceptance; per proposal {seconds / max(out['evaluated'], 1):.2f} s, "
          f"of which client {Timed.client_seconds / max(out['evaluated'], 1) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
