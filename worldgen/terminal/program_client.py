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
import shutil
import socket
import stat
import sys
import time
from typing import Any

CONFIG = ".worldgen.json"
START = "worldgen-files"
SYNC = "worldgen-sync"
READY = "/run/worldgen.ready"  # the container's health check waits for it
MAX_TEXT = 1 << 20  # bytes of a file reported (a world file is a few KiB)
CONNECT_TRIES = 10


def scan(root: str, paths: list[str]) -> dict[str, dict[str, Any] | None]:
    """Each world file as it is on disk under ``root``: None where it is gone, else its text,
    mode, uid, gid and whether it was read since written (its access time moved past its
    modification time, which ``rewrite`` sets just below). Only a regular file at the world's
    path counts: a link, a folder or a link on the way there is "gone", never followed."""
    seen: dict[str, dict[str, Any] | None] = {}
    for path in paths:
        seen[path] = None
        found = _folder(root, path, make=False)
        if found is None:
            continue
        folder, name = found
        try:
            seen[path] = _peek(folder, name)
        except OSError:
            pass
        finally:
            os.close(folder)
    return seen


def _folder(root: str, path: str, *, make: bool) -> tuple[int, str] | None:
    """An open descriptor of the folder that holds ``path`` under ``root`` and the file's name,
    reached one name at a time without following links, so what the agent put on the way (a
    link to the host's ``/``) is never passed through. Where a folder is missing or is something
    else: None, or with ``make`` that thing is removed and a folder made, as the world has it."""
    *folders, name = [part for part in path.split("/") if part]
    if any(part in (".", "..") for part in (*folders, name)):
        return None  # no world file's path has one (check refuses it): a `..` would climb out of root
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for part in folders:
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except OSError:
                if not make:
                    os.close(fd)
                    return None
                _remove(fd, part)
                os.mkdir(part, 0o755, dir_fd=fd)
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
    except OSError:
        os.close(fd)
        raise
    return fd, name


def _peek(folder: int, name: str) -> dict[str, Any] | None:
    """One regular file's bytes and status, without touching its access time (O_NOATIME, else
    the times are put back), so a scan is never taken for the agent's read."""
    try:
        fd = _open(name, folder)
    except PermissionError:
        return _peek_unreadable(folder, name)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        data = f.read(MAX_TEXT)
        try:
            os.utime(fd, ns=(st.st_atime_ns, st.st_mtime_ns))
        except PermissionError:
            pass  # another account's file, read without O_NOATIME: its access time moved
    return _status(data, st)


def _open(name: str, folder: int) -> int:
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
    try:
        return os.open(name, flags | getattr(os, "O_NOATIME", 0), dir_fd=folder)
    except PermissionError:  # O_NOATIME is for the file's owner only
        return os.open(name, flags, dir_fd=folder)


def _peek_unreadable(folder: int, name: str) -> dict[str, Any] | None:
    """A file whose mode keeps it from this process (``chmod 000`` by an agent mapped onto this
    user, seen from the host): made readable for a moment through its own handle, never
    through a path the agent could swap for a link."""
    handle = os.open(name, os.O_PATH | os.O_NOFOLLOW, dir_fd=folder)
    try:
        st = os.fstat(handle)
        if not stat.S_ISREG(st.st_mode):
            return None
        by_handle = f"/proc/self/fd/{handle}"
        os.chmod(by_handle, (st.st_mode & 0o7777) | 0o400)
        try:
            with open(by_handle, "rb") as f:
                data = f.read(MAX_TEXT)
        finally:
            os.chmod(by_handle, st.st_mode & 0o7777)
            os.utime(by_handle, ns=(st.st_atime_ns, st.st_mtime_ns))
    finally:
        os.close(handle)
    return _status(data, st)


def _status(data: bytes, st: os.stat_result) -> dict[str, Any]:
    return {"text": data.decode("utf-8", "surrogateescape"), "mode": st.st_mode & 0o7777,
            "uid": st.st_uid, "gid": st.st_gid, "read": st.st_atime > st.st_mtime}


def rewrite(root: str, files: dict[str, dict[str, Any] | None]) -> None:
    """Put the world's version of each file on disk: its text, mode, owner (where permitted) and
    times; None removes it. The new text is a new file renamed into place, so nothing the agent
    linked there (a symbolic or hard link) is written through."""
    for path, want in files.items():
        found = _folder(root, path, make=want is not None)
        if found is None:
            continue
        folder, name = found
        times = os.fstat(folder)  # the world's rewrite leaves its folder's time, as the emulator does
        try:
            if want is None:
                try:
                    os.unlink(name, dir_fd=folder)
                except OSError:
                    pass  # gone already, or the agent made a folder there: not a world file either way
            else:
                _replace(folder, name, want)
        finally:
            os.utime(folder, ns=(times.st_atime_ns, times.st_mtime_ns))
            os.close(folder)


def times(root: str, paths: list[str]) -> dict[str, int]:
    """The modification time of each world file that is a regular file on disk (never through a
    link): what ``touch`` moved, for the world to put back."""
    found: dict[str, int] = {}
    for path in paths:
        place = _folder(root, path, make=False)
        if place is None:
            continue
        try:
            st = os.stat(place[1], dir_fd=place[0], follow_symlinks=False)
            if stat.S_ISREG(st.st_mode):
                found[path] = int(st.st_mtime)
        except OSError:
            pass
        finally:
            os.close(place[0])
    return found


def retime(root: str, folders: dict[str, int]) -> None:
    """Put the world's folders back at their times (what the agent made or removed in them moved
    them; the world's folders keep theirs, as in the emulator), never through a link."""
    for path, mtime in folders.items():
        found = _folder(root, path, make=False) if path != "/" else None
        try:
            if path == "/":
                os.utime(root, (mtime, mtime))
            elif found is not None and stat.S_ISDIR(os.stat(found[1], dir_fd=found[0], follow_symlinks=False).st_mode):
                os.utime(found[1], (mtime, mtime), dir_fd=found[0], follow_symlinks=False)
        except OSError:
            pass  # gone, or made into something else by the agent: not the world's folder now
        finally:
            if found is not None:
                os.close(found[0])


def _replace(folder: int, name: str, want: dict[str, Any]) -> None:
    temporary = f".{name}.worldgen-{os.getpid()}-{time.monotonic_ns()}"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=folder)
    with os.fdopen(fd, "wb") as f:
        f.write(want["text"].encode("utf-8", "surrogateescape"))
        f.flush()
        try:
            os.fchown(fd, _id(want.get("uid")), _id(want.get("gid")))
        except OSError:
            pass  # not root here: the owner stays this process's, as a manifest would say
        os.fchmod(fd, want["mode"])
        os.utime(fd, (want["mtime"] - 1, want["mtime"]))
    try:
        st = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):  # the agent put a folder there
        _remove(folder, name)
    os.rename(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)


def _remove(folder: int, name: str) -> None:
    """Whatever is at ``name``: a folder with its contents (never following a link), else the entry."""
    try:
        st = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        shutil.rmtree(name, dir_fd=folder)
    else:
        os.unlink(name, dir_fd=folder)


def _id(value: Any) -> int:
    """An owner id, or -1 (left as it is) where the world has no number for the name."""
    return value if isinstance(value, int) else -1


def plant(root: str, items: list[dict[str, Any]]) -> None:
    """The world's tree under ``root`` (directories parents first, ``text`` null): modes, owners
    and times as ``rewrite`` gives them; directories get their times last."""
    for item in items:
        full = os.path.join(root, item["path"].lstrip("/"))
        if item["text"] is None:
            os.makedirs(full, exist_ok=True)
            try:
                os.chown(full, _id(item.get("uid")), _id(item.get("gid")))
            except OSError:
                pass  # not root here
            os.chmod(full, item["mode"])
        else:
            rewrite(root, {item["path"]: item})
    for item in reversed(items):
        if item["text"] is None:
            os.utime(os.path.join(root, item["path"].lstrip("/")), (item["mtime"], item["mtime"]))


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


def start(config: dict[str, Any], command: list[str]) -> int:
    """A container's entrypoint: the world's tree, then ``command`` (which runs even where the
    world cannot be reached, so the container's health check, not its start, reports that)."""
    try:
        reply = ask(config["address"], {"op": "files"})
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
