"""`worldgen propose --library DIR --report REPORT.json -n K -o OUT`: new verified scaffolds aimed
at the solver's band.

Reads the library (a folder of .wg files; a scaffold's content record is NAME.json beside it or
content_packs/NAME/example.json next to the folder) and the solver's results (`worldgen report
--json` files with its rollouts), and writes up to K proposals that passed every gate: check,
new rules, content, >= 90 % of --seeds compiled, the oracle solves them, random play wins less
often than the band's top, new behaviour, and the solver's success on them (--episodes per world,
with a 95 % Wilson interval) lies in the band (--overlap: its interval overlaps it). Each accepted
proposal is played again with other episode seeds; the summary gives the share still in band.
Each verdict is printed (stderr) as it is made. OUT/NAME/ holds each accepted proposal (NAME.wg,
NAME.json, provenance.json), OUT/rejected/NAME/ each rejected one with its reason, OUT/suites/
the worlds compiled for them, OUT/summary.json the run. Re-running resumes a killed run.
With --proposer openai:MODEL an LLM writes new families instead, each draft repaired from
worldgen's own check, compile and rollout reports (OUT/transcripts/ keeps every conversation).
The gate's budget per proposal comes from --gate-states, --gate-seconds, --gate-memory and
--gate-horizon, never from the draft: a draft declaring more (`check within`, `horizon`) is
rejected with the limit, one that takes longer or more memory is cut off and rejected.
Exit 0 when at least one proposal was accepted, 1 when none was.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from worldgen.cli.common import folder, proposer_spec, seed_range, success_band, whole_number
from worldgen.cli.llm_options import endpoint
from worldgen.cli.gate_flags import add_gate_flags, gate_budget


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("propose", help="propose new verified scaffolds aimed at the solver's band", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--library", required=True, metavar="DIR", help="folder of scaffolds (*.wg)")
    p.add_argument("--report", required=True, nargs="+", metavar="REPORT.json",
                   help="the solver's `worldgen report --json` file(s)")
    p.add_argument("--band", type=success_band, default=(0.2, 0.8), metavar="LO:HI", help="target solver success (default 0.2:0.8)")
    p.add_argument("--proposer", type=proposer_spec, default="mutate", metavar="mutate|openai:MODEL",
                   help="who proposes: the offline `mutate` (default) or an LLM on any OpenAI-compatible endpoint")
    p.add_argument("--base-url", type=endpoint, metavar="URL", help="OpenAI-compatible endpoint of an openai:MODEL proposer or solver (default: OpenAI)")
    p.add_argument("--api-key-env", default="OPENAI_API_KEY", metavar="VAR",
                   help="environment variable holding the API key (default OPENAI_API_KEY)")
    p.add_argument("--max-rounds", type=whole_number(1), default=4, metavar="R",
                   help="answers per LLM draft: the first and up to R-1 repairs from worldgen's tools (default 4)")
    p.add_argument("--solver", metavar="POLICY", help="which policy of the reports is the solver (default: the only one "
                   "that is not random, oracle or fair-oracle)")
    p.add_argument("--episodes", type=whole_number(1), default=2, metavar="N",
                   help="the solver's episodes per world in the band test (default 2)")
    p.add_argument("--overlap", action="store_true",
                   help="accept a proposal whose band-test interval overlaps the band (default: its success must lie in it)")
    p.add_argument("--max-evaluated", type=whole_number(1), default=None, metavar="M",
                   help="proposals the gate evaluates at most (default max(2K, K+2))")
    p.add_argument("-n", type=whole_number(1), default=4, metavar="K", help="proposals to accept (default 4)")
    p.add_argument("-o", "--out", type=folder, required=True, metavar="OUT", help="output folder (a killed run resumes)")
    p.add_argument("--seeds", type=seed_range, default=range(20), metavar="A:B|N", help="seeds each proposal is compiled for (default 0:20)")
    p.add_argument("--jobs", "-j", type=whole_number(1), default=1, metavar="J", help="compile worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_gate_flags(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.cli.verdicts import decision
    from worldgen.flywheel.mutate import Band
    from worldgen.flywheel.propose import Settings, evaluation_budget, propose
    from worldgen.flywheel.solver import read_reports

    view = read_reports([Path(r) for r in args.report], args.solver)
    settings = Settings(Band(*args.band), args.n, args.seeds, args.jobs, args.episodes, args.overlap, args.base_url,
                        budget=gate_budget(args), max_evaluated=args.max_evaluated)
    proposer = None
    if args.proposer.startswith("openai:"):
        from worldgen.flywheel.llm_proposer import LLMProposer, LLMSettings

        proposer = LLMProposer(LLMSettings(model=args.proposer.partition(":")[2], base_url=args.base_url,
                                           api_key_env=args.api_key_env, max_rounds=args.max_rounds,
                                           max_drafts=evaluation_budget(args.n)))
    summary = propose(Path(args.library), view, Path(args.out), settings, proposer, decision)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{args.out}: {len(summary['accepted'])} of {summary['evaluated']} proposals accepted "
              f"(proposer {summary['proposer']}, solver {summary['solver']}, band {args.band[0]:g}..{args.band[1]:g})")
        if "tokens" in summary:
            cost = "unknown cost" if summary["cost_usd"] is None else f"${summary['cost_usd']:.4f}"
            print(f"  {summary['tokens']['prompt'] + summary['tokens']['completion']:,} tokens in "
                  f"{summary['tokens']['requests']} requests, {cost}")
        recheck = summary["recheck_in_band"]
        if recheck["of"]:
            print(f"  re-measured with other episode seeds: {recheck['count']} of {recheck['of']} accepted in band")
        for name in summary["accepted"]:
            print(f"  accepted  {name}")
        for item in summary["rejected"]:
            print(f"  rejected  {item['name']}: {item['reason'].splitlines()[0]}")
        for item in summary["skipped"]:
            print(f"  skipped   {item['name']}: {item['reason']}")
    return 0 if summary["accepted"] else 1
