"""Shared fixtures: the example scaffolds and their example content records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import worldgen

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("vault", "services", "ledger")


def example_record(name: str) -> dict:
    return json.loads((ROOT / "content_packs" / name / "example.json").read_text())


def example_scaffold(name: str) -> worldgen.Scaffold:
    return worldgen.load(ROOT / "scaffolds" / f"{name}.wg")


@pytest.fixture(params=EXAMPLES)
def example(request: pytest.FixtureRequest) -> tuple[worldgen.Scaffold, dict]:
    return example_scaffold(request.param), example_record(request.param)
