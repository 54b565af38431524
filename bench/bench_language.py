"""Language core benchmark: parse+check time per example scaffold, and runtime steps per second.

Run by hand:  .venv/bin/python bench/bench_language.py [--steps N]

Steps/s are printed beside a trivial pure-Python environment measured in the same run (the
"Python floor"), so the ratios are comparable across machines. Targets (issue 2): with the
admissible list read every step >= 1 % of the floor; without it >= 5 % of the floor. Language 2
(issue 8) must not regress the original three; ice (a grid with sliding moves, functions and
`every step`) and hanoi (lists in a map, `let`) show what the new constructs cost.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

import worldgen
from worldgen.syntax.parser import _lark

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("vault", "services", "ledger", "ice", "hanoi")  # the original three, a grid and a sequence world


class TrivialEnv:
    """The floor: a step that does almost nothing but return Gymnasium's 5-tuple."""

    def __init__(self) -> None:
        self.t = 0

    def reset(self, seed: int | None = None) -> tuple[str, dict]:
        self.t = 0
        return "start", {}

    def step(self, command: str) -> tuple[str, float, bool, bool, dict]:
        self.t += 1
        return "obs", 0.0, False, self.t >= 50, {"step": self.t}


def time_floor(steps: int) -> float:
    env = TrivialEnv()
    env.reset()
    commands = ["a", "b", "c"]
    choice = random.Random(0).choice
    start = time.perf_counter()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(choice(commands))
        if terminated or truncated:
            env.reset()
    return steps / (time.perf_counter() - start)


def time_world(env: worldgen.Env, steps: int, read_admissible: bool) -> float:
    rng = random.Random(0)
    obs, info = env.reset(seed=0)
    commands = env.commands
    start = time.perf_counter()
    for _ in range(steps):
        if read_admissible:
            options = info["admissible"]
            command = rng.choice(options) if options else "wait"
        else:
            command = rng.choice(commands)
        obs, reward, terminated, truncated, info = env.step(command)  # the observation is rendered every step
        if terminated or truncated:
            obs, info = env.reset()
    return steps / (time.perf_counter() - start)


def time_check(name: str, repeats: int = 20) -> tuple[float, float]:
    source = (ROOT / "scaffolds" / f"{name}.wg").read_text()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        worldgen.loads(source, f"{name}.wg")
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def _try(scaffold: worldgen.Scaffold, record: dict, seed: int) -> worldgen.World | None:
    """The world of a seed, or None where a `require` re-draws it."""
    try:
        return scaffold.instantiate(record, seed=seed)
    except worldgen.InstantiationError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=200_000)
    args = parser.parse_args()

    start = time.perf_counter()
    _lark()
    print(f"grammar load (once per process): {1000 * (time.perf_counter() - start):.1f} ms")
    print("\nparse + check per scaffold (median / best of 20)")
    for name in EXAMPLES:
        median, best = time_check(name)
        print(f"  {name:9s} {1000 * median:7.2f} ms / {1000 * best:6.2f} ms")

    floor = time_floor(args.steps)
    print(f"\nPython floor (trivial env): {floor:,.0f} steps/s")
    print(f"{'world':9s} {'with admissible':>24s} {'without':>24s}")
    for name in EXAMPLES:
        scaffold = worldgen.load(ROOT / "scaffolds" / f"{name}.wg")
        record = json.loads((ROOT / "content_packs" / name / "example.json").read_text())
        world = next(w for w in (_try(scaffold, record, seed) for seed in range(1, 50)) if w is not None)
        with_adm = time_world(world.env(), args.steps, True)
        without = time_world(world.env(), args.steps, False)
        print(f"{name:9s} {with_adm:>12,.0f} ({100 * with_adm / floor:5.1f} %)   {without:>12,.0f} ({100 * without / floor:5.1f} %)")
    print("\ntargets: with admissible >= 1 % of floor, without >= 5 % of floor; TextWorld: ~300 steps/s")


if __name__ == "__main__":
    main()
