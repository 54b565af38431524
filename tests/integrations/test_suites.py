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


def test_a_relative_suite_path_means_the_folder_it_named_when_it_was_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = (compiled(tmp_path / name / "suite", scaffold, range(1)) for name, scaffold in (("a", "vault"), ("b", "ledger")))
    monkeypatch.chdir(one.parent)
    first = episode_for("suite", worldgen.load_suite(one)[0].id)
    monkeypatch.chdir(two.parent)
    with pytest.raises(WorldgenError, match="no world"):  # not the cached world of a/suite
        episode_for("suite", first.world.id)
    assert episode_for("suite", worldgen.load_suite(two)[0].id).world.scaffold.name == "ledger"


def test_a_relative_suite_path_is_under_the_root_argument_else_the_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = compiled(tmp_path / "data" / "suite", "vault", range(1))
    world_id = worldgen.load_suite(out)[0].id
    monkeypatch.chdir(tmp_path)
    assert episode_for("suite", world_id, root=tmp_path / "data").world.id == world_id
    monkeypatch.setenv("WORLDGEN_SUITE_ROOT", str(tmp_path / "data"))
    assert episode_for("suite", world_id).world.id == world_id
