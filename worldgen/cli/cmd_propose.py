"""`worldgen propose --library DIR --report REPORT.json -n K -o OUT`: new verified scaffolds aimed
at the solver's band.

Reads the library (a folder of .wg files; a scaffold's content record is NAME.json beside it or
content_packs/NAME/example.json next to the folder) and the solver's results (`worldgen report
--json` files with its rollouts), and writes up to K proposals that passed every gate: check,
new rules, content, >= 90 % of --seeds compiled, the oracle solves them, random play wins less
often than the band's top, new behaviour. OUT/NAME/ holds each accepted proposal (NAME.wg,
NAME.json, provenance.json), OUT/rejected/NAME/ each rejected one with its reason, OUT/suites/
the worlds compiled for them, OUT/summary.json the run. Re-running resumes a killed run.
Exit 0 when at least one proposal was accepted, 1 when none was.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from worldgen.cli.common import folder, seed_range, success_band, whole_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("propose", help="propose new verified scaffolds aimed at the solver's band", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--library", required=True, metavar="DIR", help="folder of scaffolds (*.wg)")
    p.add_argument("--report", required=True, nargs="+", metavar="REPORT.json",
                   help="the solver's `worldgen report --json` file(s)")
    p.add_argument("--band", type=success_band, default=(0.2, 0.8), metavar="LO:HI", help="target solver success (default 0.2:0.8)")
    p.add_argument("--proposer", choices=("mutate",), default="mutate", help="who proposes (default mutate, offline)")
    p.add_argument("--solver", metavar="POLICY", help="which policy of the reports is the solver (default: the only one "
                   "that is not random, oracle or fair-oracle)")
    p.add_argument("-n", type=whole_number(1), default=4, metavar="K", help="proposals to accept (default 4)")
    p.add_argument("-o", "--out", type=folder, required=True, metavar="OUT", help="output folder (a killed run resumes)")
    p.add_argument("--seeds", type=seed_range, default=range(20), metavar="A:B", help="seeds each proposal is compiled for (default 0:20)")
    p.add_argument("--jobs", "-j", type=whole_number(1), default=1, metavar="J", help="compile worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.flywheel.mutate import Band
    from worldgen.flywheel.propose import Settings, propose
    from worldgen.flywheel.solver import read_reports

    view = read_reports([Path(r) for r in args.report], args.solver)
    settings = Settings(Band(*args.band), args.n, args.seeds, args.jobs)
    summary = propose(Path(args.library), view, Path(args.out), settings)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{args.out}: {len(summary['accepted'])} of {summary['evaluated']} proposals accepted "
              f"(solver {summary['solver']}, band {args.band[0]:g}..{args.band[1]:g})")
        for name in summary["accepted"]:
            print(f"  accepted  {name}")
        for item in summary["rejected"]:
            print(f"  rejected  {item['name']}: {item['reason'].splitlines()[0]}")
    return 0 if summary["accepted"] else 1
