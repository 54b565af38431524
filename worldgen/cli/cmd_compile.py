"""`worldgen compile FILE.wg --pack PACK --seeds A:B -o OUT`: compile and verify a suite of worlds.

Writes OUT/worlds/<id>.json (one artifact per accepted world), OUT/index.jsonl, OUT/rejected.jsonl
(every rejected seed, with the reason of each draw), OUT/draws.jsonl (every failed draw with its
counterexamples; `worldgen explain OUT` prints them) and OUT/summary.json. Seed s takes record
s mod len(PACK). A world failing a check is re-drawn (new build-time randomness; with
--redraw-params new params too) up to --attempts times, when a re-draw can change the outcome (a
scaffold without build-time generators builds the same world again). When every draw of the first
3 seeds fails a check no re-draw can pass (the state bound; a require on params that never holds),
compile stops there and exits 1. Output bytes do not depend on --jobs or --executor. Progress
(stderr) counts seeds and shows each draw as it ends, in worker processes too ("seed 7 draw 1
rejected (bounds)"); outside a terminal, a line every 5 s.
A crashed or killed compile is finished by re-running the same command: finished seeds are
skipped and the suite ends byte-identical to an uninterrupted run. Until then OUT holds an
`in-progress` marker and every command that loads suites refuses it. The same command once the
compile has finished does nothing and exits as the compile did.
"""

from __future__ import annotations

import argparse
import json
import sys

from worldgen.cli.common import ParamFlags, assignments, folder, seed_range, whole_number
from worldgen.verify import DEFAULT_MAX_STATES


def bounds_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-states", type=whole_number(1), metavar="N",
                   help="model-checking bound on reachable states (default: the scaffold's `check within N states`, "
                        f"else {DEFAULT_MAX_STATES:,}); hitting it fails the world")
    p.add_argument("--max-depth", type=whole_number(1), metavar="N",
                   help="model-checking bound on path length (default: none); hitting it fails the world")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compile", help="compile and verify a suite of worlds", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE.wg", help="the scaffold")
    p.add_argument("--pack", metavar="PACK", help="content pack folder, .jsonl, or one .json record "
                   "(default: the example record shipped beside the scaffold; none for a scaffold without content)")
    p.add_argument("--seeds", type=seed_range, required=True, metavar="A:B|N", help="world seeds A..B-1, or N: seeds 0..N-1")
    p.add_argument("-o", "--out", type=folder, required=True, metavar="OUT",
                   help="output folder (must not hold a finished suite; an interrupted compile of the same inputs is resumed)")
    p.add_argument("--axis", action="append", metavar="NAME=VALUE", help="fix an axis alternative (repeatable)")
    p.add_argument("--param", action="append", metavar="NAME=VALUE",
                   help="fix a param to one value of its declared range or choices (repeatable): a slice of the family")
    p.add_argument("--attempts", type=whole_number(1), default=5, metavar="N", help="draws per seed before rejecting it (default 5)")
    p.add_argument("--redraw-params", action="store_true",
                   help="a re-draw also draws new params (default: re-draws keep the seed's params, axes and content)")
    bounds_arguments(p)
    p.add_argument("--jobs", "-j", type=whole_number(1), default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--executor", choices=("local", "ray"), default="local", help="where workers run (default local)")
    p.add_argument("--ray-address", metavar="ADDR", help="Ray cluster address (default: start a local Ray)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--tables", action="store_true",
                   help="also write each fitting world's step tables beside its artifact (docs/tables.md)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.executor == "local":
        from worldgen.compiler.executors import start_server

        start_server(args.jobs)  # first: its import of worldgen runs beside this process's own
    from worldgen.api.compiling import compile_with_ir
    from worldgen.compiler.advice import redraw_hint, skew_warning
    from worldgen.compiler.suite import REJECTED

    suite, ir = compile_with_ir(args.file, args.out, args.seeds, pack=args.pack, axes=assignments(args.axis, "--axis"),
                                params=ParamFlags(assignments(args.param, "--param")), attempts=args.attempts,
                                redraw_params=args.redraw_params, max_states=args.max_states, max_depth=args.max_depth,
                                jobs=args.jobs, executor=args.executor, ray_address=args.ray_address, tables=args.tables,
                                progress=True)
    out, data, elapsed = suite.path, suite.summary, suite.seconds
    assert elapsed is not None  # a suite just compiled
    if args.json:
        print(json.dumps({**data, "out": str(out), "seconds": round(elapsed, 3)}, indent=2))
    else:
        print(f"{out}: {data['accepted']} of {data['worlds']} worlds accepted ({100 * data['acceptance_rate']:.1f}%), "
              f"{data['draws']} draws ({100 * data['draw_acceptance_rate']:.1f}% passed), "
              f"{data['worlds'] / elapsed:.1f} worlds/s")
        if data["failed_checks_in_rejected"]:
            reasons = ", ".join(f"{k} x{v}" for k, v in data["failed_checks_in_rejected"].items())
            print(f"  rejected seeds failed: {reasons} (details in {out / REJECTED}; `worldgen explain {out}` shows why)")
        if args.tables:
            without = "".join(f"; {n} {why}" for why, n in data["tables"]["without"].items())
            print(f"  step tables: {data['tables']['written']} of {data['accepted']} worlds{without} (docs/tables.md)")
        if data["failed_checks_in_redraws"]:
            reasons = ", ".join(f"{k} x{v}" for k, v in data["failed_checks_in_redraws"].items())
            print(f"  accepted seeds were re-drawn for: {reasons}")
        if not args.redraw_params:
            for hint in redraw_hint(ir, data["failed_checks_in_rejected"]):
                print(f"  {hint}")
    redrawn = sum(n for attempt, n in data["accepted_at_attempt"].items() if attempt != "0")
    skew = skew_warning(ir, data["failed_checks_in_redraws"], redrawn, out) if args.redraw_params else None
    if skew is not None:
        print(f"compile: warning: {skew}", file=sys.stderr)
    if not suite.accepted:
        print(f"error: no world passed its checks; see {out / REJECTED}", file=sys.stderr)
        return 1
    return 0
