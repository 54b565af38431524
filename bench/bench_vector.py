"""Batched steps/s from tables (worldgen.tables.batch) for 1, 64 and 4,096 envs, beside the
single-env floor, in one run on one core.

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_vector.py [--seconds S] [--only NAME ...]

The envs play the first world of each named scaffold (default: ice, frozen_lake, vault, maze;
mixed in one batch, each episode in a world drawn as Suite-v0 draws it). Each step picks a random admissible command id
per env from the masks the last step returned (a numpy argmax over noise; printed apart, as it
is the trainer's cost, not the batch's) and steps every env: once returning masks and ids only,
once with text observations too; then TextWorldExpress's Python API, when installed, through
bench_tables' single-env loop for scale (it has no batched Python API). The
goal (issue 25, item 3): >= 5 M steps/s with masks and ids, >= 1 M steps/s with texts. The floor
is bench_tables' trivial single Python env (one step = one call returning a 5-tuple), so
"x floor" says how many single-env steps a batched step is worth.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from bench_tables import TrivialEnv, first_world, reference, steps_per_second

from worldgen.runtime.loader import load_rules
from worldgen.tables.batch import Batch
from worldgen.tables.build import build, unfit
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import explore

SIZES = (1, 64, 4096)
NOISE = 16  # policy noise blocks, drawn once and reused in turn
WARM = 256  # steps before the clock starts: every env has played a world with chance by then


def batched_steps_per_second(batch: Batch, seconds: float) -> tuple[float, float]:
    """Steps/s of ``batch`` (envs x batch steps), a random admissible command per env each step:
    (the batch's steps alone, with the policy's argmax too)."""
    noise = np.random.default_rng(0).random((NOISE, batch.num_envs, batch.max_commands))
    _, masks = batch.reset(seed=0)
    for k in range(WARM):  # warm: each env's chance stream is made at its first draw, once per reset(seed),
        _, _, _, _, masks = batch.step(np.argmax(masks * noise[k % NOISE], axis=1))  # in its first chance world
    steps, stepping, start = 0, 0.0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for k in range(NOISE):
            commands = np.argmax(masks * noise[k], axis=1)
            before = time.perf_counter()
            _, _, _, _, masks = batch.step(commands)
            stepping += time.perf_counter() - before
        steps += NOISE
    return steps * batch.num_envs / stepping, steps * batch.num_envs / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="per figure (best of 2)")
    parser.add_argument("--only", nargs="*", default=["ice", "frozen_lake", "vault", "maze"])
    args = parser.parse_args()
    worlds, tables = [], []
    for name in args.only:
        world = first_world(name)
        rules, initial = load_rules(world)
        graph = explore(rules, initial, Bounds())
        why = unfit(rules, graph)
        if why is not None:
            print(f"{name}: left out, it runs on its rules: {why}")
            continue
        worlds.append(world)
        tables.append(build(world.id, rules, graph))
    floor = max(steps_per_second(TrivialEnv(), 200_000) for _ in range(3))
    print(f"worlds: {', '.join(w.id for w in worlds)}")
    print(f"floor (trivial single Python env): {floor:,.0f} steps/s\n")
    print("steps/s of the batch alone (and with the bench's numpy policy choosing from the masks)")
    print(f"{'envs':>6s} {'masks+ids':>22s} {'x floor':>8s} {'goal 5M':>8s} {'texts':>22s} {'x floor':>8s} {'goal 1M':>8s}")
    for n in SIZES:
        bare = max((batched_steps_per_second(Batch(worlds, tables, n), args.seconds) for _ in range(2)), key=lambda r: r[0])
        texts = max((batched_steps_per_second(Batch(worlds, tables, n, texts=True), args.seconds) for _ in range(2)),
                    key=lambda r: r[0])
        print(f"{n:>6,} {bare[0]:>11,.0f} ({bare[1]:>8,.0f}) {bare[0] / floor:>7.1f}x {100 * bare[0] / 5e6:>7.0f}%"
              f" {texts[0]:>11,.0f} ({texts[1]:>8,.0f}) {texts[0] / floor:>7.1f}x {100 * texts[0] / 1e6:>7.0f}%")
        largest = (bare[0], texts[0])
    print()
    for name, (_, rate) in reference(20_000).items():
        print(f"{name:16s} {rate:>11,.0f} steps/s, one env; the batch of {SIZES[-1]:,} steps "
              f"{largest[0] / rate:,.0f}x that with masks and ids, {largest[1] / rate:,.0f}x with texts")


if __name__ == "__main__":
    main()
