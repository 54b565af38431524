"""``worldgen.loop`` turns the flywheel as `worldgen loop` does: the same run folder, byte for
byte but for its wall-clock figures (timings.json and each episode's ``timing``), and the
summary returned as an object."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import worldgen
from tests.api.test_compiling import files
from tests.api.test_rollouts import untimed
from tests.flywheel.fixtures import make_library
from worldgen.cli.main import main


def untimed_files(run: Path) -> dict[str, bytes]:
    return {name: untimed(run / name) if name.endswith(".jsonl") and "rollouts" in name else data
            for name, data in files(run).items() if name != "timings.json"}


def test_the_run_folder_is_the_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    library, run = make_library(tmp_path / "library", ("vault",)), tmp_path / "run"  # reports name the run's path
    assert main(["loop", "--library", str(library), "--solver", "oracle", "--rounds", "1", "-n", "0", "--seeds", "0:2",
                 "--episodes", "1", "-o", str(run)]) == 0
    by_command = untimed_files(run.rename(tmp_path / "by-command"))
    capsys.readouterr()
    done = worldgen.loop(library, run, "oracle", rounds=1, proposals=0, seeds=[0, 1], episodes=1, progress=False)
    assert capsys.readouterr().err == ""
    assert untimed_files(run) == by_command
    assert done.summary == json.loads((run / "summary.json").read_text())
    assert [r["round"] for r in done.rounds] == [0] and done.rounds[0]["solver"] == "oracle"
