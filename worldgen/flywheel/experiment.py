"""Does the flywheel generalise? Three arms of `worldgen loop`, one learner, one held-out suite.

Every arm is the same loop with the built-in learner as ``--train`` (the same episodes per round,
the same learner seed, the same round count) and differs only in what it trains on:

- ``flywheel``: the library grows by the proposals the gate accepts each round (new rule-sets);
- ``fixed``: the library never changes (``proposals=0``: the control);
- ``scaling``: the fixed library with ``scale`` times the world seeds from round 0 (more worlds
  of the same rule-sets, no new rule-set: task scaling).

Each run of an arm plays ONE held-out suite per experiment seed: the library's scaffolds compiled at
world seeds no arm trains on (the loop refuses the run if a world is shared). Round r's figure is
the learner after r rounds of training: the loop plays the held-out suite with each round's solver
before that round trains, and the learner the last round wrote is played here, so R rounds give
R + 1 figures, the first (the untrained, uniform policy) the same in every arm.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldgen.errors import WorldgenError
from worldgen.flywheel.accept import compiled, content_record
from worldgen.flywheel.heldout import evaluate
from worldgen.flywheel.library import read_library
from worldgen.flywheel.loop import LoopSettings, loop
from worldgen.flywheel.solver_paths import playable
from worldgen.flywheel.split import union
from worldgen.report.stats import wilson
from worldgen.rollouts.sources import open_entries

ARMS = ("flywheel", "fixed", "scaling")
SEED_STRIDE = 10_000  # world seeds of one experiment seed: training from its start, held out from its middle


@dataclass(frozen=True)
class Design:
    """One configuration of the experiment; every arm runs it (the defaults: about 1 minute a seed here)."""

    rounds: int = 3
    proposals: int = 2  # accepted per round, flywheel arm only
    worlds: int = 10  # training world seeds per scaffold (flywheel and fixed arms)
    scale: int = 3  # the scaling arm's world seeds per scaffold: scale * worlds
    train_episodes: int = 2000  # learner episodes per round, every arm
    held_out: int = 10  # held-out world seeds per scaffold
    episodes: int = 2  # episodes per world: the loop's rollouts, the gate's band test, the held-out suite
    jobs: int = 1


def training_seeds(design: Design, seed: int, arm: str) -> range:
    start = SEED_STRIDE * seed
    return range(start, start + design.worlds * (design.scale if arm == "scaling" else 1))


def held_out_seeds(design: Design, seed: int) -> range:
    start = SEED_STRIDE * seed + SEED_STRIDE // 2
    return range(start, start + design.held_out)


def held_out_suite(library: Path, design: Design, seed: int, out: Path) -> Path:
    """Every library scaffold compiled as the loop compiles it, at the held-out seeds, as one suite."""
    parts = []
    for s in read_library(library):
        record, why = content_record(s.ir, s.record)
        if record is None:
            raise WorldgenError(f"{s.path}: error: no content record to compile the held-out worlds with: {why}")
        compiled(s.ir, record, held_out_seeds(design, seed), out / "parts" / s.name, design.jobs)
        parts.append(out / "parts" / s.name)
    return union(parts, out / "suite")


def settings(arm: str, design: Design, seed: int, suite: Path) -> LoopSettings:
    """The loop of ``arm``: only the proposals and the world seeds differ between arms."""
    train = (sys.executable, "-m", "worldgen.learner.hook", "--episodes", str(design.train_episodes), "--seed", str(seed))
    return LoopSettings("random", rounds=design.rounds, proposals=design.proposals if arm == "flywheel" else 0,
                        seeds=training_seeds(design, seed, arm), episodes=design.episodes, jobs=design.jobs,
                        train=train, eval_suite=suite)


def run_arm(library: Path, arm: str, design: Design, seed: int, suite: Path, out: Path,
            say: Callable[[str], None] = lambda text: None) -> list[dict[str, Any]]:
    """One arm, one seed: per round r = 0..R, the held-out success of the learner after r rounds
    of training ({"count", "of"}), with the library size and rule-sets it had trained on."""
    chosen = settings(arm, design, seed, suite)
    summary = loop(library, out, chosen, say)
    rounds = summary["rounds"]
    last = rounds[-1]
    final = evaluate(open_entries(suite), suite, out / "final-eval.jsonl", playable(last["next_solver"], out), design.episodes, None)
    figures = [r["eval"]["success"] for r in rounds] + [final["success"]]
    trained_on = [None] + [(r["library"], r["rule_sets"]) for r in rounds]
    return [{"round": k, "count": f["count"], "of": f["of"], "trained_on": t} for k, (f, t) in enumerate(zip(figures, trained_on))]


def experiment(library: Path, design: Design, seeds: list[int], out: Path,
               say: Callable[[str], None] = lambda text: None) -> dict[str, Any]:
    """Every arm for every seed; per arm, per round, per seed the held-out count."""
    results: dict[str, list[list[dict[str, Any]]]] = {arm: [] for arm in ARMS}
    for seed in seeds:
        suite = held_out_suite(library, design, seed, out / f"seed-{seed}" / "held-out")
        for arm in ARMS:
            say(f"seed {seed}: {arm}")
            results[arm].append(run_arm(library, arm, design, seed, suite, out / f"seed-{seed}" / arm, say))
    return {"design": design, "seeds": seeds, "arms": results}


def pooled(per_seed: list[list[dict[str, Any]]], k: int) -> tuple[int, int]:
    """Round ``k``'s wins and episodes over every seed."""
    return sum(s[k]["count"] for s in per_seed), sum(s[k]["of"] for s in per_seed)


def table(done: dict[str, Any]) -> str:
    """A markdown table: per arm a row, per round (after r rounds of training) pooled held-out
    success (wins/episodes) with its Wilson interval, then each seed's rate."""
    rounds = done["design"].rounds + 1
    head = "| arm | " + " | ".join(f"after {k}" for k in range(rounds)) + " |"
    rows = [head, "|" + " --- |" * (rounds + 1)]
    for arm, per_seed in done["arms"].items():
        cells = []
        for k in range(rounds):
            count, of = pooled(per_seed, k)
            interval = wilson(count, of)
            if interval is None:
                cells.append("n/a")
                continue
            seeds = "/".join(f"{100 * s[k]['count'] / s[k]['of']:.0f}" if s[k]["of"] else "n/a" for s in per_seed)
            cells.append(f"{100 * count / of:.1f} % ({count}/{of}) [{100 * interval[0]:.1f}..{100 * interval[1]:.1f}] ({seeds})")
        rows.append(f"| {arm} | " + " | ".join(cells) + " |")
    return "\n".join(rows)
