"""``worldgen.verify`` re-runs the checks as `worldgen verify` does and returns each artifact's finding."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.api.conftest import Twins
from worldgen.api import verify
from worldgen.api.verifying import findings
from worldgen.errors import WorldgenError


def test_a_compiled_suite_verifies(twins: Twins) -> None:
    done = twins.api.verify(progress=False)
    assert done.ok and done.failed == []
    assert [Path(f.path).name for f in done.findings] == sorted(p.name for p in (twins.api.path / "worlds").iterdir())
    assert all(f.report is not None and f.report.measures.reachable_states > 0 for f in done.findings)


def test_an_edited_artifact_is_a_failed_finding(twins: Twins, tmp_path: Path) -> None:
    suite = shutil.copytree(twins.api.path, tmp_path / "suite")
    edited = sorted((suite / "worlds").iterdir())[0]
    edited.write_text(edited.read_text().replace('"horizon":', '"horizon": 1, "x":', 1))
    done = verify(suite, progress=False)
    assert not done.ok
    assert [f.path for f in done.failed] == [str(edited)] and done.failed[0].problems


def test_findings_stream_in_suite_order(twins: Twins) -> None:
    first = next(findings(twins.api.path, progress=False))
    assert Path(first.path).name == sorted(p.name for p in (twins.api.path / "worlds").iterdir())[0]


def test_a_missing_path_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(WorldgenError, match=f"{tmp_path / 'nothing'}: error: no such artifact or suite folder"):
        verify(tmp_path / "nothing")
