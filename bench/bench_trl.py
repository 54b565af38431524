"""TRL benchmark: steps/s through ``WorldgenEnv`` (TRL's environment_factory class) beside the raw runtime.

Run by hand (needs the trl extra):  .venv/bin/python bench/bench_trl.py [--seconds S]

The TRL side does per episode what GRPOTrainer does with the class: ``reset(**row)`` with a whole
``trl_dataset`` row (a new episode of the row's world), then one ``act`` tool call per command,
each reply parsed as the openai: rollout policy parses replies. One instance plays every
episode in turn, as TRL reuses its pooled instances. The raw side resets and steps one ``Env``
per world. Both play the oracle's walkthroughs of the same worlds and seeds. Target (issue 11):
>= 80 % of raw. Short episodes weigh the per-episode cost (finding the world, a fresh Env) most,
so a suite of short walkthroughs (vault) and one of long ones (hanoi) are both shown.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from itertools import cycle
from pathlib import Path

from integrations import Walkthrough, bench_suite, print_ratios, raw_episodes, steps_per_second, walkthroughs

from worldgen.integrations.trl import WorldgenEnv, trl_rows


def trl_episodes(walks: list[Walkthrough]) -> Callable[[], int]:
    root = Path(walks[0].suite).parent  # rows hold the suite relative to this root
    seeds = range(0, max(w.seed for w in walks) + 1)
    rows = {(r["world_id"], r["seed"]): r for r in trl_rows(walks[0].suite, seeds, root=root)}
    env = WorldgenEnv(root=root)
    episodes = cycle(walks)

    def play() -> int:
        walk = next(episodes)
        env.reset(**rows[walk.world_id, walk.seed])
        for command in walk.commands:
            env.act(command)
        return len(walk.commands)

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per contender (default 3)")
    args = parser.parse_args()
    print("TRL WorldgenEnv (reset(**row) + act tool calls) vs raw Env.step, oracle walkthroughs, CPU time")
    with tempfile.TemporaryDirectory() as tmp:
        for scaffold in ("vault", "hanoi"):
            walks = walkthroughs(bench_suite(Path(tmp), scaffold))
            best = steps_per_second({"raw": raw_episodes(walks), "core": raw_episodes(walks, lean=True), "trl": trl_episodes(walks)},
                                    args.seconds)
            print_ratios(scaffold, walks, best, ["trl"])

if __name__ == "__main__":
    main()
