"""Several episode seeds of a world without run-time chance are identical episodes: say so."""

import json
import warnings

import pytest

import worldgen
from tests.conftest import ROOT
from worldgen.seeds_ignored import SeedsIgnored, seeds_ignored, uses_episode_seed, warn_seeds_ignored


def world(name: str, **axes: str) -> worldgen.World:
    record = json.loads((ROOT / "content_packs" / name / "example.json").read_text())
    return worldgen.load(ROOT / "scaffolds" / f"{name}.wg").instantiate(record, seed=1, axes=axes or None)


def test_only_rules_that_draw_chance_use_the_episode_seed() -> None:
    assert not uses_episode_seed(world("vault"))
    assert uses_episode_seed(world("services", flakiness="flaky"))


def test_the_reason_names_the_worlds_and_the_seeds() -> None:
    vault = world("vault")
    assert seeds_ignored([("v", vault)], range(1)) is None  # one seed: nothing repeated
    assert seeds_ignored([("v", vault)], range(3)) == ("1 of 1 worlds (v) have no run-time chance, so each of their 3 "
                                                       "episode seeds plays the same episode; one seed per world is "
                                                       "enough for them")
    assert seeds_ignored([("s", world("services", flakiness="flaky"))], range(3)) is None


def test_python_callers_get_a_seeds_ignored_warning() -> None:
    with pytest.warns(SeedsIgnored, match="have no run-time chance"):
        warn_seeds_ignored([("v", world("vault"))], [0, 5])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warn_seeds_ignored([("v", world("vault"))], [0])
