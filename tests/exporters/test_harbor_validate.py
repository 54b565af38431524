"""Exported tasks pass harbor's own checks: ``TaskConfig``, ``Task``, ``Task.is_valid_dir`` and
``lint_task`` with the default rules, with zero findings.

harbor needs Python >= 3.12, so the test builds a 3.12 venv with harbor (pinned) once and keeps it
in the test cache (``$WORLDGEN_TEST_CACHE``, default ``~/.cache/worldgen-tests``). With ``uv`` (put
into a small tools venv of its own) that takes seconds; with pip about 90 s. The test is skipped,
with the reason, where no Python 3.12 exists or the venv cannot be built (no package index).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from tests.exporters.compose_tool import compose_binary, docker_config
from tests.exporters.conftest import CACHE
from worldgen.cli.main import main

HARBOR = "harbor==0.26.0"  # the version FORMATS.md describes
CHECK = Path(__file__).with_name("harbor_check.py")


def python312() -> str | None:
    """A working Python 3.12 (a pyenv shim named python3.12 may exist and still refuse to run)."""
    candidates = [shutil.which("python3.12"), *sorted(glob.glob(str(Path.home() / ".pyenv/versions/3.12*/bin/python3.12")))]
    for candidate in filter(None, candidates):
        try:
            done = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2] == (3, 12))"],
                                  capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.stdout.strip() == "True":
            return candidate
    return None


def _run(argv: list[str], what: str) -> None:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RuntimeError(f"{what}: {err}") from None
    if done.returncode:
        raise RuntimeError(f"{what} failed: {(done.stderr or done.stdout).strip().splitlines()[-1:]}")


def _uv() -> str | None:
    """uv from a tools venv in the cache (installed with pip once); None if that cannot be had."""
    tools = CACHE / "tools"
    uv = tools / "bin" / "uv"
    if not uv.exists():
        try:
            _run([sys.executable, "-m", "venv", str(tools)], "creating the tools venv")
            _run([str(tools / "bin" / "python"), "-m", "pip", "install", "--quiet", "uv"], "installing uv")
        except RuntimeError:
            shutil.rmtree(tools, ignore_errors=True)
            return None
    return str(uv)


@pytest.fixture(scope="session")
def harbor_python() -> str:
    py = python312()
    if py is None:
        pytest.skip("harbor validation skipped: harbor needs Python >= 3.12 and no working python3.12 was found")
    venv = CACHE / ("venv-" + HARBOR.replace("==", "-"))
    python = venv / "bin" / "python"
    if (venv / ".complete").exists():
        return str(python)
    shutil.rmtree(venv, ignore_errors=True)
    uv = _uv()
    try:
        if uv is not None:
            _run([uv, "venv", "--quiet", "--python", py, str(venv)], "creating the harbor venv")
            _run([uv, "pip", "install", "--quiet", "--python", str(python), HARBOR], f"installing {HARBOR}")
        else:
            _run([py, "-m", "venv", str(venv)], "creating the harbor venv")
            _run([str(python), "-m", "pip", "install", "--quiet", HARBOR], f"installing {HARBOR}")
    except RuntimeError as err:
        shutil.rmtree(venv, ignore_errors=True)
        pytest.skip(f"harbor validation skipped: could not build a Python 3.12 venv with {HARBOR}: {err}")
    (venv / ".complete").touch()
    return str(python)


def test_harbor_accepts_every_exported_task(harbor_python: str, vault_suite: Path, flaky_suite: Path,
                                            runtime_wheels: Path, tmp_path: Path) -> None:
    out = tmp_path / "tasks"
    for suite in (vault_suite, flaky_suite):
        assert main(["export", "harbor", str(suite), "-o", str(out), "--wheelhouse", str(runtime_wheels)]) == 0
    tasks = sorted(str(p) for p in out.iterdir())
    env = dict(os.environ)
    compose = compose_binary()
    if compose is not None:  # harbor's Compose rules then run `docker compose` for real
        env["DOCKER_CONFIG"] = str(docker_config(tmp_path / "docker", compose))
    done = subprocess.run([harbor_python, str(CHECK), *tasks], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert len(report["tasks"]) == len(tasks) > 0
    for task in report["tasks"]:
        assert task["findings"] == [], task
        assert task["valid_dir"] is True and task["mode"] == "separate"
        assert task["name"] == "worldgen/" + Path(task["task"]).name
        # harbor's non-default rules flag only what is deliberate (docs/harbor.md): the base image is
        # pinned by tag unless --base-image gives a digest, and the agent may be root in its own container
        assert {f.split("]")[0] + "]" for f in task["other_findings"]} <= {"[unpinned-image]", "[root-agent]"}
    if compose is not None and shutil.which("docker"):
        assert report["compose"] == "docker compose"
    elif report["compose"] != "docker compose":
        warnings.warn("harbor's Compose lint rules read docker-compose.yaml with PyYAML: the docker CLI or the "
                      "Compose plugin (the compose extra) is missing here (harbor_check.py explains)", stacklevel=1)
