"""harbor's Compose merge of an exported task, run with the real Docker Compose v2 binary.

harbor's local ``docker`` environment starts a task's agent side as

    docker compose --project-name P --project-directory ENV -f docker-compose-build.yaml -f ENV/docker-compose.yaml ... up

(its own build file first, the task's file last; with egress control also its sidecar file and a
generated file that moves every service without networking of its own into the sidecar's network
namespace), and builds the verifier's image from ``tests/`` with its build file alone. ``config``
and ``build --print`` need no daemon, so these tests check the merged model and the build plan that
``up`` would use. Building and starting the images needs a daemon and the base images (docs/harbor.md).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.exporters.compose_tool import require_compose
from worldgen.exporters.harbor import PORT, READY, Target

HARBOR_FILES = Path(__file__).with_name("harbor_compose")  # vendored from harbor, unchanged
BUILD = HARBOR_FILES / "docker-compose-build.yaml"
EGRESS = HARBOR_FILES / "docker-compose-egress-control.yaml"
SIDECAR = "harbor-docker-egress-control-sidecar"
PROJECT = "hb-test"


@pytest.fixture(scope="module")
def compose() -> Path:
    return require_compose()


@pytest.fixture
def environment(tasks: list[Path]) -> Path:
    return tasks[0] / "environment"


def run_compose(compose: Path, project_dir: Path, files: list[Path], *command: str) -> Any:
    """``compose`` as harbor calls it, with the variables harbor's files use; the JSON it prints."""
    env = {"PATH": os.environ["PATH"], "DOCKER_CONFIG": str(project_dir / ".no-docker-config"),
           "CONTEXT_DIR": str(project_dir), "EGRESS_CONTROL_SIDECAR_IMAGE_NAME": "harbor-egress"}
    argv = [str(compose), "--project-name", PROJECT, "--project-directory", str(project_dir)]
    for file in files:
        argv += ["-f", str(file)]
    done = subprocess.run([*argv, *command], cwd=project_dir, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_harbor_runs_main_and_world_side_by_side(compose: Path, environment: Path) -> None:
    merged = run_compose(compose, environment, [BUILD, environment / "docker-compose.yaml"], "config", "--format", "json")
    services = merged["services"]
    assert set(services) == {"main", "world"}
    main, world = services["main"], services["world"]
    # main: harbor's build of ./Dockerfile and its keep-alive command, started once world is healthy
    assert main["build"] == {"context": str(environment), "dockerfile": "Dockerfile"}
    assert main["command"] == ["sh", "-c", "sleep infinity"] and main["pull_policy"] == "build"
    assert main["depends_on"] == {"world": {"condition": "service_healthy", "required": True}}
    # world: our image, whose own CMD starts the service; healthy once its port accepts connections
    assert world["build"] == {"context": str(environment), "dockerfile": "world.Dockerfile"}
    assert world.get("command") is None and world.get("entrypoint") is None
    assert world["healthcheck"] == {
        "test": ["CMD", "python", "-c", f"import socket; socket.create_connection(('127.0.0.1', {PORT}), 2).close()"],
        "interval": "2s", "timeout": "5s", "retries": 30, "start_period": "2s"}
    # world is bounded: one CPU, 512 MiB, 64 processes (compose reads the sizes, so a typo fails here)
    assert (world["cpus"], world["mem_limit"], world["pids_limit"]) == (1.0, "536870912", 64)
    for service in (main, world):
        assert service["platform"] == Target().platform
        # one project network, on which main reaches the service as world:PORT; nothing is published on
        # the host, and neither the task's environment nor host folders are handed to either container
        assert service["networks"] == {"default": None}
        assert not {"ports", "volumes", "environment", "privileged", "cap_add"} & set(service)
    assert list(merged["networks"]) == ["default"] and merged["networks"]["default"]["name"] == f"{PROJECT}_default"


def test_the_build_plan_uses_the_task_dockerfiles(compose: Path, environment: Path) -> None:
    plan = run_compose(compose, environment, [BUILD, environment / "docker-compose.yaml"], "build", "--print")
    targets = plan["target"]
    assert set(targets) == {"main", "world"}
    for name, dockerfile in (("main", "Dockerfile"), ("world", "world.Dockerfile")):
        assert targets[name]["context"] == str(environment)
        assert targets[name]["dockerfile"] == str(environment / dockerfile)
        assert (environment / dockerfile).is_file()
        assert targets[name]["platforms"] == [Target().platform]
        assert targets[name]["tags"] == [f"{PROJECT}-{name}"]


def test_under_egress_control_both_services_share_the_sidecars_network(compose: Path, environment: Path,
                                                                        tmp_path: Path) -> None:
    """The overlay harbor generates routes main and every task service that names no networking of
    its own through the sidecar, so the client's fallback to 127.0.0.1 reaches the world's port."""
    routed = {"network_mode": f"service:{SIDECAR}", "depends_on": {SIDECAR: {"condition": "service_healthy"}}}
    overlay = tmp_path / "docker-compose-egress-control-services.json"
    overlay.write_text(json.dumps({"services": {"main": routed, "world": routed}}))
    files = [BUILD, environment / "docker-compose.yaml", EGRESS, overlay]
    services = run_compose(compose, environment, files, "config", "--format", "json")["services"]
    assert set(services) == {"main", "world", SIDECAR}
    for name in ("main", "world"):
        assert services[name]["network_mode"] == f"service:{SIDECAR}"
        assert "networks" not in services[name]
        assert services[name]["depends_on"][SIDECAR]["condition"] == "service_healthy"
    assert services["main"]["depends_on"]["world"]["condition"] == "service_healthy"


def test_the_verifier_image_builds_from_tests(compose: Path, tasks: list[Path]) -> None:
    """In separate mode harbor builds the verifier's environment from tests/, which has no Compose file."""
    tests = tasks[0] / "tests"
    main = run_compose(compose, tests, [BUILD], "config", "--format", "json")["services"]["main"]
    assert main["build"] == {"context": str(tests), "dockerfile": "Dockerfile"}
    assert (tests / "Dockerfile").is_file()


def test_a_terminal_worlds_main_is_healthy_once_its_entrypoint_wrote_the_files(compose: Path, terminal_task: Path) -> None:
    environment = terminal_task / "environment"
    merged = run_compose(compose, environment, [BUILD, environment / "docker-compose.yaml"], "config", "--format", "json")
    assert set(merged["services"]) == {"main", "world"}
    main = merged["services"]["main"]
    # the image's ENTRYPOINT (worldgen-files) runs first and then execs harbor's keep-alive command
    assert main["command"] == ["sh", "-c", "sleep infinity"] and main.get("entrypoint") is None
    assert main["depends_on"] == {"world": {"condition": "service_healthy", "required": True}}
    assert main["healthcheck"] == {"test": ["CMD", "test", "-f", READY], "interval": "1s", "timeout": "5s", "retries": 60}
    assert not {"ports", "volumes", "environment", "privileged", "cap_add"} & set(main)
    plan = run_compose(compose, environment, [BUILD, environment / "docker-compose.yaml"], "build", "--print")
    assert plan["target"]["main"]["dockerfile"] == str(environment / "Dockerfile")
