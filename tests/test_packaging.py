"""A plain (non-editable) `pip install .` ships the grammar, scaffolds and content packs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_plain_install_finds_the_grammar(tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(target), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    probe = (
        "import worldgen, importlib.resources as r\n"
        "print(worldgen.__file__)\n"
        "print(r.files('worldgen.grammars').joinpath('worldgen.lark').is_file())\n"
        "print(r.files('worldgen.scaffolds').joinpath('vault.wg').is_file())\n"
        "print(r.files('worldgen.content_packs').joinpath('vault', 'example.json').is_file())\n"
        "s = worldgen.loads(r.files('worldgen.scaffolds').joinpath('vault.wg').read_text(), 'vault.wg')\n"
        "print(s.name)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith(str(target)), lines[0]  # the installed copy, not the checkout
    assert lines[1:] == ["True", "True", "True", "vault"]
