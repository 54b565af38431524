"""The flywheel's cost: one `worldgen loop` round on the shipped library, and the mutate proposer's
accepted scaffolds per minute and yield.

Runs one round of the loop over every scaffold in scaffolds/ (20 seeds each, 2 episodes per world
of the fixed-skill solver noisy-oracle:0.3) and prints its wall time split into measuring
(compile + rollouts + report per scaffold) and proposing; then re-runs `propose` alone from that
round's reports into a fresh folder and prints accepted proposals per minute, the yield and the
rejection reasons. Target: a round under 2 minutes on this machine, offline. Last, the LLM
proposer against the scripted loopback server of the tests (broken DSL, then a scaffold that checks
but is unsolvable, then a valid one): rounds per acceptance, and per proposal the time spent in
the client (requests) beside the time worldgen's tools took.
Run by hand: `python bench/bench_flywheel.py [--seeds 0:20] [-n 4] [--jobs 2]`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

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
    args = ap.parse_args()
    a, b = (int(x) for x in args.seeds.split(":"))
    seeds = range(a, b)
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "run"
        marks: list[tuple[str, float]] = []
        started = time.perf_counter()
        summary = loop(ROOT / "scaffolds", run, LoopSettings(args.solver, rounds=1, proposals=args.n, seeds=seeds,
                                                           jobs=args.jobs),
                       lambda text: marks.append((text, time.perf_counter())))
        total = time.perf_counter() - started
        proposing = next(t for text, t in marks if text.endswith("propose"))
        r = summary["rounds"][0]
        print(f"loop round: {r['library']} scaffolds x {len(seeds)} seeds, solver {args.solver}: {total:.1f} s "
              f"(measure {proposing - started:.1f} s, propose {started + total - proposing:.1f} s); "
              f"target < 120 s")
        print(f"  solver success {r['success']:.3f}, in band {r['in_band']:.3f}, "
              f"{r['proposals']['accepted']} of {r['proposals']['evaluated']} proposals accepted")
        view = read_reports(sorted((run / "round-00" / "reports").glob("*.json")))
        t0 = time.perf_counter()
        out = propose(run / "round-00" / "library", view, Path(tmp) / "again",
                      Settings(Band(), args.n, seeds, args.jobs))
        seconds = time.perf_counter() - t0
        accepted = len(out["accepted"])
        print(f"mutate proposer: {accepted} accepted of {out['evaluated']} evaluated (yield {out['yield']:.2f}, "
              f"{out['repeats_skipped']} repeats skipped) in {seconds:.1f} s = {60 * accepted / seconds:.1f} accepted/min")
        reasons = Counter(item["reason"].split(":")[0] for item in out["rejected"])
        print("  rejected by gate:", json.dumps(dict(reasons)) if reasons else "none")
        llm(run, view, seeds)


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
