"""Worlds for checker tests: the tiny counter scaffold, mutated to seed bugs."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import worldgen
from worldgen.ir.world import World

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
COUNTER = (HERE / "counter.wg").read_text("utf-8")


def mutate(source: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert old in source, f"mutation target not found: {old!r}"
        source = source.replace(old, new, 1)
    return source


@pytest.fixture
def counter() -> Callable[..., World]:
    """``counter((old, new), ...)``: the counter world with textual mutations applied."""

    def make(*edits: tuple[str, str]) -> World:
        return worldgen.loads(mutate(COUNTER, *edits), "counter.wg").instantiate({}, seed=0)

    return make


@pytest.fixture
def example_world() -> Callable[..., World]:
    """``example_world(name, seed, **axes)``: an example scaffold's world with its shipped record."""

    def make(name: str, seed: int, **axes: str) -> World:
        record = json.loads((ROOT / "content_packs" / name / "example.json").read_text("utf-8"))
        return worldgen.load(ROOT / "scaffolds" / f"{name}.wg").instantiate(record, seed=seed, axes=axes or None)

    return make
