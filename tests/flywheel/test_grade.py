"""The proposer task's verifier: the gate, then the band test; partial credit is the share passed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.flywheel.fixtures import SEEDS, SOLVER
from worldgen.flywheel.grade import TESTS, Brief, grade
from worldgen.flywheel.mutate import Band

BRIEF = Brief("a family unlike these", Band(0.2, 0.8), SOLVER, SEEDS)


def accepted_in_band(first_round: Path) -> Path:
    """A proposal of the first round whose solver success (measured next round) lies in the band."""
    proposals = first_round / "round-00" / "proposals"
    return next(p / f"{p.name}.wg" for p in sorted(proposals.iterdir()) if p.name.endswith("horizon_down"))


def test_a_proposal_meeting_the_brief_earns_full_reward(library: Path, first_round: Path, tmp_path: Path) -> None:
    result = grade(accepted_in_band(first_round), library, BRIEF, tmp_path)
    assert result["passed"] == list(TESTS), result["reason"]
    assert result["reward"] == 1.0 and result["progress"] == 1.0 and 0.2 <= result["solver_success"] <= 0.8


@pytest.mark.parametrize(("edit", "reason", "passed"), [
    (lambda s: s.replace("world vault {", "world vault {\n  horizon horizon"), "check: ", 0),
    (lambda s: s, "check: world 'vault' is already a library scaffold's name", 0),
    (lambda s: s.replace("world vault {", "world my_vault {"), "new rules: the same rules as library scaffold 'vault'", 1),
])
def test_each_failure_names_its_test_and_earns_its_share(edit, reason: str, passed: int, library: Path, tmp_path: Path) -> None:
    proposal = tmp_path / "proposal.wg"
    proposal.write_text(edit((ROOT / "scaffolds/vault.wg").read_text()))
    result = grade(proposal, library, BRIEF, tmp_path / "work")
    assert result["reason"].startswith(reason) and result["reward"] == 0.0
    assert result["progress"] == passed / len(TESTS)


def test_no_proposal_scores_zero(library: Path, tmp_path: Path) -> None:
    result = grade(tmp_path / "missing.wg", library, BRIEF, tmp_path)
    assert result["reward"] == 0.0 and result["progress"] == 0.0 and "no proposal" in result["reason"]


def test_the_command_writes_reward_json(library: Path, first_round: Path, tmp_path: Path) -> None:
    (tmp_path / "brief.json").write_text(BRIEF.to_json())
    assert Brief.from_json(BRIEF.to_json()) == BRIEF
    done = subprocess.run([sys.executable, "-m", "worldgen.flywheel.grade", "--proposal", str(accepted_in_band(first_round)),
                           "--library", str(library), "--brief", str(tmp_path / "brief.json"),
                           "--out", str(tmp_path / "logs" / "reward.json")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "logs" / "reward.json").read_text()) == {"reward": 1.0, "progress": 1.0}
    assert done.stdout.startswith("reward 1, progress 1: every test passed")
