"""A local Ray started by `compile --executor ray` dies with the compile, however the compile dies
(worldgen/compiler/raywatch.py): the watcher kills the driver's processes that run Ray's code, and
nothing else."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.polling import eventually

psutil = pytest.importorskip("psutil")

# A stand-in driver: starts the watcher for a fake Ray folder, one child running "Ray's code" (its
# command line names a file in that folder) and one that does not, prints their pids, then waits.
DRIVER = textwrap.dedent("""
    import subprocess, sys, time
    from worldgen.compiler import raywatch
    fake_ray = sys.argv[1]
    raywatch.watch(fake_ray)
    sleep = [sys.executable, "-c", "import time; time.sleep(120)"]
    ray_child = subprocess.Popen([*sleep, fake_ray + "/raylet"])
    other_child = subprocess.Popen([*sleep, "not-ray"])
    print(ray_child.pid, other_child.pid, raywatch._watcher.pid, flush=True)
    time.sleep(120)
""")



def _gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def test_a_driver_killed_with_sigkill_takes_its_ray_processes_and_only_those(tmp_path: Path) -> None:
    driver = subprocess.Popen([sys.executable, "-c", DRIVER, str(tmp_path / "ray")], stdout=subprocess.PIPE, text=True)
    ray_child, other_child, watcher = (int(pid) for pid in driver.stdout.readline().split())
    try:
        time.sleep(5)  # the watcher starts (an interpreter) and lists the driver's Ray processes once a second
        driver.send_signal(signal.SIGKILL)
        driver.wait()
        assert eventually(lambda: _gone(ray_child), 10), "a Ray process outlived its driver"
        assert eventually(lambda: _gone(watcher), 10), "the watcher outlived its work"
        assert not _gone(other_child)  # not Ray's: not the watcher's to end
    finally:
        for pid in (ray_child, other_child):
            if not _gone(pid):
                psutil.Process(pid).kill()


@pytest.mark.long
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree")
def test_kill_9_of_compile_executor_ray_leaves_no_ray_process(tmp_path: Path, root: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'worldgen[ray]')")
    out = tmp_path / "suite"
    compile_ = subprocess.Popen([sys.executable, "-m", "worldgen.cli.main", "compile", str(root / "scaffolds" / "vault.wg"),
                                 "--seeds", "0:3000", "--executor", "ray", "-o", str(out)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert eventually(lambda: (out / "index.jsonl").is_file() and (out / "index.jsonl").stat().st_size > 0, 180)
        started = psutil.Process(compile_.pid).children(recursive=True)
        assert any(p.name() == "raylet" for p in started)
    finally:
        compile_.send_signal(signal.SIGKILL)
        compile_.wait()
    assert eventually(lambda: all(_gone(p.pid) for p in started), 20), \
        [" ".join(p.cmdline())[:80] for p in started if not _gone(p.pid)]


def test_without_psutil_a_local_ray_is_refused_with_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    from worldgen.compiler import raywatch
    from worldgen.errors import WorldgenError

    monkeypatch.setattr(raywatch, "psutil", None)
    monkeypatch.setattr(raywatch, "_watcher", None)
    with pytest.raises(WorldgenError, match=r"needs psutil .*: pip install 'worldgen\[ray\]'"):
        raywatch.watch("/nowhere")
