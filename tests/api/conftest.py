"""The same vault suite made twice, by `worldgen compile` and by ``worldgen.compile``: the API's
tests compare what each stage makes of the two (once per session: compiling is the slow part)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import worldgen
from tests.conftest import ROOT
from worldgen.cli.main import main

VAULT = ROOT / "scaffolds" / "vault.wg"


@dataclass(frozen=True)
class Twins:
    cli: Path  # the suite `worldgen compile` wrote
    api: worldgen.Suite  # the suite worldgen.compile returned


@pytest.fixture(scope="session")
def twins(tmp_path_factory: pytest.TempPathFactory) -> Twins:
    root = tmp_path_factory.mktemp("api")
    assert main(["compile", str(VAULT), "--seeds", "0:4", "--axis", "observation=partial", "-o", str(root / "cli")]) == 0
    suite = worldgen.compile(VAULT, root / "api", range(4), axes={"observation": "partial"}, progress=False)
    return Twins(root / "cli", suite)
