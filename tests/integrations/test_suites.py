"""Dataset rows name an episode by (suite, world id, seed); the suite is read once per process."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldgen
from tests.suites import compiled
from worldgen.errors import WorldgenError
from worldgen.integrations.suites import episode_for, suite_worlds


def test_an_episode_is_rebuilt_from_suite_world_id_and_seed(tmp_path: Path) -> None:
    out = compiled(tmp_path / "suite", "vault", range(2))
    entry = worldgen.load_suite(out)[1]
    episode = episode_for(out, entry.id, seed=5)
    assert episode.world == entry.world and episode.seed == 5 and not episode.done
    loads = suite_worlds.cache_info().misses
    again = episode_for(str(out), entry.id, seed=5)
    assert again.world is episode.world and again.env.rules is episode.env.rules  # loaded and compiled once
    assert again.env is not episode.env and suite_worlds.cache_info().misses == loads


def test_an_unknown_world_id_is_an_error_naming_the_suite(tmp_path: Path) -> None:
    out = compiled(tmp_path / "suite", "vault", range(1))
    with pytest.raises(WorldgenError, match="no world 'nope' in this suite"):
        episode_for(out, "nope")
