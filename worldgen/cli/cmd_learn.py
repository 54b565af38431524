"""`worldgen learn SUITE [SUITE ...] -o POLICY.npz [--episodes N] [--init POLICY.npz] [--seed N]`.

Trains the built-in CPU learner: a softmax policy over the admissible commands, on hashed
features of (observation, command), by REINFORCE with a per-world baseline (worldgen/learner).
Episode k plays a world of the suites (shuffled once by --seed) with episode seed --seed + k; the
same suites, seed and episodes give the same POLICY.npz. --init continues from a trained file.
Play it with `worldgen rollout SUITE --policy learner:POLICY.npz` or `worldgen loop --solver
learner:POLICY.npz`; docs/flywheel.md shows it as the loop's --train hook.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from worldgen.cli.common import plural, trust_argument, whole_number
from worldgen.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("learn", help="train the built-in CPU learner (learner:POLICY.npz) on suites", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("suites", nargs="+", metavar="SUITE", help="suite folder(s), world artifact(s) or world file(s)")
    p.add_argument("-o", "--out", required=True, metavar="POLICY.npz", help="the trained policy (written whole)")
    p.add_argument("--episodes", type=whole_number(1), default=1000, metavar="N", help="training episodes (default 1000)")
    p.add_argument("--init", metavar="POLICY.npz", help="start from this trained policy (default: all weights 0, uniform)")
    p.add_argument("--seed", type=whole_number(0), default=0, metavar="N", help="seed of world order, episodes and draws (default 0)")
    trust_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.cli.path_errors import check_output_file
    from worldgen.cli.progress import progress
    from worldgen.learner.model import Model, load
    from worldgen.learner.train import Settings, train
    from worldgen.rollouts.sources import open_entries

    check_output_file(args.out)  # a folder there fails now, not after the training
    model = load(args.init) if args.init else Model.new()
    entries = [e for suite in args.suites for e in open_entries(suite, args.trust_edited)]
    twice = sorted(world for world, n in Counter(e.id for e in entries).items() if n > 1)
    if twice:  # a suite given twice (or two sharing worlds) would weigh those worlds double, silently
        raise UsageError(f"worldgen learn: error: world {twice[0]} is in more than one of the suites given "
                         f"({len(twice)} world(s) in all); give each suite once, and suites that share no world")
    started = time.perf_counter()
    with progress("learn", args.episodes, "episodes", "won", "lost") as advance:
        seen = train(model, entries, Settings(episodes=args.episodes, seed=args.seed), lambda ret, won: advance(not won))
    seconds = time.perf_counter() - started
    model.save(Path(args.out))
    tenth = max(1, len(seen.wins) // 10)
    first, last = sum(seen.wins[:tenth]) / tenth, sum(seen.wins[-tenth:]) / tenth
    print(f"{args.out}: {plural(args.episodes, 'episode')} over {plural(len(entries), 'world')} in {seconds:.1f} s "
          f"({args.episodes / seconds:.0f} episodes/s); won {100 * first:.0f}% of the first tenth, "
          f"{100 * last:.0f}% of the last; {model.episodes} episodes trained in all")
    return 0
