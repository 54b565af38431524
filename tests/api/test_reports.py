"""``worldgen.api.report`` (and ``Suite.report``) builds the report `worldgen report` prints: the
same JSON bytes (but for the ``measured`` timings of this machine) and the same text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from tests.api.conftest import Twins
from worldgen.api import report
from worldgen.cli.main import main
from worldgen.report.console import PIPE_WIDTH


def without_timings(text: str) -> dict:
    data = json.loads(text)
    del data["measured"]
    return data


@pytest.fixture(scope="module")
def episodes(twins: Twins, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return twins.api.rollout("oracle", tmp_path_factory.mktemp("report") / "oracle.jsonl", progress=False).path


def test_the_json_is_the_commands(twins: Twins, episodes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(twins.api.path), "--rollouts", str(episodes), "--json"]) == 0
    printed = capsys.readouterr().out
    made = twins.api.report([episodes]).json()
    assert without_timings(made) == without_timings(printed)
    assert made.endswith("}\n") and json.loads(made)["rollouts"]["policies"]["oracle"]


def test_rollouts_may_be_given_as_the_rollout_calls_result(twins: Twins, episodes: Path) -> None:
    from_file = report(twins.api.path, [episodes]).data
    from_result = report(twins.api.path, [twins.api.rollout("oracle", episodes, progress=False)]).data
    assert from_result["rollouts"] == from_file["rollouts"]


def test_the_text_and_the_page(twins: Twins, episodes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    built = twins.api.report([episodes])
    built.print(Console(width=PIPE_WIDTH, record=True, file=None))
    assert f"Suite report {twins.api.path}: {twins.api.accepted} world(s) of vault" in capsys.readouterr().out
    page = built.html()
    assert page.startswith("<!DOCTYPE html>") and "Suite report" in page
