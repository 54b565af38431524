"""`worldgen verify` explores within its own bounds (--max-states, else the scaffold's `check within`
up to the default), never within the bounds an artifact says it was checked within, and never
beyond its default unless the user asks with --max-states."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ROOT
from worldgen.cli.main import main


def compiled(tmp_path: Path, check_within: str = "", *flags: str) -> Path:
    """The counter world (its states: 6), its scaffold declaring ``check within``, compiled with ``flags``."""
    source = (ROOT / "tests" / "verify" / "counter.wg").read_text()
    (tmp_path / "counter.wg").write_text(source.replace("  horizon 10", f"  horizon 10\n  {check_within}"))
    (tmp_path / "empty.json").write_text("{}")
    assert main(["compile", str(tmp_path / "counter.wg"), "--pack", str(tmp_path / "empty.json"), "--seeds", "0:1",
                 *flags, "-o", str(tmp_path / "suite")]) == 0
    return tmp_path / "suite" / json.loads((tmp_path / "suite" / "index.jsonl").read_text())["path"]


@pytest.fixture
def artifact(tmp_path: Path) -> Path:
    """The counter world compiled with --max-states 100."""
    return compiled(tmp_path, "", "--max-states", "100")


def test_verify_uses_its_own_bound_and_says_how_to_use_the_artifacts(artifact, capsys):
    capsys.readouterr()
    assert main(["verify", str(artifact)]) == 1
    assert ("the artifact says it was checked within 100 states, verify checked within 200000 states; "
            "to re-check it within the artifact's bounds pass --max-states 100") in capsys.readouterr().err
    assert main(["verify", str(artifact), "--max-states", "100"]) == 0
    assert main(["verify", str(artifact), "--max-states", "100", "--max-depth", "2"]) == 1
    assert ("verify checked within 100 states and 2 steps; to re-check it within the artifact's bounds pass "
            "--max-states 100 and no --max-depth") in capsys.readouterr().err


def test_a_forged_bound_is_not_explored(artifact, capsys):
    data = json.loads(artifact.read_text())
    data["report"]["bounds"]["max_states"] = 10**15
    artifact.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["verify", str(artifact), "--max-states", "3"]) == 1
    err = capsys.readouterr().err
    assert "max_states bound (3)" in err and "checked within 1000000000000000 states, verify checked within 3 states" in err


def test_a_scaffold_bound_below_the_default_is_used(tmp_path, capsys):
    artifact = compiled(tmp_path, "check within 50 states")
    assert main(["verify", str(artifact)]) == 0


def test_a_scaffold_bound_above_the_default_needs_the_users_flag(tmp_path, capsys):
    artifact = compiled(tmp_path, "check within 300_000 states")
    capsys.readouterr()
    assert main(["verify", str(artifact)]) == 1
    assert ("the scaffold declares check within 300,000 states; verify explores at most 200,000 unless you pass "
            "--max-states 300000") in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "suite")]) == 1
    assert main(["verify", str(artifact), "--max-states", "300000"]) == 0


def test_a_forged_check_within_cannot_raise_the_bound(artifact, capsys):
    data = json.loads(artifact.read_text())
    data["world"]["scaffold"]["max_states"] = 100_000_000
    artifact.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["verify", str(artifact)]) == 1
    assert "verify explores at most 200,000 unless you pass --max-states 100000000" in capsys.readouterr().err
