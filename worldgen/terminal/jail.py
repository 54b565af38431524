"""The real shell's process: real bash over a world's tree, in private mount and PID namespaces.

``RealShell`` starts ``worldgen/terminal/jail_init.py`` under ``unshare`` and hands it one command
line at a time (JSON lines over its stdin and stdout). Nothing needs Docker: ``unshare`` is
util-linux's, and a user namespace stands in for root where the caller is not root. Where the
kernel or the sandbox this runs in refuses namespaces, ``available()`` says why, in words a
person can act on.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from worldgen.errors import WorldgenError
from worldgen.terminal import jail_init

START_SECONDS = 20.0


class RealShellError(WorldgenError):
    """The real shell cannot run here, or stopped."""


@lru_cache(maxsize=1)
def available() -> str | None:
    """None when a real shell can run on this machine, else why not (asked once per process)."""
    if not sys.platform.startswith("linux"):
        return "a real shell needs Linux namespaces; this is " + sys.platform
    unshare = shutil.which("unshare")
    if unshare is None:
        return "a real shell needs `unshare` (Debian/Ubuntu: apt-get install util-linux)"
    if not os.path.exists(jail_init.BASH):
        return f"a real shell needs bash at {jail_init.BASH}"
    if not os.path.isdir("/usr/local/bin"):
        return "a real shell binds the world's programs over /usr/local/bin, which this machine lacks"
    probe = subprocess.run([*_unshare(), "--", "/usr/bin/true"], capture_output=True, text=True)
    if probe.returncode != 0:
        return ("this machine does not permit private mount namespaces (unshare said: "
                f"{probe.stderr.strip() or probe.returncode}); on Debian/Ubuntu allow unprivileged user namespaces "
                "(sysctl kernel.unprivileged_userns_clone=1, or kernel.apparmor_restrict_unprivileged_userns=0), "
                "or run as root; in Docker, run the container with --privileged or --cap-add SYS_ADMIN")
    return None


def _unshare() -> list[str]:
    argv = ["unshare", "--mount", "--pid", "--net", "--fork", "--kill-child"]
    return argv + ["--user", "--map-root-user"] if os.geteuid() != 0 else argv


class RealShell:
    """One jail over ``root`` (the world's tree on disk) with ``programs`` on PATH and
    ``control`` (where the world listens) at ``/dev/.worldgen``. ``send`` a line request, then wait
    on ``output`` (the episode serves program calls meanwhile) and ``receive`` the reply."""

    def __init__(self, root: Path, programs: Path, control: Path):
        reason = available()
        if reason is not None:
            raise RealShellError(f"error: {reason}")
        self.proc = subprocess.Popen([*_unshare(), "--", sys.executable, "-I", "-S", jail_init.__file__, str(root), str(programs), str(control)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = self._read()
        if "error" in first:
            self.close()
            raise RealShellError(f"error: {first['error']}")

    @property
    def output(self) -> IO[bytes]:
        assert self.proc.stdout is not None
        return self.proc.stdout

    def send(self, request: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError as err:
            raise RealShellError(f"error: the real shell stopped ({err})") from None

    def _read(self) -> dict[str, Any]:
        line = self.output.readline()
        if not line:
            err = self.proc.stderr.read().decode(errors="replace").strip() if self.proc.stderr else ""
            raise RealShellError(f"error: the real shell stopped{': ' + err if err else ''}")
        return json.loads(line)

    def receive(self) -> dict[str, Any]:
        reply = self._read()
        if "error" in reply:
            raise RealShellError(f"error: the real shell failed: {reply['error']}")
        return reply

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
