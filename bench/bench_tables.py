"""Single-env steps/s from a world's tables vs its rules, beside a trivial Python env (the floor).

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_tables.py [--steps N] [--only NAME ...]

Every shipped scaffold (the first seed its example record builds), both runtimes and the floor
driven by one loop in the same run: a random admissible command each step, the admissible list
read every step, the observation returned every step, reset at each end. The figures are ratios
to the floor; the goal (issue 25, item 2) is >= 25 % of the floor from tables, measured on a
fresh env (every text rendered the first time it is met); "warm" is the same env stepping again,
as a world played for many episodes (or a second env of the same tables, which shares its texts)
runs. A terminal world's lines go through its shell in both runtimes (only what changes the state
steps through the tables), so its summary line is apart. Also printed: the table's states,
commands, bytes per state, and the time to explore and build.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import speed_reference
import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.tables.build import build, unfit
from worldgen.tables.step import TableEnv
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import explore

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["north", "south", "east", "west"]


class TrivialEnv:
    """The floor: the same shape of step (Gymnasium's 5-tuple, an info with an admissible list)
    doing almost nothing."""

    def __init__(self) -> None:
        self.t = 0

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        self.t = 0
        return "start", {"admissible": COMMANDS}

    def step(self, command: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        self.t += 1
        return "obs", 0.0, False, self.t >= 50, {"valid": True, "step": self.t, "admissible": COMMANDS}


def steps_per_second(env: Any, steps: int) -> float:
    """The one loop every runtime is timed by."""
    choice = random.Random(0).choice
    obs, info = env.reset(seed=0)
    start = time.perf_counter()
    for _ in range(steps):
        options = info["admissible"]
        obs, reward, terminated, truncated, info = env.step(choice(options) if options else "look")
        if terminated or truncated:
            obs, info = env.reset()
    return steps / (time.perf_counter() - start)


def warmed(env: Any, steps: int) -> tuple[float, float]:
    """Steps/s of a fresh env (cold), then of the same env stepping again (warm)."""
    return steps_per_second(env, steps), steps_per_second(env, steps)


def first_world(name: str) -> worldgen.World | None:
    scaffold = worldgen.load(ROOT / "scaffolds" / f"{name}.wg")
    record = json.loads((ROOT / "content_packs" / name / "example.json").read_text("utf-8"))
    for seed in range(50):
        try:
            return scaffold.instantiate(record, seed=seed)
        except worldgen.InstantiationError:
            continue
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--only", nargs="*", help="scaffold names (default: every shipped one)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per world, best taken (default 5: "
                        "this machine's speed swings by a quarter from second to second)")
    args = parser.parse_args()
    names = args.only or sorted(p.stem for p in (ROOT / "scaffolds").glob("*.wg"))
    print("floor: a trivial env, admissible read every step; each world's floor measured beside it\n")
    print(f"{'world':16s} {'floor/s':>8s} {'states':>7s} {'cmds':>5s} {'B/state':>8s} {'build s':>8s}"
          f" {'rules steps/s':>14s} {'% floor':>8s} {'tables steps/s':>15s} {'% floor':>8s} {'x rules':>8s} {'warm':>8s}")
    ratios: dict[bool, list[float]] = {False: [], True: []}  # by: is it a terminal world?
    for name in names:
        world = first_world(name)
        if world is None:
            print(f"{name:16s} no seed under 50 builds")
            continue
        started = time.perf_counter()
        rules, initial = load_rules(world)
        graph = explore(rules, initial, Bounds())
        why = unfit(rules, graph)
        if why is not None:
            print(f"{name:16s} runs on its rules: {why}")
            continue
        tables = build(world.id, rules, graph)
        built = time.perf_counter() - started
        # best of --rounds interleaved rounds each (the machine is shared): a fresh env per round, caches
        # cold (its texts rendered as first met), then the same env again (warm: every text met before)
        rounds = [(steps_per_second(TrivialEnv(), args.steps), steps_per_second(world.env(), args.steps),
                   *warmed(TableEnv(world, tables), args.steps)) for _ in range(args.rounds)]
        floor, from_rules, from_tables, warm = (max(r[i] for r in rounds) for i in range(4))
        ratios[rules.layout is not None].append(from_tables / floor)
        print(f"{name:16s} {floor:>8,.0f} {tables.states:>7,} {tables.commands:>5,} {tables.nbytes() / tables.states:>8,.0f} {built:>8.2f}"
              f" {from_rules:>14,.0f} {100 * from_rules / floor:>7.1f}% {from_tables:>15,.0f} {100 * from_tables / floor:>7.1f}%"
              f" {from_tables / from_rules:>7.1f}x {100 * warm / floor:>7.1f}%")
    for terminal, kept in ratios.items():
        if kept:
            print(f"\n{'terminal worlds' if terminal else 'tables'}: {100 * min(kept):.1f}-{100 * max(kept):.1f} % of the "
                  f"floor (goal >= 25 %: {sum(r >= 0.25 for r in kept)} of {len(kept)} worlds)")
    print()
    measured = reference(args.steps // 10)
    for name, (floor, rate) in measured.items():
        print(f"{name:16s} {floor:>8,.0f} {'':>7s} {'':>5s} {'':>8s} {'':>8s} {rate:>14,.0f} {100 * rate / floor:>7.2f}%")


def reference(steps: int) -> dict[str, tuple[float, float]]:
    """TextWorldExpress's games through the same loop: per game (the floor measured beside it, its
    steps/s); says which version ran, or that it is missing (then nothing is measured)."""
    shown = speed_reference.versions()
    if shown is None:
        print(speed_reference.MISSING)
        return {}
    server, games = speed_reference.games()
    print(f"{shown}: its Python API (one step = one call into its Java engine)")
    try:
        measured = {}
        for name, game in games.items():
            rounds = [(steps_per_second(TrivialEnv(), steps), steps_per_second(game, steps)) for _ in range(3)]
            measured[name] = (max(r[0] for r in rounds), max(r[1] for r in rounds))
        return measured
    finally:
        server.close()


if __name__ == "__main__":
    main()
