"""JSON read from files and lines: every failure, however deep the nesting, is the JSONDecodeError
callers turn into one located error line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worldgen import jsondata
from worldgen.cli.main import main
from worldgen.errors import WorldgenError


def test_json_nested_past_the_recursion_limit_is_a_decode_error_not_a_recursion_error() -> None:
    with pytest.raises(json.JSONDecodeError, match="nested too deeply"):
        jsondata.loads("[" * 100_000 + "]" * 100_000)
    assert jsondata.loads("[[1]]") == [[1]]


def test_a_deeply_nested_world_file_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    assert main(["play", str(tmp_path / "deep.json")]) == 1
    err = capsys.readouterr().err
    assert err == f"{tmp_path / 'deep.json'}: error: not JSON: nested too deeply: line 1 column 1 (char 0)\n"
    with pytest.raises(WorldgenError, match="summary.json:1:1: error: not valid JSON: nested too deeply"):
        (tmp_path / "summary.json").write_text("[" * 100_000 + "]" * 100_000)
        jsondata.read_json_file(tmp_path / "summary.json")
