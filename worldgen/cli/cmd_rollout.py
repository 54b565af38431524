"""`worldgen rollout PATH --policy random|oracle|fair-oracle|learner:POLICY.npz|openai:MODEL -o FILE.jsonl`: record episodes.

PATH is a suite folder, a world artifact or a world file. Each world is played --episodes times;
episode k uses episode seed S+k (--seed S); --seeds A:B (or N: 0..N-1) says the same in one flag. Every episode goes to FILE.jsonl as one JSON line:
world id, seed, axis choices, every command/observation/reward, return, success, steps, tokens,
and an error when the episode failed (docs/report.md describes the format). Re-running with the
same FILE resumes: recorded episodes are skipped, episodes whose policy failed are tried again.
`worldgen report PATH --rollouts FILE.jsonl` turns the file into success per world and per axis.
"""

from __future__ import annotations

import argparse
import sys

from worldgen.cli.common import plural, policy_spec, seed_range, trust_argument, whole_number
from worldgen.cli.llm_options import endpoint, temperature
from worldgen.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    from worldgen.rollouts.policies import SPECS

    p = sub.add_parser("rollout", help="record episodes of a policy over a suite", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="PATH", help="a suite folder, a world artifact or a world file")
    p.add_argument("--policy", required=True, type=policy_spec, metavar="POLICY", help=f"who plays: {SPECS}")
    p.add_argument("-o", "--out", required=True, metavar="FILE.jsonl", help="episodes file (appended to and resumed)")
    p.add_argument("--episodes", type=whole_number(1), metavar="N", help="episodes per world (default 1)")
    p.add_argument("--concurrency", type=whole_number(1), default=4, metavar="K", help="episodes in flight at once (default 4)")
    p.add_argument("--seed", type=whole_number(0), metavar="S", help="episode k uses seed S+k (default 0)")
    p.add_argument("--seeds", type=seed_range, metavar="A:B|N",
                   help="the episode seeds of every world: --seed A --episodes B-A (N: seeds 0..N-1)")
    p.add_argument("--base-url", type=endpoint, metavar="URL", help="OpenAI-compatible endpoint for openai:MODEL (default: OpenAI)")
    p.add_argument("--temperature", type=temperature, default=0.0, help="sampling temperature for openai:MODEL, 0 to 2 (default 0)")
    p.add_argument("--api-key-env", default="OPENAI_API_KEY", metavar="VAR",
                   help="environment variable holding the API key (default OPENAI_API_KEY)")
    p.add_argument("--shell", choices=("emulated", "real"), default="emulated",
                   help="terminal worlds: the emulated shell (default) or real bash over the world's files; real-shell "
                        "episodes are labelled POLICY@real-shell, so a report shows both faces")
    trust_argument(p)
    p.set_defaults(func=run)


def episode_seeds(args: argparse.Namespace) -> range:
    """The episode seeds of every world: --seeds, else --seed S and --episodes N (S..S+N-1)."""
    if args.seeds is None:
        first = args.seed or 0
        return range(first, first + (args.episodes or 1))
    if args.seed is not None or args.episodes is not None:
        raise UsageError("worldgen rollout: error: --seeds names the episode seeds; it replaces --seed and --episodes")
    return args.seeds


def run(args: argparse.Namespace) -> int:
    from worldgen.api import rollout

    seeds = episode_seeds(args)  # a policy may draw from them (random, openai:), so no SeedsIgnored here
    done = rollout(args.path, args.policy, args.out, episodes=len(seeds), concurrency=args.concurrency, seed=seeds.start,
                   base_url=args.base_url, temperature=args.temperature, api_key_env=args.api_key_env, shell=args.shell,
                   trust_edited=args.trust_edited)
    out, result = done.path, done.result
    resumed = f" ({result.skipped} already recorded)" if result.skipped else ""
    face = " in real bash" if args.shell == "real" else ""
    print(f"{out}: {plural(result.ran, 'episode')} of {done.policy}{face} recorded{resumed}; "
          f"{result.successes} succeeded, {len(result.errors)} ended in an error")
    for line in result.errors[:10]:
        print(f"  {line}", file=sys.stderr)
    if len(result.errors) > 10:
        print(f"  ... and {len(result.errors) - 10} more (see the \"error\" member of each line in {out})", file=sys.stderr)
    if done.policy_errors:
        print(f"error: {plural(done.policy_errors, 'episode')} failed on the policy's side; re-run the same command to "
              "retry them", file=sys.stderr)
        return 1
    return 0
