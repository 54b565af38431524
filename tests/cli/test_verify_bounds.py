"""`worldgen verify` explores within its own bounds (--max-states, else the scaffold's `check within`,
else the default), never within the bounds an artifact says it was checked within."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ROOT
from worldgen.cli.main import main


@pytest.fixture
def artifact(tmp_path: Path) -> Path:
    """The counter world compiled with --max-states 100 (its states: 6)."""
    (tmp_path / "counter.wg").write_text((ROOT / "tests" / "verify" / "counter.wg").read_text())
    (tmp_path / "empty.json").write_text("{}")
    assert main(["compile", str(tmp_path / "counter.wg"), "--pack", str(tmp_path / "empty.json"), "--seeds", "0:1",
                 "--max-states", "100", "-o", str(tmp_path / "suite")]) == 0
    return tmp_path / "suite" / json.loads((tmp_path / "suite" / "index.jsonl").read_text())["path"]


def test_verify_uses_its_own_bound_and_says_how_to_use_the_artifacts(artifact, capsys):
    capsys.readouterr()
    assert main(["verify", str(artifact)]) == 1
    assert ("the artifact says it was checked within 100 states, verify checked within 200000 states; "
            "to re-check it within the artifact's bounds pass --max-states 100") in capsys.readouterr().err
    assert main(["verify", str(artifact), "--max-states", "100"]) == 0


def test_a_forged_bound_is_not_explored(artifact, capsys):
    data = json.loads(artifact.read_text())
    data["report"]["bounds"]["max_states"] = 10**15
    artifact.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["verify", str(artifact), "--max-states", "3"]) == 1
    err = capsys.readouterr().err
    assert "max_states bound (3)" in err and "checked within 1000000000000000 states, verify checked within 3 states" in err
