"""``python -m worldgen`` is the ``worldgen`` command."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_python_dash_m_worldgen_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "worldgen", "check", "scaffolds/vault.wg"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "vault" in done.stdout + done.stderr
    usage = subprocess.run([sys.executable, "-m", "worldgen", "no-such-command"], cwd=ROOT, capture_output=True, text=True)
    assert usage.returncode == 2 and usage.stderr.startswith("usage: worldgen")
