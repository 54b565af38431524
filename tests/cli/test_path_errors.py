"""A path the person named that is a folder where a file is meant (or unwritable) is one
`PATH: error: ...` line and exit 1 from every command, never an `internal error`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from worldgen.cli.main import main
from worldgen.cli.path_errors import describe


def _folder(tmp_path: Path, name: str) -> str:
    (tmp_path / name).mkdir()
    return str(tmp_path / name)


@pytest.mark.parametrize(("command", "name"), [
    (["compile", "{folder}", "--seeds", "0:1", "-o", "{out}"], "d.wg"),
    (["schema", "{folder}"], "d.wg"),
    (["schema", "{folder}"], "d.json"),
    (["content", "{folder}", "-n", "1", "-o", "{out}"], "d.wg"),
])
def test_a_folder_named_like_a_scaffold(command, name, tmp_path, capsys):
    folder = _folder(tmp_path, name)
    assert main([a.format(folder=folder, out=tmp_path / "out") for a in command]) == 1
    assert capsys.readouterr().err == f"{folder}: error: {folder} is a directory; give a file's path\n"


@pytest.mark.parametrize("command", [
    ["rollout", "{suite}", "--policy", "random", "-o", "{out}"],
    ["report", "{suite}", "--html", "{out}"],
    ["export", "sft", "{suite}", "-o", "{out}"],
    ["graph", "{world}", "-o", "{out}"],
    ["learn", "{suite}", "-o", "{out}", "--episodes", "100000"],  # refused before it trains
])
def test_an_output_file_that_is_a_folder(command, vault_suite, tmp_path, capsys):
    out = _folder(tmp_path, "out")
    world = str(next((vault_suite / "worlds").iterdir()))
    argv = [a.format(suite=vault_suite, out=out, world=world) for a in command]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"{out}: error: {out} is a directory; give a file's path"
    assert "internal error" not in err and os.listdir(out) == []


@pytest.mark.parametrize(("name", "reason"), [
    ("out", "{path} is a directory; give a file's path"),
    ("no-such-folder/report.html", "No such file or directory"),
])
def test_report_checks_its_html_path_before_printing_the_report(name, reason, vault_suite, tmp_path, capsys):
    (tmp_path / "out").mkdir()
    path = str(tmp_path / name)
    assert main(["report", str(vault_suite), "--html", path]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}: error: {reason.format(path=path)}\n"


def test_other_path_errors_name_the_path_and_the_reason():
    assert describe(PermissionError(13, "Permission denied", "x.jsonl")) == "x.jsonl: error: Permission denied"


def test_an_os_error_naming_no_path_is_still_a_bug_report():
    assert describe(ConnectionResetError(104, "Connection reset by peer")) is None
