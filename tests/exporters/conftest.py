"""Suites, wheels and exported tasks shared by the exporter tests (built once per session).

Tests that need something from outside this machine's loopback (wheels from the package index, a
Python 3.12 venv with harbor) get it through ``cache``-backed fixtures that skip with a reason
when it cannot be had; everything else runs offline.
"""

from __future__ import annotations

import os
from importlib.metadata import version
from pathlib import Path

import pytest

from worldgen.errors import WorldgenError
from worldgen.exporters.harbor import Target, export_task
from worldgen.exporters.runtime_wheel import build_runtime_wheel
from worldgen.exporters.wheelhouse import RUNTIME_DEPENDENCIES, Wheelhouse, download_dependencies
from worldgen.rollouts.sources import open_entries

CACHE = Path(os.environ.get("WORLDGEN_TEST_CACHE", Path.home() / ".cache" / "worldgen-tests"))
SECRET = b"the tests' seed secret: public, so never use it for real tasks"


@pytest.fixture(scope="session")
def worldgen_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_runtime_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def tasks(tmp_path_factory: pytest.TempPathFactory, vault_suite: Path, flaky_suite: Path, worldgen_wheel: Path) -> list[Path]:
    """Every world of both suites as a task folder, exported with the tests' secret. No dependency is
    pinned: these tasks are played by local processes, never built into images."""
    out = tmp_path_factory.mktemp("tasks")
    wheels = Wheelhouse(worldgen_wheel, ())
    return [export_task(e, out, wheels, Target(), SECRET) for suite in (vault_suite, flaky_suite) for e in open_entries(suite)]


@pytest.fixture(scope="session")
def runtime_wheels() -> Path:
    """pydantic and numpy wheels for the default target (Python 3.11, linux/amd64), fetched once
    from the package index and kept in the cache."""
    pins = "-".join(f"{name}{version(name)}" for name in RUNTIME_DEPENDENCIES)
    folder = CACHE / f"wheels-cp311-linux-amd64-{pins}"
    done = folder / ".complete"
    if not done.exists():
        try:
            download_dependencies(folder, "3.11", "linux/amd64", None)
        except WorldgenError as err:
            pytest.skip(f"cannot fetch the runtime's wheels from the package index: {err}")
        done.touch()
    return folder


@pytest.fixture(scope="session")
def terminal_task(tmp_path_factory: pytest.TempPathFactory, worldgen_wheel: Path) -> Path:
    """A terminal world (scaffold logs, seed 0) as a task folder: a real machine with its files."""
    from tests.suites import compiled

    suite = compiled(tmp_path_factory.mktemp("logs") / "suite", "logs", range(0, 1))
    entry = next(iter(open_entries(suite)))
    return export_task(entry, tmp_path_factory.mktemp("terminal-tasks"), Wheelhouse(worldgen_wheel, ()), Target(), SECRET)


@pytest.fixture(scope="session")
def text_tasks(tasks: list[Path]) -> list[Path]:
    """The tasks of text worlds (vault), played through the `world` client; the flaky suite's
    worlds are terminal worlds (scaffold services), whose tasks are real machines instead."""
    return [t for t in tasks if 'category = "text-world"' in (t / "task.toml").read_text()]
