"""`worldgen verify PATH`: re-run every check on an artifact or a whole suite folder.

Checks each artifact's hashes (an edited world, rules or file is caught), re-runs the model
checker from the artifact's data within verify's own bounds (--max-states, else the scaffold's
`check within` up to the default, else the default; never the bounds the artifact stores: a
larger `check within` needs --max-states, and the error names the value) and compares the result
with the stored report. Exit 1 if
anything fails, with each problem and its counterexample trace.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from worldgen.cli.common import whole_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="re-run the checks on artifacts", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="PATH", help="an artifact .json or a suite folder (with index.jsonl)")
    p.add_argument("--jobs", "-j", type=whole_number(1), default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--max-states", type=whole_number(1), metavar="N",
                   help="model-checking bound on reachable states (default: the scaffold's `check within N states` "
                        "up to the default, else the default; never the bound stored in the artifact)")
    p.add_argument("--max-depth", type=whole_number(1), metavar="N", help="model-checking bound on path length (default: none)")
    p.add_argument("--json", action="store_true", help="print one JSON line per artifact")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.compiler.executors import start_server

    start_server(args.jobs)  # first: its import of worldgen runs beside this process's own
    from worldgen.api.verifying import findings

    root = Path(args.path)
    suite = root.is_dir()
    failed = checked = 0
    for f in findings(root, jobs=args.jobs, max_states=args.max_states, max_depth=args.max_depth):
        checked += 1
        failed += not f.ok
        if args.json:
            print(json.dumps({"path": f.path, "ok": f.ok, "problems": f.problems}))
        elif not f.ok:
            print(f"{f.path}: FAILED", file=sys.stderr)
            for problem in f.problems:
                print(f"  - {problem}", file=sys.stderr)
        elif not suite:
            r = f.report
            assert r is not None
            length = r.measures.solution_length
            print(f"{f.path}: ok: {sum(c.status == 'pass' for c in r.checks)} checks passed, "
                  f"{r.measures.reachable_states} states"
                  + (f", oracle {length} steps" if length is not None else ""))
    if suite and not args.json:
        print(f"{root}: {checked - failed} of {checked} artifacts verified" + (f", {failed} FAILED" if failed else ""))
    return 1 if failed else 0
