"""`worldgen report PATH [--rollouts FILE.jsonl ...] [--json] [--html FILE]`: the suite report.

Measures the five criteria of environment-suite quality (Executability, Signals, Coverage,
Complexity, Efficiency) from the suite's artifacts, index, summary and rejects, and, given rollout
files (`worldgen rollout`), success per world, per scaffold and per axis value for each policy.
Content tokens and cost come from the content pack's manifest, found with --pack. docs/report.md
explains every number. The JSON output is byte-identical for the same inputs except its
"measured" member (timings of this machine).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from worldgen.cli.common import trust_argument


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="the suite report: five criteria, and success per axis from rollouts",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="PATH", help="a suite folder (or a world artifact / world file)")
    p.add_argument("--rollouts", nargs="+", default=[], metavar="FILE.jsonl", help="rollout files to include")
    p.add_argument("--pack", nargs="+", default=[], metavar="PACK",
                   help="content pack folder(s) the suite was compiled from (for tokens and cost)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report with plots")
    trust_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.api import report
    from worldgen.cli.path_errors import check_output_file

    if args.html:
        check_output_file(args.html)
    built = report(args.path, args.rollouts, packs=args.pack, trust_edited=args.trust_edited)
    if args.html:  # first: a reader of stdout that stops early (`| head`) does not cost the file
        Path(args.html).write_text(built.html(), encoding="utf-8")
        print(f"wrote {args.html}", file=sys.stderr)
    if args.json:
        sys.stdout.write(built.json())
    else:
        built.print()
    sys.stdout.flush()
    return 0
