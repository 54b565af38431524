"""Dataset rows name an episode by (suite, world id, seed); the suite is read once per process."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldgen
from tests.suites import compiled
from worldgen.errors import WorldgenError
from worldgen.integrations.suites import episode_for, release, suite_worlds


def test_an_episode_is_rebuilt_from_suite_world_id_and_seed(tmp_path: Path) -> None:
    out = compiled(tmp_path / "suite", "vault", range(2))
    entries = worldgen.load_suite(out)
    misses = suite_worlds.cache_info().misses
    episode = episode_for(out, entries[1].id, seed=5)
    assert episode.world == entries[1].world and episode.seed == 5 and not episode.done
    assert episode_for(str(out), entries[1].id).world is episode.world
    assert episode_for(out, entries[0].id).world == entries[0].world
    assert suite_worlds.cache_info().misses == misses + 1  # the suite is read once


def test_an_unknown_world_id_is_an_error_naming_the_suite(tmp_path: Path) -> None:
    out = compiled(tmp_path / "suite", "vault", range(1))
    with pytest.raises(WorldgenError, match="no world 'nope' in this suite"):
        episode_for(out, "nope")


def test_a_released_env_serves_the_next_episode_of_its_world_exactly_as_a_fresh_one(tmp_path: Path) -> None:
    out = compiled(tmp_path / "suite", "vault", range(2))
    entry = worldgen.load_suite(out)[0]
    walkthrough = [step.command for step in entry.report.oracle.steps]
    first = episode_for(out, entry.id, seed=1)
    for command in walkthrough:
        first.act(command)
    release(out, entry.id, first)
    release(out, entry.id, first)  # twice: still one idle Env
    second = episode_for(out, entry.id, seed=1)
    assert second.env is first.env and not second.done and second.steps == 0
    other = episode_for(out, entry.id, seed=1)
    assert other.env is not first.env  # none idle: a new Env
    assert [second.act(c) for c in walkthrough] == [other.act(c) for c in walkthrough]
    assert second.metrics() == other.metrics() == first.metrics()
