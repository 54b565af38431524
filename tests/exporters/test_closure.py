"""worldgen's runtime wheel holds the modules a task's images run, found by reading imports, and
nothing the images never import; a Python that has only the wheel's modules runs a terminal world's
service and grades it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import worldgen
from worldgen.exporters.closure import runtime_modules
from worldgen.exporters.runtime_wheel import build_runtime_wheel

PACKAGE = Path(worldgen.__file__).resolve().parent


def test_the_closure_reaches_the_service_the_grader_and_every_shell_tool() -> None:
    modules = {p.as_posix() for p in runtime_modules(PACKAGE)}
    assert {"exporters/service.py", "exporters/grade.py", "terminal/remote.py", "runtime/env.py", "__init__.py",
            "terminal/__init__.py"} <= modules
    tools = {p.name for p in (PACKAGE / "shell" / "builtins").glob("*.py")}
    assert {m.split("/")[-1] for m in modules if m.startswith("shell/builtins/")} == tools  # loaded by name: all of them


def test_authoring_code_stays_out_of_the_runtime_wheel(tmp_path: Path) -> None:
    names = zipfile.ZipFile(build_runtime_wheel(tmp_path)).namelist()
    tops = {n.split("/")[1] for n in names if n.startswith("worldgen/")}
    assert not tops & {"cli", "flywheel", "report", "content", "learner", "serve"}
    assert "worldgen/exporters/harbor.py" not in names  # exporting is the host's job, not the task's


SCRIPT = """
import json, sys
from pathlib import Path
import worldgen
from worldgen.exporters.grade import grade
from worldgen.exporters.journal import EpisodeConfig
from worldgen.exporters.service import WorldService

task, journal = Path(sys.argv[1]), Path(sys.argv[2])
config = EpisodeConfig.load(task / "tests" / "episode.json")
service = WorldService(task / "tests" / "world.json", config, journal)
items = service.handle({"op": "files"})["items"]
seen = {i["path"]: {"text": i["text"], "mode": i["mode"], "uid": i["uid"], "gid": i["gid"], "read": True}
        for i in items if i["path"].startswith("/var/log/")}
reply = service.handle({"op": "program", "argv": ["service", "billing-worker", "restart"], "cwd": "/root", "files": seen})
service.journal.close()
result = grade(task / "tests" / "world.json", config, journal)[0]
print(json.dumps({"file": worldgen.__file__, "status": reply["status"], "reward": result["reward"]}))
"""


def test_the_wheels_modules_alone_run_and_grade_a_terminal_world(terminal_task: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(build_runtime_wheel(tmp_path / "wheel")).extractall(site)
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(terminal_task), str(tmp_path / "journal.jsonl")],
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site)}, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["file"].startswith(str(site))  # the wheel's copy, not this checkout
    assert out["status"] == 0 and out["reward"] == 1
