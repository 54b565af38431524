"""`worldgen smoke trl SUITE [--seeds A:B] [--steps N]`.

One real GRPOTrainer step of TRL on a CPU, before a GPU is paid for: the suite's dataset rows,
WorldgenEnv as the environment factory, the world's return as the reward (success logged at
weight 0), a tiny model made on the spot and generation scripted from the oracle's walkthroughs,
so every rollout should reach its goal through TRL's own tool loop. Prints what TRL logged; exits 1
when a rollout did not, 2 when TRL is not installed (pip install 'worldgen[trl]').
See docs/training-trl.md for the real run this stands in for.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from worldgen.cli.common import plural, seed_range, whole_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("smoke", help="one real training step on CPU with a tiny model (trl)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("framework", choices=["trl"], help="the trainer to drive (trl: GRPOTrainer)")
    p.add_argument("suite", metavar="SUITE", help="a compiled suite folder (worldgen compile -o)")
    p.add_argument("--seeds", type=seed_range, default=range(2), metavar="A:B", help="episode seeds of the dataset rows (default 0:2)")
    p.add_argument("--steps", type=whole_number(1), default=1, metavar="N", help="optimiser steps, 4 rollouts each (default 1)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.integrations import smoke

    with contextlib.redirect_stdout(sys.stderr):  # the Trainer prints its log dicts; stdout keeps the one summary line
        done = smoke.smoke_trl(args.suite, seeds=args.seeds, steps=args.steps)
    m = done.metrics
    success = m.get("rewards/world_success/mean", 0.0)
    print(f"trl: {plural(args.steps, 'GRPO step')}, {plural(done.rollouts, 'rollout')} over {plural(done.worlds, 'world')} "
          f"in {done.seconds:.1f} s: reward {m.get('reward', 0.0):.3f} (the world's return), "
          f"success {success:.2f} (logged, weight 0), tool failures {m.get('tools/failure_frequency', 0.0):.2f}, "
          f"loss {m.get('loss', 0.0):.4g}")
    return 0 if success == 1.0 and m.get("tools/failure_frequency", 0.0) == 0.0 else 1
