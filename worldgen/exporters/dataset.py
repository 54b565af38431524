"""Dataset rows for RL trainers: one row per (world, episode seed) of a suite.

A row names its episode by ``(suite, world_id, seed)``, which is all an environment needs to
rebuild it (``worldgen.integrations.suites.episode_for``), and carries what a trainer shows the
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

ENV_CLASS = "worldgen"  # the name worldgen's SkyRL environment is registered under
TASK = "worldgen"  # the verifiers task name


def row(suite: str, entry: Entry, seed: int, rules: str = RULES) -> dict[str, Any]:
    """The row of episode ``seed`` of ``entry``'s world; ``suite`` is the suite's absolute path,
    ``rules`` the system prompt's rules of play."""
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


def dataset_rows(suite: str | Path, seeds: range, trust_edited: bool = False,
                 rules: str = RULES) -> Iterator[dict[str, Any]]:
    """Every world of ``suite`` (a suite folder, artifact or world file) under every episode seed
    in ``seeds``, world by world in suite order."""
    entries = open_entries(suite, trust_edited)
    where = str(Path(suite).resolve())
    for entry in entries:
        for seed in seeds:
            yield row(where, entry, seed, rules)
