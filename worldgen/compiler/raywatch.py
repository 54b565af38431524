"""Make the local Ray that `compile --executor ray` starts die with the compile, however it dies.

Ray ties its head processes (GCS, raylet and through it the workers) to the driver that started
them, but the raylet's agents (dashboard agent, runtime-env agent) outlive a driver killed with
SIGKILL by a minute or more, waiting on the dead GCS. So the driver starts this watcher: a
process in its own session (a Ctrl-C or hang-up meant for the compile does not stop it) that
reads a pipe whose write end only the driver holds, so the kernel closes it when the driver dies,
however it dies. Meanwhile the watcher lists, once a second, the driver's descendants that run
Ray's code (their command line names a file in Ray's package folder, or a ``ray::`` title), and
on EOF it kills those still running and their children. psutil tells a reused pid from the
process it listed, so nothing else is ever signalled.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys

from worldgen.errors import WorldgenError

try:
    import psutil
except ImportError:  # an optional dependency (the `ray` extra): watch() says so
    psutil = None  # type: ignore[assignment]

POLL = 1.0  # seconds between two listings of the driver's Ray processes

_watcher: subprocess.Popen[bytes] | None = None  # this process's watcher, kept alive as long as it is


def watch(ray_dir: str) -> None:
    """Start the watcher of this process's Ray processes (``ray_dir``: Ray's package folder), once."""
    global _watcher
    if _watcher is not None and _watcher.poll() is None:
        return
    if psutil is None:  # without the watcher a killed compile would leak Ray's agents
        raise WorldgenError("--executor ray needs psutil to end a local Ray with the compile: pip install 'worldgen[ray]'")
    _watcher = subprocess.Popen([sys.executable, "-m", __name__, str(os.getpid()), os.path.join(ray_dir, "")],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)


def _runs_ray(process: psutil.Process, ray_dir: str) -> bool:
    if process.pid == os.getpid():  # this watcher names Ray's folder on its command line too
        return False
    try:
        command = process.cmdline()
    except psutil.Error:
        return False
    return any(arg.startswith(ray_dir) or arg.startswith("ray::") for arg in command)


def _watch(driver: psutil.Process, ray_dir: str) -> None:
    listed: dict[int, psutil.Process] = {}
    while not select.select([sys.stdin.fileno()], [], [], POLL)[0]:
        try:
            found = driver.children(recursive=True)
        except psutil.Error:
            break  # the driver is gone: its end of the pipe is about to close, or just did
        listed = {p.pid: p for p in listed.values() if p.is_running()}
        listed.update((p.pid, p) for p in found if p.pid not in listed and _runs_ray(p, ray_dir))
    doomed = list(listed.values())
    for p in listed.values():
        try:
            doomed += p.children(recursive=True)
        except psutil.Error:
            pass
    for p in doomed:
        try:
            p.kill()  # psutil refuses a pid that now belongs to another process
        except psutil.Error:
            pass


def main() -> None:
    driver_pid, ray_dir = int(sys.argv[1]), sys.argv[2]
    try:
        driver = psutil.Process(driver_pid)
    except psutil.Error:
        return
    _watch(driver, ray_dir)


if __name__ == "__main__":
    main()
