"""Validate task folders with harbor's own loaders and linter; run by the tests in a Python 3.12 venv.

    python harbor_check.py TASK_DIR ...

Prints one JSON object: per task, harbor's ``TaskConfig``/``Task`` load result, ``Task.is_valid_dir``,
the default-rule lint findings (which must be none) and, for information, the findings of the rules
harbor leaves out by default. harbor's Compose rules run ``docker compose config`` (no daemon
needed); test_harbor_validate.py hands the docker CLI the Compose plugin of the ``compose`` extra
through ``DOCKER_CONFIG``. Where the CLI or the plugin is missing, the Compose file is read with
PyYAML instead, which gives the same model for files like ours (no variables, no short-syntax
mounts), and the output says so.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def compose_available() -> bool:
    try:
        return subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def read_compose_with_yaml() -> None:
    import yaml

    import harbor.lint.compose as compose

    def load(path: Path, *, task_env: dict[str, str] | None = None) -> dict:
        return yaml.safe_load(path.read_text())

    compose._load_compose = load


def check(task: Path) -> dict:
    from harbor.lint import lint_task
    from harbor.lint.models import DEFAULT_RULES
    from harbor.models.task.config import TaskConfig
    from harbor.models.task.task import Task

    result: dict = {"task": str(task)}
    config = TaskConfig.model_validate_toml((task / "task.toml").read_text())
    result["mode"] = config.verifier.environment_mode.value if config.verifier.environment_mode else None
    result["valid_dir"] = Task.is_valid_dir(task)
    result["name"] = Task(task).name
    findings = lint_task(task, selected_rules=set(DEFAULT_RULES))
    result["findings"] = [f"[{f.rule.value}] {f.message}" for f in findings]
    result["other_findings"] = [f"[{f.rule.value}] {f.message}" for f in lint_task(task) if f not in findings]
    return result


def main(argv: list[str]) -> int:
    import harbor

    compose = compose_available()
    if not compose:
        read_compose_with_yaml()
    from importlib.metadata import version

    report = {"harbor": version("harbor"), "compose": "docker compose" if compose else "yaml-fallback",
              "module": harbor.__file__, "tasks": [check(Path(a)) for a in argv]}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
