"""The README's examples run as written: the scaffold checks, the Python runs, the shell lines work."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import worldgen
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def test_the_scaffold_example_checks() -> None:
    (source,) = blocks("wg")
    scaffold = worldgen.loads(source, "README.wg")
    assert scaffold.name == "vault"


@pytest.mark.parametrize("code", blocks("python"))
def test_python_examples_run(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - our own documentation


def test_shell_examples_run(tmp_path: Path) -> None:
    lines = [line for block in blocks("sh") for line in block.splitlines() if line.startswith(("worldgen ", "printf"))]
    assert lines
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for line in lines:
        line = line.replace("/tmp/worldgen-readme", str(tmp_path))  # a fresh place for the outputs
        done = subprocess.run(["bash", "-c", line], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, (line, done.stderr)
