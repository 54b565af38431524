"""Golden artifact hashes (and rejected-line hashes) for the example scaffolds with their example records.

A change here means every previously built artifact changes bytes: intended changes (a new
worldgen version, a new report field) regenerate the file with
``WORLDGEN_UPDATE_GOLDEN=1 pytest tests/compiler/test_golden.py`` and say why in the commit.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from worldgen.compiler.artifact import sha256
from worldgen.compiler.seeds import compile_seed
from worldgen.ir.models import canonical_json

GOLDEN = Path(__file__).parents[1] / "golden" / "artifacts.json"
CASES = [(name, seed) for name in ("vault", "services", "ledger") for seed in (0, 1, 2)]


def test_golden_artifacts(spec):
    actual = {}
    for name, seed in CASES:
        result = compile_seed(spec(name), seed)  # a rejected seed's line is golden too
        kind = "artifact" if result.artifact is not None else "rejected"
        actual[f"{name}/{seed}"] = f"{kind} {sha256(result.artifact or canonical_json(result.line))}"
    if os.environ.get("WORLDGEN_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(actual, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        pytest.skip("golden hashes regenerated")
    expected = json.loads(GOLDEN.read_text("utf-8"))
    assert actual == expected
