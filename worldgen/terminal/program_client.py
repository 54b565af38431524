#!/usr/bin/env python3
"""A world's program (``systemctl``, ``git``, a product's CLI) in a real shell: the world runs it.

This file is installed under each program's name on the shell's ``PATH``, beside
``.worldgen.json`` (where the world listens, and the paths of the world's files). It holds no
state and no rules. Per call it reports what happened to the world's files since the world last
wrote them (each file's text, mode, owner and group, whether it is gone, whether it was read),
sends its argv, prints what the world answered, writes the files the action changed, and exits
with the program's status. The world, running elsewhere, keeps the hidden state.

The same functions serve the world's side of a local real shell (``scan`` after every line,
``rewrite`` of what changed), so both faces see the files the same way. Standard library only:
it is copied as is into a task's container, where it also answers to two more names:
``worldgen-files [COMMAND...]`` (the container's entrypoint: write the world's tree as the world
service has it, mark the container ready, then run COMMAND) and ``worldgen-sync`` (report the
files once more without running a program: the verifier's last look, a Harbor collect hook).
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from typing import Any

CONFIG = ".worldgen.json"
START = "worldgen-files"
SYNC = "worldgen-sync"
READY = "/run/worldgen.ready"  # the container's health check waits for it
NOGROUP = 65534
MAX_TEXT = 1 << 20  # bytes of a file reported (a world file is a few KiB)
CONNECT_TRIES = 10


def scan(root: str, paths: list[str]) -> dict[str, dict[str, Any] | None]:
    """Each world file as it is on disk under ``root``: None where it is gone, else its text,
    mode, uid, gid and whether it was read since written (its access time moved past its
    modification time, which ``rewrite`` sets just below)."""
    seen: dict[str, dict[str, Any] | None] = {}
    for path in paths:
        full = os.path.join(root, path.lstrip("/"))
        try:
            st = os.stat(full, follow_symlinks=False)
            if not os.path.isfile(full) or os.path.islink(full):
                seen[path] = None
                continue
            data = _peek(full, st)
        except OSError:
            seen[path] = None
            continue
        seen[path] = {"text": data.decode("utf-8", "surrogateescape"), "mode": st.st_mode & 0o7777,
                      "uid": st.st_uid, "gid": st.st_gid, "read": st.st_atime > st.st_mtime}
    return seen


def _peek(full: str, st: os.stat_result) -> bytes:
    """A file's bytes without touching its access time (O_NOATIME; else the times are put back),
    so a scan is never taken for the agent's read."""
    try:
        fd = os.open(full, os.O_RDONLY | getattr(os, "O_NOATIME", 0))
        restore = False
    except PermissionError:  # O_NOATIME is for the file's owner only
        fd = os.open(full, os.O_RDONLY)
        restore = True
    try:
        with os.fdopen(fd, "rb") as f:
            return f.read(MAX_TEXT)
    finally:
        if restore:
            os.utime(full, ns=(st.st_atime_ns, st.st_mtime_ns))


def rewrite(root: str, files: dict[str, dict[str, Any] | None]) -> None:
    """Put the world's version of each file on disk: its text, mode, owner (where permitted) and
    times; None removes it."""
    for path, want in files.items():
        full = os.path.join(root, path.lstrip("/"))
        if want is None:
            try:
                os.unlink(full)
            except OSError:
                pass
            continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.islink(full) or os.path.isdir(full):  # the agent put something else there
            _remove(full)
        with open(full, "wb") as f:
            f.write(want["text"].encode("utf-8", "surrogateescape"))
        _own(full, want)
        os.chmod(full, want["mode"])
        os.utime(full, (want["mtime"] - 1, want["mtime"]))


def _own(full: str, want: dict[str, Any]) -> None:
    """The owner and group the world gives (an id it has no number for stays as it is)."""
    try:
        os.chown(full, _id(want.get("uid")), _id(want.get("gid")))
    except OSError:
        pass  # not root here: the owner stays this process's, as a manifest would say


def _id(value: Any) -> int:
    return value if isinstance(value, int) else -1


def plant(root: str, items: list[dict[str, Any]]) -> None:
    """The world's tree under ``root`` (directories parents first, ``text`` null): modes, owners
    and times as ``rewrite`` gives them; directories get their times last."""
    for item in items:
        full = os.path.join(root, item["path"].lstrip("/"))
        if item["text"] is None:
            os.makedirs(full, exist_ok=True)
            _own(full, item)
            os.chmod(full, item["mode"])
        else:
            rewrite(root, {item["path"]: item})
    for item in reversed(items):
        if item["text"] is None:
            os.utime(os.path.join(root, item["path"].lstrip("/")), (item["mtime"], item["mtime"]))


def _remove(full: str) -> None:
    if os.path.isdir(full) and not os.path.islink(full):
        for entry in os.listdir(full):
            _remove(os.path.join(full, entry))
        os.rmdir(full)
    else:
        os.unlink(full)


def _config() -> dict[str, Any]:
    here = os.path.dirname(os.path.realpath(sys.argv[0]))
    with open(os.path.join(here, CONFIG), encoding="utf-8") as f:
        return json.load(f)


def _connect(address: str) -> socket.socket:
    """``unix:PATH`` is a socket file (a local real shell, which has no network); ``HOST:PORT``
    the task's world service, tried on loopback as well (harbor's egress control puts services
    there)."""
    if address.startswith("unix:"):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(address[5:])
        return sock
    host, _, port = address.rpartition(":")
    last: OSError | None = None
    for attempt in range(CONNECT_TRIES):
        for candidate in (host, "127.0.0.1") if host != "127.0.0.1" else (host,):
            try:
                return socket.create_connection((candidate, int(port)), timeout=60)
            except OSError as err:
                last = err
        time.sleep(min(0.2 * 2 ** attempt, 2.0))
    raise ConnectionError(f"cannot reach the world at {address} ({last})")


def ask(address: str, request: dict[str, Any]) -> dict[str, Any]:
    """One request, one reply, each a JSON line."""
    with _connect(address) as sock:
        sock.sendall(json.dumps(request).encode("utf-8") + b"\n")
        with sock.makefile("rb") as reader:
            line = reader.readline()
    if not line:
        raise ConnectionError("the world closed the connection without answering")
    return json.loads(line)


def adopt(root: str, accounts: dict[str, dict[str, int]]) -> None:
    """The accounts the world's owners need (``{"users": {name: uid}, "groups": {name: gid}}``),
    replacing lines of the same names in ``/etc/passwd`` and ``/etc/group``; a user's primary
    group is its namesake, else nogroup."""
    groups = accounts.get("groups", {})
    _table(os.path.join(root, "etc/passwd"), {n: f"{n}:x:{uid}:{groups.get(n, NOGROUP)}::/nonexistent:/usr/sbin/nologin"
                                              for n, uid in accounts.get("users", {}).items()})
    _table(os.path.join(root, "etc/group"), {n: f"{n}:x:{gid}:" for n, gid in groups.items()})


def _table(path: str, lines: dict[str, str]) -> None:
    if not lines:
        return
    try:
        with open(path, encoding="utf-8") as f:
            old = f.read().splitlines()
    except FileNotFoundError:
        old = []
    kept = [line for line in old if line.split(":", 1)[0] not in lines]
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in [*kept, *lines.values()]))


def start(config: dict[str, Any], command: list[str]) -> int:
    """A container's entrypoint: the world's tree, then ``command`` (which runs even where the
    world cannot be reached, so the container's health check, not its start, reports that)."""
    try:
        reply = ask(config["address"], {"op": "files"})
        adopt("/", reply["accounts"])
        plant("/", reply["items"])
        with open(READY, "w", encoding="utf-8"):
            pass
    except (OSError, ValueError, KeyError, TypeError) as err:
        print(f"{START}: the world's files could not be written: {err}", file=sys.stderr, flush=True)
        if not command:
            return 1
    if command:
        os.execvp(command[0], command)
    return 0


def main(argv: list[str]) -> int:
    name = os.path.basename(argv[0])
    try:
        config = _config()
        if name == START:
            return start(config, argv[1:])
        files = scan("/", config["files"])
        request = {"op": "sync", "files": files} if name == SYNC else \
            {"op": "program", "argv": [name, *argv[1:]], "cwd": os.getcwd(), "files": files}
        reply = ask(config["address"], request)
    except (OSError, ValueError, KeyError) as err:
        print(f"{name}: the world cannot be reached: {err}", file=sys.stderr)
        return 126
    if "error" in reply:
        print(f"{name}: {reply['error']}", file=sys.stderr)
        return 126
    rewrite("/", reply.get("files", {}))
    sys.stdout.write(reply["stdout"])
    sys.stdout.flush()
    sys.stderr.write(reply["stderr"])
    return int(reply["status"])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
