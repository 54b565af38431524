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

ME = pwd.getpwuid(os.getuid()).pw_name
MY_GROUP = grp.getgrgid(os.getgid()).gr_name


def run(command: Builtin, fs: MemoryFs, *args: str, cwd: str = "/", env: dict[str, str] | None = None, name: str = "") -> tuple[str, str, int]:
    """(stdout, stderr, status) of one call."""
    call = Call([name or command.__name__, *args], "", fs, cwd, env or {})
    status = command(call)
    return "".join(call.stdout), "".join(call.stderr), status


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
