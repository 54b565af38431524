"""A plain (non-editable) `pip install .` ships the grammar, scaffolds and content packs, builds
without packaging warnings, and works even from the repository root, where Python imports the
source tree instead of the installed copy."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

import worldgen
from tests.conftest import ROOT

# What setuptools prints when pyproject uses something deprecated or ships an unlisted package
# ("SetuptoolsDeprecationWarning: `project.license` as a TOML table is deprecated", "_Warning:
# Package 'worldgen.content_packs.vault' is absent from the `packages` configuration").
PACKAGING_WARNING = re.compile(r"Warning\b|[Dd]eprecat")
LOAD_FROM_HERE = ("import worldgen; print(worldgen.__file__); "
                  "print(worldgen.load('scaffolds/vault.wg').name, worldgen.load('scaffolds/ledger.wg').name)")


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A plain (non-editable) install of worldgen into a folder of its own."""
    site = tmp_path_factory.mktemp("install") / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(site), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    return site


def test_plain_install_finds_the_grammar(target: Path, tmp_path: Path) -> None:
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


def test_export_harbor_proposer_runs_from_the_installed_copy(target: Path, tmp_path: Path) -> None:
    """The proposer task's language reference ships with the package: nothing is read from a checkout."""
    library = tmp_path / "library"
    library.mkdir()
    (library / "vault.wg").write_bytes((target / "worldgen" / "scaffolds" / "vault.wg").read_bytes())
    (library / "vault.json").write_bytes((target / "worldgen" / "content_packs" / "vault" / "example.json").read_bytes())
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([sys.executable, "-m", "worldgen.cli.main", "export", "harbor-proposer", "--library", str(library),
                           "-o", str(tmp_path / "task"), "--seeds", "0:2"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    shipped = tmp_path / "task" / "environment" / "docs" / "language.md"
    assert shipped.read_bytes() == (ROOT / "docs" / "language.md").read_bytes()
    assert not (target / "docs").exists()  # the reference is inside the package, not beside it


def _venv(where: Path, *, pip: bool) -> Path:
    """A new virtual environment; its python."""
    subprocess.run([sys.executable, "-m", "venv", *([] if pip else ["--without-pip"]), str(where)], check=True,
                   capture_output=True, timeout=300)
    return where / "bin" / "python"


def _installed_and_used_from_the_checkout(python: Path, install_output: str) -> None:
    """What a user of a plain install sees: a clean build, `worldgen --version`, and scaffolds that
    load from the repository root (shadowed by the source tree) and from anywhere else."""
    assert PACKAGING_WARNING.findall(install_output) == [], install_output
    version = subprocess.run([str(python.parent / "worldgen"), "--version"], capture_output=True, text=True, timeout=60)
    assert version.stdout == f"worldgen {worldgen.__version__}\n"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    here = subprocess.run([str(python), "-c", LOAD_FROM_HERE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert here.returncode == 0, here.stderr
    assert here.stdout.splitlines() == [str(ROOT / "worldgen" / "__init__.py"), "vault ledger"]  # the source tree won
    elsewhere = subprocess.run([str(python), "-c", LOAD_FROM_HERE.replace("scaffolds/", f"{ROOT}/scaffolds/")],
                               cwd=python.parent, env=env, capture_output=True, text=True, timeout=60)
    assert elsewhere.returncode == 0, elsewhere.stderr
    assert not elsewhere.stdout.startswith(str(ROOT)) and elsewhere.stdout.splitlines()[1] == "vault ledger"


def test_plain_install_into_a_venv_works_from_the_repository_root(tmp_path: Path) -> None:
    """The dependencies come from this environment (a .pth file; its editable-install hook is not
    run), worldgen itself is built and installed as a wheel."""
    python = _venv(tmp_path / "venv", pip=False)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--verbose", "--no-deps",
                           "--no-build-isolation", str(ROOT)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    _installed_and_used_from_the_checkout(python, done.stdout + done.stderr)


@pytest.mark.long
def test_plain_install_into_a_fresh_venv_from_the_index(tmp_path: Path) -> None:
    """`pip install .` as a new user runs it: an isolated build and every dependency from the index."""
    python = _venv(tmp_path / "venv", pip=True)
    done = subprocess.run([str(python), "-m", "pip", "install", "--verbose", str(ROOT)], capture_output=True, text=True,
                          timeout=1200)
    assert done.returncode == 0, done.stderr
    _installed_and_used_from_the_checkout(python, "\n".join(
        line for line in (done.stdout + done.stderr).splitlines() if "Location 'file:" not in line))  # the machine's pip config


def test_every_package_is_listed_in_pyproject() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    found = {
        ".".join(p.relative_to(ROOT).parent.parts) for p in (ROOT / "worldgen").rglob("__init__.py")
    }
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    data = {
        f"{package}.{'.'.join(d.relative_to(ROOT / folder).parts)}"
        for package, folder in setuptools["package-dir"].items()
        for d in (ROOT / folder).rglob("*")
        if d.is_dir() and d.name.isidentifier() and d.name != "__pycache__" and any(f.is_file() for f in d.iterdir())
    }
    assert data - listed == set(), "data folders ship as packages: add these to [tool.setuptools] packages"
