"""Exit statuses of lines interactive bash cannot parse, compared with ``bash -i -c`` (the real
face's way of running a line) after a line that left ``$?`` at 0, 1 or 5."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from worldgen.shell.interp import Session, Shell
from worldgen.shell.memfs import MemoryFs

BASH = "/usr/bin/bash"
pytestmark = pytest.mark.skipif(not os.path.exists(BASH), reason="bash is not installed")


def interactive_status(tmp_path: Path, before: int, line: str) -> int:
    rc = tmp_path / "rc"
    rc.write_text(f"(exit {before})\n")
    done = subprocess.run([BASH, "--rcfile", str(rc), "-i", "-c", line], stdin=subprocess.DEVNULL, capture_output=True,
                          cwd=tmp_path, env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"}, timeout=10)
    return done.returncode


@pytest.mark.parametrize("before", [0, 1, 5])
@pytest.mark.parametrize("line", ['echo "open', "echo 'open", "echo ${HOME", "ls |", "echo )"])
def test_a_line_bash_cannot_parse_exits_as_interactive_bash_does(tmp_path: Path, before: int, line: str) -> None:
    session = Session("/", {"PATH": "/usr/bin:/bin"})
    session.status = before
    assert Shell(MemoryFs()).run(line, session).status == interactive_status(tmp_path, before, line)
