"""The oracle's walkthrough of a world as one concrete, successful episode.

Exported tasks and training data are fixed transcripts: the commands are sent open-loop, so the
episode seed must be one under which the walkthrough's chance outcomes happen. Candidate seeds are
tried in order (the walkthrough succeeds with its ``probability`` each time) until one works: the
world's own seed and the ones after it for SFT data, secret ones for harbor tasks
(``worldgen.exporters.seeds``). A deterministic world succeeds under the first.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import count, islice

from worldgen.errors import WorldgenError
from worldgen.exporters.episode import Session, play
from worldgen.rollouts.sources import Entry

SEED_TRIES = 1000  # a walkthrough of probability 1% still finds a seed with odds of 1 - 4e-5


class ExportError(WorldgenError):
    """A world that cannot be exported (no walkthrough, or none that succeeds)."""


def oracle_episode(entry: Entry, seeds: Iterable[int] | None = None) -> Session:
    """The walkthrough played to success under the first of ``seeds`` (default: the world's seed
    and the ones after it) that allows it."""
    oracle = entry.report.oracle
    if oracle is None:
        raise ExportError(f"{entry.id}: error: the world has no oracle walkthrough (its checks found no goal "
                          "state), so there is no solution to export")
    commands = [step.command for step in oracle.steps]
    candidates = count(entry.world.seed) if seeds is None else seeds
    for seed in islice(candidates, SEED_TRIES):
        session, ignored = play(entry.world, seed, commands)
        if session.success and not ignored:
            return session
    raise ExportError(f"{entry.id}: error: the oracle walkthrough (probability {oracle.probability:g}) did not "
                      f"succeed under any of {SEED_TRIES} episode seeds; this world cannot be exported as a "
                      "fixed transcript")
