"""The child process a proposal is judged in: its answer comes back, its overruns are cut off,
and nothing it started outlives it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from worldgen.errors import WorldgenError
from worldgen.flywheel.bounded import Overrun, bounded


def test_the_answer_comes_back() -> None:
    assert bounded(lambda: {"states": 12, "pid": os.getpid()}, 10, 256)["states"] == 12
    assert bounded(os.getpid, 10, 256) != os.getpid()  # judged in another process


def test_a_user_error_is_raised_as_it_was() -> None:
    def bad_url() -> None:
        raise WorldgenError("--base-url: error: connection refused")

    with pytest.raises(WorldgenError, match="connection refused"):
        bounded(bad_url, 10, 256)


def test_a_failure_inside_worldgen_rejects_the_draft_with_where_it_happened() -> None:
    with pytest.raises(Overrun, match=r"gate: judging it failed inside worldgen: ZeroDivisionError: .* \(at test_bounded.py:\d+\)"):
        bounded(lambda: 1 // 0, 10, 256)


def test_memory_past_the_budget_is_refused() -> None:
    with pytest.raises(Overrun, match=r"needed more than 64 MB of memory \(--gate-memory\)"):
        bounded(lambda: len(bytearray(256 * 2**20)), 10, 64)


def test_a_timeout_kills_every_process_the_judgement_started(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"

    def worker_then_wait() -> None:
        pid_file.write_text(str(subprocess.Popen(["sleep", "60"]).pid))
        time.sleep(60)

    started = time.perf_counter()
    with pytest.raises(Overrun, match=r"took more than 1 s \(--gate-seconds\)"):
        bounded(worker_then_wait, 1, None)
    assert time.perf_counter() - started < 5
    worker = int(pid_file.read_text())
    for _ in range(50):  # the orphaned worker is reaped by init once killed
        if not Path(f"/proc/{worker}").exists() or "State:\tZ" in Path(f"/proc/{worker}/status").read_text():
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the judgement's worker {worker} outlived it")


def test_the_judgement_dies_with_the_process_that_started_it(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    parent = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\n"
        "from pathlib import Path\n"
        "from worldgen.flywheel.bounded import bounded\n"
        "bounded(lambda: (Path(sys.argv[1]).write_text(str(os.getpid())), time.sleep(60)), None, None)\n"), str(pid_file)])
    try:
        for _ in range(300):
            if pid_file.is_file() and pid_file.read_text():
                break
            time.sleep(0.1)
        judging = int(pid_file.read_text())
    finally:
        parent.kill()  # SIGKILL: no finally clause of the parent runs
        parent.wait()
    for _ in range(50):
        if not Path(f"/proc/{judging}").exists() or "State:\tZ" in Path(f"/proc/{judging}/status").read_text():
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the judging child {judging} outlived its parent")
