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
        "import importlib, pkgutil\n"
        "mods = [m.name for m in pkgutil.walk_packages(worldgen.__path__, 'worldgen.')]\n"
        "outside = [m for m in mods if not importlib.import_module(m).__file__.startswith(worldgen.__path__[0])]\n"
        "print(len(mods) > 40, outside)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith(str(target)), lines[0]  # the installed copy, not the checkout
    assert lines[1:] == ["True", "True", "True", "vault", "True []"]


def test_every_package_is_listed_in_pyproject() -> None:
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.relative_to(ROOT).parent.parts) for p in (ROOT / "worldgen").rglob("__init__.py")
    }
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
