"""Shared helpers for compiler tests: example scaffolds, records and a suite spec."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import worldgen
from worldgen.compiler.suite import Spec
from worldgen.verify import Bounds

ROOT = Path(__file__).parents[2]


def example_spec(name: str, **axes: str) -> Spec:
    record = json.loads((ROOT / "content_packs" / name / "example.json").read_text("utf-8"))
    return Spec(worldgen.load(ROOT / "scaffolds" / f"{name}.wg").ir, (("example", record),), axes, Bounds(), 5)


@pytest.fixture
def spec() -> Callable[..., Spec]:
    return example_spec


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
