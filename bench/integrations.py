"""Shared timing of the trainer-integration benchmarks (bench_trl.py, and the verifiers and SkyRL ones).

Every integration is measured the same way: the oracle's walkthrough of each world of a compiled
suite under a few episode seeds, episode after episode (one reset, then one step per command),
through the framework's own env interface, beside worldgen's raw ``Env`` playing the same
episodes in the same run. Contenders take turns in short slices and keep their best slice, timed
in this process's CPU time (``bench_adapters.compare``), so other work on a shared machine
cannot flatter or hurt one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import cycle
from pathlib import Path
import time

from bench_adapters import compare

import worldgen
from worldgen.cli.main import main
from worldgen.ir.world import World
from worldgen.runtime.env import Env

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 24
"""Slices per contender: short ones (a sixth of a second at 4 s), so that a contender playing
episodes of a few microseconds meets the machine's quiet moments as often as its rivals do."""


@dataclass(frozen=True)
class Walkthrough:
    """One episode to play: a world of a suite, an episode seed, the oracle's commands."""

    suite: str
    world_id: str
    seed: int
    world: World
    commands: list[str]


def bench_suite(folder: Path, scaffold: str, worlds: int = 8) -> Path:
    """``worldgen content`` (procedural) and ``worldgen compile`` of ``scaffolds/SCAFFOLD.wg`` into
    ``folder``: a suite of up to ``worlds`` worlds (seeds whose checks fail are left out)."""
    pack, suite = folder / f"{scaffold}-pack", folder / f"{scaffold}-suite"
    for argv in (["content", str(ROOT / "scaffolds" / f"{scaffold}.wg"), "-n", str(worlds), "-o", str(pack), "--seed", "0"],
                 ["compile", str(ROOT / "scaffolds" / f"{scaffold}.wg"), "--pack", str(pack), "--seeds", f"0:{worlds}",
                  "-o", str(suite)]):
        if main(argv) != 0:
            raise SystemExit(f"worldgen {' '.join(argv)} failed")
    return suite


def walkthroughs(suite: Path, seeds: range = range(0, 4)) -> list[Walkthrough]:
    """The oracle's walkthrough of every world of ``suite`` under every episode seed in ``seeds``."""
    return [Walkthrough(str(suite.resolve()), e.id, seed, e.world, [s.command for s in e.report.oracle.steps])
            for e in worldgen.load_suite(suite) for seed in seeds]


def raw_episodes(walks: list[Walkthrough], lean: bool = False) -> Callable[[], int]:
    """worldgen's raw runtime: one ``Env`` per world, reset with the episode seed, then one step
    per command; each call plays the next episode and returns its steps. ``lean``: through
    ``Env.begin``/``Env.advance`` (``reset``/``step`` without Gymnasium's info dict), the core every
    integration steps through."""
    reset, step = (Env.begin, Env.advance) if lean else (Env.reset, Env.step)
    envs = {w.world_id: w.world.env() for w in walks}
    episodes = cycle(walks)

    def play() -> int:
        walk = next(episodes)
        env = envs[walk.world_id]
        reset(env, seed=walk.seed)
        for command in walk.commands:
            step(env, command)
        return len(walk.commands)

    return play


def print_ratios(scaffold: str, walks: list[Walkthrough], best: dict[str, float], names: list[str]) -> None:
    """One line per integration: its steps/s against raw ``Env.step`` (issue 11's target, >= 80 %)
    and against the integrations' own core (``raw_episodes(lean=True)``: what wrapping costs on its own)."""
    steps = sum(len(w.commands) for w in walks) / len(walks)
    for name in names:
        ratio = best[name] / best["raw"]
        print(f"  {scaffold:<6} {len(walks)} episodes of {steps:4.1f} steps on average: {name:<9} {best[name]:>9,.0f} steps/s"
              f"   raw Env.step {best['raw']:>9,.0f}: {100 * ratio:5.1f} % (target >= 80 %: {'ok' if ratio >= 0.8 else 'MISSED'})"
              f"   core {best['core']:>9,.0f}: {100 * best[name] / best['core']:5.1f} %")


def steps_per_second(contenders: dict[str, Callable[[], int]], seconds: float = 3.0) -> dict[str, float]:
    """The best steps/s of each contender over interleaved slices of about ``seconds`` in all.

    A contender plays one episode per call and returns how many steps it took (see
    ``raw_episodes``); episodes are played whole, so resets are part of the cost.
    """

    def until(play: Callable[[], int]) -> Callable[[float], int]:
        def run(deadline: float) -> int:
            steps = 0
            while time.perf_counter() < deadline:
                steps += play()
            return steps

        return run

    return compare({name: until(play) for name, play in contenders.items()}, seconds, time.process_time, rounds=ROUNDS)
