"""`worldgen serve` on the command line: exit codes and messages a person can act on."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from worldgen.cli.main import main


@pytest.mark.parametrize("argv", [
    ["serve"],
    ["serve", "x", "--http", "eighty"],
    ["serve", "x", "--http", "70000"],
    ["serve", "x", "--stdio", "--http", "0"],
    ["serve", "x", "--http", "0", "--request-timeout", "0"],
    ["serve", "x", "--http", "0", "--idle-timeout", "soon"],
    ["serve", "x", "--http", "0", "--max-connections", "-1"],
])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "usage: worldgen serve" in capsys.readouterr().err


def test_a_missing_suite_or_a_busy_port_exits_1(tmp_path: Path, suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", str(tmp_path / "nope"), "--stdio"]) == 1
    assert "no such world file or suite folder" in capsys.readouterr().err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        assert main(["serve", str(suite), "--http", str(busy.getsockname()[1])]) == 1
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err
