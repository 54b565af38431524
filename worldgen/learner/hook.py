"""The learner as `worldgen loop`'s trainer: ``--train "python -m worldgen.learner.hook [--episodes N]"``.

After each round it trains the learner on the round's compiled suites (``WORLDGEN_SUITES``),
continuing from the round's solver when that is already a learner (``WORLDGEN_SOLVER`` =
``learner:PATH``; any other solver starts from the untrained, uniform policy, which plays like
``random``), writes ``learner.npz`` beside the file named by ``WORLDGEN_NEXT_SOLVER_FILE`` (the
round's folder) and names it there as the next round's solver. Seeded by ``WORLDGEN_ROUND`` and
``--seed`` (repeats of an experiment differ only there), so a loop run twice trains the same weights.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from worldgen.cli.common import whole_number
from worldgen.compiler.journal import MARKER
from worldgen.errors import WorldgenError
from worldgen.learner.model import Model, load
from worldgen.learner.train import Settings, train
from worldgen.rollouts.sources import Entry, open_entries
from worldgen.runtime.sources import INDEX

SEED_STRIDE = 1000  # rounds of one learner seed before the next seed's first round; a loop runs far fewer


def suites(folder: Path) -> list[Entry]:
    """The worlds of every complete suite in ``folder`` (a scaffold that did not compile has none)."""
    return [e for suite in sorted(folder.iterdir()) if (suite / INDEX).is_file() and not (suite / MARKER).exists()
            for e in open_entries(suite)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m worldgen.learner.hook", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=whole_number(1), default=2000, help="training episodes per round (default 2000)")
    parser.add_argument("--seed", type=whole_number(0), default=0,
                        help="the run's learner seed: round r trains with seed 1000 * SEED + r (default 0)")
    args = parser.parse_args(argv)
    try:
        solver, next_file = os.environ["WORLDGEN_SOLVER"], Path(os.environ["WORLDGEN_NEXT_SOLVER_FILE"])
        entries, r = suites(Path(os.environ["WORLDGEN_SUITES"])), int(os.environ["WORLDGEN_ROUND"])
    except KeyError as err:
        print(f"error: {err.args[0]} is not set: this hook is run by `worldgen loop --train`", file=sys.stderr)
        return 2
    try:
        model = load(solver.partition(":")[2]) if solver.startswith("learner:") else Model.new()
        if not entries:
            raise WorldgenError("error: the round compiled no suite to train on")
        seen = train(model, entries, Settings(episodes=args.episodes, seed=SEED_STRIDE * args.seed + r))
    except WorldgenError as err:
        print(err, file=sys.stderr)
        return 1
    out = next_file.parent / "learner.npz"
    model.save(out)
    next_file.write_text(f"learner:{out}\n", encoding="utf-8")
    print(f"trained {args.episodes} episodes on {len(entries)} worlds; won {100 * sum(seen.wins) / len(seen.wins):.0f}%")
    print(f"solver: learner:{out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
