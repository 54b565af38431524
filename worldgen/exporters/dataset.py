"""Dataset rows for RL trainers: one row per (world, episode seed) of a suite.

A row names its episode by ``(suite, world_id, seed)``, which is all an environment needs to
rebuild it (``worldgen.integrations.suites.episode_for``); ``suite`` is relative to the suite
root (``worldgen.suite_root``), so rows do not hold this machine's paths. A row carries what a trainer shows the
model before the first step: the system prompt (as ``worldgen rollout --policy openai:`` sends it,
goal included) and the first observation, also as a ready-made chat ``prompt``. The other keys
are the ones the trainers read: SkyRL (``data_source``, ``env_class``, ``reward_spec``,
``extra_info``) and verifiers (``info``, ``task``); ``params`` and ``axes`` are there to slice
results by. TRL wants its own ``prompt`` (see ``worldgen.integrations.trl``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from worldgen.agent.episode import Episode
from worldgen.agent.prompt import RULES, system_prompt
from worldgen.rollouts.sources import Entry, open_entries
from worldgen.seed_ranges import SeedsLike, parse_seeds
from worldgen.seeds_ignored import warn_seeds_ignored
from worldgen.suite_root import row_suite

ENV_CLASS = "worldgen"  # the name worldgen's SkyRL environment is registered under
TASK = "worldgen"  # the verifiers task name


def row(suite: str, entry: Entry, seed: int, rules: str = RULES) -> dict[str, Any]:
    """The row of episode ``seed`` of ``entry``'s world; ``suite`` is the suite's path as rows
    hold it (relative to the suite root), ``rules`` the system prompt's rules of play."""
    episode = Episode(entry.world, seed)
    prompt = system_prompt(entry.world, episode.instruction, rules)
    where = {"suite": suite, "world_id": entry.id, "seed": seed}
    return {
        **where,
        "scaffold": entry.world.scaffold.name,
        "params": dict(entry.params),
        "axes": dict(entry.axes),
        "system_prompt": prompt,
        "observation": episode.observation,
        "prompt": [{"role": "system", "content": prompt}, {"role": "user", "content": episode.observation}],
        "data_source": f"worldgen/{entry.world.scaffold.name}",
        "env_class": ENV_CLASS,
        "reward_spec": {"method": "rule", "ground_truth": ""},
        "extra_info": dict(where),
        "info": dict(where),
        "task": TASK,
    }


def dataset_rows(suite: str | Path, seeds: SeedsLike = 1, trust_edited: bool = False,
                 rules: str = RULES, root: str | Path | None = None) -> Iterator[dict[str, Any]]:
    """Every world of ``suite`` (a suite folder, artifact or world file) under every episode seed
    of ``seeds`` (``A:B``, a count, a range or a list: ``worldgen.seed_ranges``), world by world in
    suite order; ``root``: the suite root the rows' ``suite`` is relative to. Warns
    (``SeedsIgnored``) when several seeds are asked of worlds without run-time chance."""
    episodes = parse_seeds(seeds)
    where = row_suite(suite, root)
    entries = open_entries(suite, trust_edited)
    warn_seeds_ignored(((e.id, e.world) for e in entries), episodes, stacklevel=4)
    for entry in entries:
        for seed in episodes:
            yield row(where, entry, seed, rules)
