"""Running a built-in over a MemoryFs, and the same command line through the real GNU tool over
the same tree in a temp dir, so tests can compare the two."""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import subprocess
from pathlib import Path

import pytest

from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.memfs import MemoryFs
from worldgen.shell.nss import accounts

ME = pwd.getpwuid(os.getuid()).pw_name
MY_GROUP = grp.getgrgid(os.getgid()).gr_name


def run(command: Builtin, fs: MemoryFs, *args: str, cwd: str = "/", env: dict[str, str] | None = None, name: str = "") -> tuple[str, str, int]:
    """(stdout, stderr, status) of one call."""
    call = Call([name or command.__name__, *args], "", fs, cwd, env or {})
    status = command(call)
    return "".join(call.stdout), "".join(call.stderr), status


ACCOUNTS = {  # a small account database, as a world's tree carries one
    "/etc/passwd": "root:x:0:0:root:/root:/bin/bash\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n"
                   "alice:x:1000:1000::/home/alice:/bin/bash\nbob:x:1001:50::/home/bob:/bin/bash\n",
    "/etc/group": "root:x:0:\nadm:x:4:\nwww-data:x:33:\nstaff:x:50:\nalice:x:1000:\n",
}


def with_accounts(fs: MemoryFs, accounts: dict[str, str] | None = None) -> MemoryFs:
    """The tree with ``/etc/passwd`` and ``/etc/group`` (``ACCOUNTS`` unless given)."""
    if fs.stat("/etc") is None:
        fs.mkdir("/etc")
    for path, text in (ACCOUNTS if accounts is None else accounts).items():
        fs.write(path, text)
    return fs


def host_accounts() -> dict[str, str]:
    """This machine's account files: what the real tools compared with the built-ins read."""
    return {path: Path(path).read_text() for path in ("/etc/passwd", "/etc/group")}


def as_root() -> None:
    """Skip a comparison that gives files to other users on disk, which only root may do."""
    if os.geteuid() != 0:
        pytest.skip("giving files to other users needs root")


def owned_by_me(fs: MemoryFs) -> MemoryFs:
    """The tree with every node owned by whoever runs the tests, as the real copy will be."""
    for path in list(fs.nodes):
        fs.chown(path, ME, MY_GROUP)
    return fs


def materialise(fs: MemoryFs, root: Path) -> None:
    """Write ``fs`` under ``root``: same names, texts, modes and mtimes."""
    for path, node in sorted(fs.nodes.items()):
        real = root / path.lstrip("/") if path != "/" else root
        if node.is_dir:
            real.mkdir(exist_ok=True)
        else:
            real.write_text(fs.texts[path])
    for path, node in sorted(fs.nodes.items(), reverse=True):
        real = root / path.lstrip("/") if path != "/" else root
        os.chmod(real, node.mode)
        os.utime(real, (node.mtime, node.mtime))


def give_owners(fs: MemoryFs, root: Path) -> None:
    """Give the copy of ``fs`` under ``root`` the owners and groups ``fs`` records, by the ids
    its own account files give them (run as root: ``as_root``)."""
    db = accounts(fs)
    for path, node in fs.nodes.items():
        real = root / path.lstrip("/") if path != "/" else root
        uid, gid = db.users.id(node.owner), db.groups.id(node.group)
        os.chown(real, -1 if uid is None else uid, -1 if gid is None else gid)
        os.chmod(real, node.mode)  # the kernel clears set-id bits on a change of owner


def gnu(root: Path, *argv: str) -> tuple[str, str, int]:
    """(stdout, stderr, status) of the real tool run in ``root`` with ``LC_ALL=C TZ=UTC``."""
    if shutil.which(argv[0]) is None:
        pytest.skip(f"{argv[0]} is not installed")
    done = subprocess.run(list(argv), cwd=root, capture_output=True, text=True, env={"LC_ALL": "C", "TZ": "UTC", "PATH": os.environ["PATH"]}, timeout=30)
    return done.stdout, done.stderr, done.returncode


def tree_listing(root: Path) -> list[tuple[str, str, int, str]]:
    """(relative path, kind, mode bits, text) of everything under ``root``: a tree's state."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in sorted(dirnames + filenames):
            real = Path(dirpath) / name
            st = real.stat()
            text = "" if real.is_dir() else real.read_text()
            found.append((str(real.relative_to(root)), "dir" if real.is_dir() else "file", st.st_mode & 0o7777, text))
    return sorted(found)


def fs_listing(fs: MemoryFs) -> list[tuple[str, str, int, str]]:
    return sorted((p.lstrip("/"), n.kind, n.mode, fs.texts.get(p, "")) for p, n in fs.nodes.items() if p != "/")


def same_as_gnu(command: Builtin, fs: MemoryFs, root: Path, *argv: str) -> None:
    """Run ``argv`` through the built-in over ``fs`` and through the real tool over a copy of
    ``fs`` in ``root``: same output, status and resulting tree (names, kinds, modes, texts)."""
    materialise(fs, root)
    expected = gnu(root, *argv)
    assert run(command, fs, *argv[1:], name=argv[0]) == expected
    assert fs_listing(fs) == tree_listing(root)
