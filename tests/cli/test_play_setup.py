"""`worldgen play PATH` when PATH is not a readable scaffold (found by tests/fuzz/test_argument_fuzz.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldgen.cli.main import main


@pytest.mark.parametrize("name", ["", "folder"])
def test_playing_a_folder_is_one_error_line_not_a_traceback(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "folder").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["play", name]) == 1
    assert capsys.readouterr().err == f"{name}: error: cannot read the scaffold: Is a directory\n"
