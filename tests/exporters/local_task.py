"""A harbor task played on this machine, without Docker.

Each container becomes a folder and a process: the world service runs as a subprocess on
127.0.0.1 with its journal in the "world" folder, the agent runs commands with the task's
``world`` client on its PATH in the "agent" folder, and harbor's artifact collection is a copy of
the journal into the "verifier" folder, where the command line of the task's own ``tests/test.sh``
is run with its container paths mapped to these folders.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from worldgen.exporters.harbor import JOURNAL


class LocalTask:
    def __init__(self, task: Path, root: Path, python: str = sys.executable):
        self.task = task
        self.python = python  # runs the service and the verifier: the images' Python
        self.root = root
        self.world_fs = root / "world"
        self.agent_fs = root / "agent"
        self.verifier_fs = root / "verifier"
        for folder in (self.world_fs, self.agent_fs / "bin", self.verifier_fs):
            folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(task / "environment" / "bin" / "world", self.agent_fs / "bin" / "world")
        self.journal = self.world_fs / "journal.jsonl"
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0

    # ------------------------------------------------------------------------ the world service
    def start(self) -> LocalTask:
        service = self.task / "environment" / "service"
        self.proc = subprocess.Popen(
            [self.python, "-m", "worldgen.exporters.service", "--world", str(service / "world.json"),
             "--episode", str(service / "episode.json"), "--journal", str(self.journal), "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=self.world_fs)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.startswith("listening on 127.0.0.1:"), line + (self.proc.stderr.read() if self.proc.stderr else "")
        self.port = int(line.rsplit(":", 1)[1])
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None

    # ------------------------------------------------------------------------ the agent
    def agent(self, *argv: str) -> subprocess.CompletedProcess[str]:
        """A command in the agent's folder, with `world` on PATH and pointed at the service."""
        env = {**os.environ, "PATH": f"{self.agent_fs / 'bin'}{os.pathsep}{os.environ['PATH']}",
               "WORLDGEN_WORLD": f"127.0.0.1:{self.port}"}
        return subprocess.run(list(argv), cwd=self.agent_fs, env=env, capture_output=True, text=True, timeout=60)

    def solve(self) -> subprocess.CompletedProcess[str]:
        return self.agent("sh", str(self.task / "solution" / "solve.sh"))

    # ------------------------------------------------------------------------ the verifier
    def verify(self) -> dict[str, Any]:
        """Collect the journal as harbor would, then run test.sh's command line; the reward.json."""
        collected = self.verifier_fs / JOURNAL.lstrip("/")
        if self.journal.exists():
            collected.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.journal, collected)
        logs = self.verifier_fs / "logs" / "verifier"
        logs.mkdir(parents=True, exist_ok=True)
        argv = self.test_command()
        mapped = [self._map(a, collected, logs) for a in argv]
        assert mapped[0] == "python", mapped
        done = subprocess.run([self.python, *mapped[1:]], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return json.loads((logs / "reward.json").read_text())

    def test_command(self) -> list[str]:
        """The command test.sh runs (after ``exec``), as argv."""
        text = (self.task / "tests" / "test.sh").read_text()
        lines = [line for line in text.replace("\\\n", " ").splitlines() if line and not line.startswith("#")]
        assert len(lines) == 1 and lines[0].startswith("exec "), text
        return shlex.split(lines[0])[1:]

    def _map(self, arg: str, journal: Path, logs: Path) -> str:
        if arg.startswith("/tests/"):
            return str(self.task / "tests" / arg.removeprefix("/tests/"))
        if arg == JOURNAL:
            return str(journal)
        if arg.startswith("/logs/verifier/"):
            return str(logs / arg.removeprefix("/logs/verifier/"))
        return arg
