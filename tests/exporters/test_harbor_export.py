"""What `worldgen export harbor` writes: self-contained task folders that carry their provenance,
keep world data out of the agent's image, and put content into files only as data."""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.exporters.local_task import LocalTask
from worldgen.cli.main import main
from worldgen.exporters import toml
from worldgen.exporters.harbor import JOURNAL, SOLVE_SH, TEST_SH, Target, export_task
from worldgen.exporters.walkthrough import ExportError
from worldgen.exporters.wheelhouse import Wheelhouse, build_wheelhouse, build_worldgen_wheel
from worldgen.rollouts.sources import open_entries


def test_task_folders_carry_the_artifact_and_its_provenance(tasks: list[Path], vault_suite: Path) -> None:
    index = {json.loads(line)["id"]: json.loads(line) for line in (vault_suite / "index.jsonl").read_text().splitlines()}
    checked = 0
    for task in tasks:
        line = index.get(task.name)
        if line is None:
            continue
        artifact = (vault_suite / line["path"]).read_bytes()
        assert (task / "tests" / "world.json").read_bytes() == artifact == (task / "environment" / "service" / "world.json").read_bytes()
        config = tomllib.loads((task / "task.toml").read_text())
        meta = config["metadata"]
        assert meta["artifact_sha256"] == hashlib.sha256(artifact).hexdigest() == line["hashes"]["artifact"]
        assert (meta["world_sha256"], meta["scaffold_sha256"], meta["content_sha256"]) == (
            line["hashes"]["world"], line["hashes"]["scaffold"], line["hashes"]["content"])
        assert meta["axes"] == line["axes"] and meta["params"] == line["params"]
        assert config["task"]["name"] == f"worldgen/{task.name}"
        assert config["verifier"]["environment_mode"] == "separate"
        assert config["artifacts"] == [{"source": JOURNAL, "service": "world"}]
        checked += 1
    assert checked == len(index)


def test_no_world_data_in_the_agent_image_and_no_content_in_scripts(tasks: list[Path]) -> None:
    for task in tasks:
        env = task / "environment"
        copied = re.findall(r"^COPY (\S+) ", (env / "Dockerfile").read_text(), re.M)
        assert copied == ["wheels/", "bin/world"]
        assert (env / "Dockerfile.dockerignore").read_text() == "service/\n"
        assert "COPY service/ " in (env / "world.Dockerfile").read_text()
        # the scripts are the same for every world: nothing from content is ever in a shell script
        assert (task / "tests" / "test.sh").read_text() == TEST_SH
        assert (task / "solution" / "solve.sh").read_text() == SOLVE_SH
        for script in ("tests/test.sh", "solution/solve.sh", "environment/bin/world"):
            assert (task / script).stat().st_mode & 0o777 == 0o755


def test_world_ids_must_be_safe_folder_names(tmp_path: Path, vault_suite: Path, worldgen_wheel: Path) -> None:
    entry = open_entries(vault_suite)[0]
    entry.id = "../escape"
    with pytest.raises(ExportError, match="world id must be"):
        export_task(entry, tmp_path / "out", Wheelhouse((worldgen_wheel,)), Target())
    assert not (tmp_path / "escape").exists() and not (tmp_path / "out").exists()


def test_cli_errors(tmp_path: Path, vault_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as usage:
        main(["export", "harbor", str(vault_suite)])
    assert usage.value.code == 2
    assert main(["export", "harbor", str(vault_suite), "-o", str(tmp_path), "--python", "3"]) == 1
    assert "--python must look like 3.11" in capsys.readouterr().err
    assert main(["export", "harbor", str(vault_suite), "-o", str(tmp_path), "--base-image", "python:3.11\nRUN x"]) == 1
    assert "--base-image must be an image reference" in capsys.readouterr().err


@given(st.dictionaries(st.text(min_size=1), st.one_of(
    st.text(), st.integers(-2**63, 2**63 - 1), st.booleans(), st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.text(), max_size=3), st.dictionaries(st.text(min_size=1), st.text(), max_size=3)), max_size=5))
def test_toml_writer_round_trips_any_text(doc: dict) -> None:
    assert tomllib.loads(toml.dumps(doc)) == doc


def test_the_worldgen_wheel_is_reproducible(tmp_path: Path) -> None:
    first, second = build_worldgen_wheel(tmp_path / "1"), build_worldgen_wheel(tmp_path / "2")
    assert first.read_bytes() == second.read_bytes()


def test_the_cli_exports_complete_wheelhouses(tmp_path: Path, vault_suite: Path, runtime_wheels: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tasks"
    assert main(["export", "harbor", str(vault_suite), "-o", str(out), "--wheelhouse", str(runtime_wheels)]) == 0
    assert "MB of it wheels for Python 3.11 on linux/amd64" in capsys.readouterr().out
    first = sorted(out.iterdir())[0]
    names = sorted(re.sub(r"[-_.]+", "-", line.split("==")[0]).lower()
                   for line in (first / "environment" / "wheels" / "requirements.txt").read_text().splitlines())
    assert names == ["annotated-types", "numpy", "pydantic", "pydantic-core", "typing-extensions", "typing-inspection", "worldgen"]
    assert main(["export", "harbor", str(vault_suite), "-o", str(out), "--wheelhouse", str(runtime_wheels)]) == 1
    assert "already exists" in capsys.readouterr().err


def test_a_task_runs_from_its_wheels_alone(tmp_path: Path, flaky_suite: Path, runtime_wheels: Path) -> None:
    """What the images do, minus Docker: a fresh Python 3.11 gets exactly the task's wheels, installed
    as the Dockerfiles install them, and runs the world service and the verifier."""
    if sys.version_info[:2] != (3, 11):
        pytest.skip("the default wheelhouse is for Python 3.11")
    with_deps = build_wheelhouse(tmp_path / "work", "3.11", "linux/amd64", runtime_wheels)
    task = export_task(open_entries(flaky_suite)[0], tmp_path / "tasks", with_deps, Target())
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)  # this pip installs into it
    python = str(venv / "bin" / "python")
    install = re.search(r"^RUN (python -m pip install [^\\\n]*)", (task / "environment" / "Dockerfile").read_text(), re.M)
    assert install is not None
    argv = shlex.split(install[1].replace("/tmp/wheels", str(task / "environment" / "wheels")))
    assert argv[:4] == ["python", "-m", "pip", "install"], argv
    subprocess.run([sys.executable, "-m", "pip", "--python", python, *argv[3:]], check=True, capture_output=True)
    run = LocalTask(task, tmp_path / "run", python).start()
    try:
        assert run.solve().returncode == 0
        assert run.verify()["reward"] == 1.0
    finally:
        run.stop()
