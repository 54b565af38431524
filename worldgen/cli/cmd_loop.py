"""`worldgen loop --library DIR --solver POLICY --rounds R -o RUN [--train CMD]`: the flywheel.

Each round compiles every scaffold of the round's library for --seeds (content: NAME.json beside
it, content_packs/NAME/example.json, else a procedural record), rolls the solver out (--episodes
per world), reports each suite, proposes up to -n new scaffolds aimed at the band (`worldgen
propose`: the solver plays every candidate, which enters only with its success in the band), and
adds the accepted ones to the next round's library; a candidate an earlier round rejected is not
compiled again. With --train, the command (split like a shell would, never run by one) runs after
each round with WORLDGEN_ROUND, WORLDGEN_SUITES, WORLDGEN_NEW_SUITES (the round's accepted
proposals), WORLDGEN_FRONTIER (a JSON file), WORLDGEN_LIBRARY and WORLDGEN_SOLVER set; if its last
output line is `solver: SPEC`, SPEC plays the next round. Each verdict and each round's summary
line are printed as they happen. With --eval SUITE the solver also plays that held-out
suite each round (never shown to the proposer; refused if it shares a world with the training
suites), charted per round. The gate's budget per proposal: --gate-states, --gate-seconds,
--gate-memory, --gate-horizon (see `worldgen propose`). RUN/round-NN/ holds each round; RUN/summary.json and
RUN/summary.html chart them. A killed loop resumes where it stopped when run again.
"""

from __future__ import annotations

import argparse
import json
import shlex

from worldgen.cli.common import folder, policy_spec, proposer_spec, seed_range, success_band, whole_number
from worldgen.cli.llm_options import endpoint
from worldgen.cli.gate_flags import add_gate_flags, gate_budget


def register(sub: argparse._SubParsersAction) -> None:
    from worldgen.rollouts.policies import SPECS

    p = sub.add_parser("loop", help="turn the flywheel: compile, roll out, report, propose, for R rounds",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--library", required=True, metavar="DIR", help="folder of scaffolds (*.wg) to start from")
    p.add_argument("--solver", required=True, type=policy_spec, metavar="POLICY", help=f"who plays: {SPECS}")
    p.add_argument("--rounds", type=whole_number(1), default=2, metavar="R", help="rounds (default 2)")
    p.add_argument("-o", "--out", type=folder, required=True, metavar="RUN", help="run folder (a killed loop resumes)")
    p.add_argument("--band", type=success_band, default=(0.2, 0.8), metavar="LO:HI", help="target solver success (default 0.2:0.8)")
    p.add_argument("-n", type=whole_number(0), default=4, metavar="K",
                   help="proposals to accept per round (default 4; 0: the fixed library, a control for --train)")
    p.add_argument("--seeds", type=seed_range, default=range(20), metavar="A:B|N", help="world seeds per scaffold (default 0:20)")
    p.add_argument("--episodes", type=whole_number(1), default=2, metavar="N",
                   help="solver episodes per world, in each round and in the gate's band test (default 2)")
    p.add_argument("--overlap", action="store_true",
                   help="accept a proposal whose band-test interval overlaps the band (default: its success must lie in it)")
    p.add_argument("--proposer", type=proposer_spec, default="mutate", metavar="mutate|openai:MODEL",
                   help="who proposes (default: the offline mutate proposer; see `worldgen propose`)")
    p.add_argument("--train", metavar="CMD", help="trainer command run after each round (see above)")
    p.add_argument("--eval", metavar="SUITE", help="a held-out suite the solver plays each round (e.g. `worldgen split`'s OUT/test)")
    p.add_argument("--base-url", type=endpoint, metavar="URL", help="OpenAI-compatible endpoint of an openai:MODEL solver or proposer")
    p.add_argument("--jobs", "-j", type=whole_number(1), default=1, metavar="J", help="compile worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_gate_flags(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.api import loop
    from worldgen.flywheel.loop import round_line

    train = tuple(shlex.split(args.train)) if args.train else ()
    summary = loop(args.library, args.out, args.solver, rounds=args.rounds, band=args.band, proposals=args.n,
                   seeds=args.seeds, episodes=args.episodes, overlap=args.overlap, proposer=args.proposer, train=train,
                   eval_suite=args.eval, base_url=args.base_url, jobs=args.jobs, budget=gate_budget(args)).summary
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    for r in summary["rounds"]:
        print(round_line(r, None))
    print(f"{args.out}/summary.json, {args.out}/summary.html")
    return 0
