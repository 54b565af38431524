"""What `worldgen export harbor` writes: small task folders that carry their provenance, give the
agent's image nothing but the client, keep the episode seed secret, and put content into files
only as data; and it works from a plain install of worldgen."""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import ROOT
from tests.exporters.conftest import SECRET
from tests.exporters.local_task import LocalTask
from worldgen.cli.main import main
from worldgen.exporters import toml
from worldgen.exporters.harbor import JOURNAL, SOLVE_SH, TEST_SH, Target, export_task
from worldgen.exporters.runtime_wheel import build_runtime_wheel
from worldgen.exporters.walkthrough import ExportError
from worldgen.exporters.wheelhouse import Wheelhouse, build_wheelhouse
from worldgen.rollouts.sources import open_entries

MB = 1_000_000


def folder_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def tree(folder: Path) -> dict[str, bytes]:
    return {str(f.relative_to(folder)): f.read_bytes() for f in sorted(folder.rglob("*")) if f.is_file()}


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


def test_the_agent_image_holds_only_the_client_and_scripts_hold_no_content(text_tasks: list[Path]) -> None:
    for task in text_tasks:
        env = task / "environment"
        main_dockerfile = (env / "Dockerfile").read_text()
        assert re.findall(r"^COPY (\S+) ", main_dockerfile, re.M) == ["bin/world"]
        assert "pip" not in main_dockerfile and "worldgen" not in re.sub(r"(?m)^#.*$|WORLDGEN_WORLD", "", main_dockerfile)
        assert (env / "Dockerfile.dockerignore").read_text() == "service/\nwheels/\n"
        assert "COPY service/ " in (env / "world.Dockerfile").read_text()
        assert "COPY test.sh world.json episode.json /tests/" in (task / "tests" / "Dockerfile").read_text()
        # the client is the standard-library script, importing nothing of worldgen
        assert not re.search(r"^\s*(from|import) worldgen", (env / "bin" / "world").read_text(), re.M)
        # the scripts are the same for every world: nothing from content is ever in a shell script
        assert (task / "tests" / "test.sh").read_text() == TEST_SH
        assert (task / "solution" / "solve.sh").read_text() == SOLVE_SH
        for script in ("tests/test.sh", "solution/solve.sh", "environment/bin/world"):
            assert (task / script).stat().st_mode & 0o777 == 0o755


def test_the_agents_build_context_holds_nothing_of_the_world(text_tasks: list[Path]) -> None:
    """What main's image can be built from: environment/ minus what its dockerignore drops."""
    for task in text_tasks:
        env = task / "environment"
        ignored = (env / "Dockerfile.dockerignore").read_text().split()
        context = sorted(str(f.relative_to(env)) for f in env.rglob("*")
                         if f.is_file() and not any(str(f.relative_to(env)).startswith(i) for i in ignored))
        assert context == ["Dockerfile", "Dockerfile.dockerignore", "bin/world", "docker-compose.yaml", "world.Dockerfile"]


def test_world_ids_must_be_safe_folder_names(tmp_path: Path, vault_suite: Path, worldgen_wheel: Path) -> None:
    entry = open_entries(vault_suite)[0]
    entry.id = "../escape"
    with pytest.raises(ExportError, match="world id must be"):
        export_task(entry, tmp_path / "out", Wheelhouse(worldgen_wheel, ()), Target(), SECRET)
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


def test_the_runtime_wheel_is_reproducible_and_leaves_the_authoring_data_out(tmp_path: Path) -> None:
    first, second = build_runtime_wheel(tmp_path / "1"), build_runtime_wheel(tmp_path / "2")
    assert first.read_bytes() == second.read_bytes()
    names = zipfile.ZipFile(first).namelist()
    assert "worldgen/runtime/env.py" in names and "worldgen/exporters/grade.py" in names
    assert not [n for n in names if n.split("/")[1:2] in (["grammars"], ["scaffolds"], ["content_packs"]) or ".pyc" in n]


def test_the_episode_seed_comes_from_the_secret_not_the_world(tmp_path: Path, vault_suite: Path, worldgen_wheel: Path) -> None:
    entry = open_entries(vault_suite)[0]
    wheels = Wheelhouse(worldgen_wheel, ())
    seeds = [json.loads((export_task(entry, tmp_path / name, wheels, Target(), secret) / "tests" / "episode.json")
                        .read_text())["seed"] for name, secret in (("a", SECRET), ("b", SECRET), ("c", b"another secret!!"))]
    assert seeds[0] == seeds[1] != seeds[2] and entry.world.seed not in seeds
    assert tree(tmp_path / "a" / entry.id) == tree(tmp_path / "b" / entry.id)  # the same secret, the same bytes


def test_the_cli_exports_small_tasks_that_pin_every_wheel(tmp_path: Path, vault_suite: Path, runtime_wheels: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tasks"
    assert main(["export", "harbor", str(vault_suite), "-o", str(out), "--wheelhouse", str(runtime_wheels)]) == 0
    assert "MB each; images for Python 3.11 on linux/amd64 build fetching hash-pinned" in capsys.readouterr().out
    for task in sorted(out.iterdir()):
        assert folder_bytes(task) <= 1.5 * MB  # the runtime wheel twice (service and verifier), ~0.6 MB each with the shell
        for wheels in (task / "environment" / "wheels", task / "tests" / "wheels"):
            names = sorted(re.sub(r"[-_.]+", "-", line.split("==")[0]).lower()
                           for line in (wheels / "requirements.txt").read_text().splitlines())
            assert names == ["annotated-types", "numpy", "pydantic", "pydantic-core", "typing-extensions",
                             "typing-inspection", "worldgen"]
            assert [w.name.split("-")[0] for w in wheels.glob("*.whl")] == ["worldgen"]
        assert "--no-index" not in (task / "environment" / "world.Dockerfile").read_text()
    assert main(["export", "harbor", str(vault_suite), "-o", str(out), "--wheelhouse", str(runtime_wheels)]) == 1
    assert "already exists" in capsys.readouterr().err


def test_the_cli_reproduces_an_export_from_a_secret_file_and_refuses_a_short_one(
        tmp_path: Path, vault_suite: Path, runtime_wheels: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret"
    secret.write_bytes(SECRET)
    for out in ("a", "b"):
        assert main(["export", "harbor", str(vault_suite), "-o", str(tmp_path / out), "--wheelhouse", str(runtime_wheels),
                     "--secret-file", str(secret)]) == 0
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    secret.write_bytes(b"short")
    assert main(["export", "harbor", str(vault_suite), "-o", str(tmp_path / "c"), "--secret-file", str(secret)]) == 1
    assert "at least 16 bytes" in capsys.readouterr().err


def test_export_works_from_a_plain_install(tmp_path: Path, vault_suite: Path, runtime_wheels: Path,
                                           worldgen_wheel: Path) -> None:
    """worldgen installed from its wheel, not run from this checkout, exports the same runtime wheel."""
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target",
                    str(site), str(ROOT)], check=True, capture_output=True, timeout=300)
    probe = ("import sys, worldgen; from worldgen.cli.main import main\n"
             "print(worldgen.__file__)\n"
             "sys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run([sys.executable, "-c", probe, "export", "harbor", str(vault_suite), "-o", str(tmp_path / "out"),
                           "--wheelhouse", str(runtime_wheels)], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site)},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(str(site))  # the installed copy, not the checkout
    for task in (tmp_path / "out").iterdir():
        assert (task / "environment" / "wheels" / worldgen_wheel.name).read_bytes() == worldgen_wheel.read_bytes()


def test_a_task_runs_from_its_wheels_alone(tmp_path: Path, vault_suite: Path, runtime_wheels: Path) -> None:
    """What the world and verifier images do, minus Docker: a fresh Python 3.11 gets exactly the
    task's bundled wheels, installed as the Dockerfiles install them, and runs the world service
    and the verifier."""
    if sys.version_info[:2] != (3, 11):
        pytest.skip("the default wheelhouse is for Python 3.11")
    bundled = build_wheelhouse(tmp_path / "work", "3.11", "linux/amd64", runtime_wheels, bundle=True)
    task = export_task(open_entries(vault_suite)[0], tmp_path / "tasks", bundled, Target(), SECRET)
    assert folder_bytes(task) > 10 * MB  # the offline option: every wheel in the task, twice
    installs = [re.search(r"^RUN (python -m pip install [^\\\n]*)", (task / dockerfile).read_text(), re.M)
                for dockerfile in ("environment/world.Dockerfile", "tests/Dockerfile")]
    assert installs[0] is not None and installs[1] is not None and installs[0][1] == installs[1][1]
    assert "--no-index" in installs[0][1]
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)  # this pip installs into it
    python = str(venv / "bin" / "python")
    argv = shlex.split(installs[0][1].replace("/tmp/wheels", str(task / "tests" / "wheels")))
    assert argv[:4] == ["python", "-m", "pip", "install"], argv
    subprocess.run([sys.executable, "-m", "pip", "--python", python, *argv[3:]], check=True, capture_output=True)
    run = LocalTask(task, tmp_path / "run", python).start()
    try:
        assert run.solve().returncode == 0
        assert run.verify()["reward"] == 1.0
    finally:
        run.stop()
