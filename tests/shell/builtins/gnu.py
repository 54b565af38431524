"""Run one command line through a built-in over a MemoryFs and through the real GNU tool over
the same files in a temp dir, so a test can compare the two (C locale, relative paths)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.interp import Session, Shell
from worldgen.shell.memfs import MemoryFs

HOME = "/home/agent"


def run(builtin: Builtin, argv: list[str], files: dict[str, str] | None = None, stdin: str = "",
        dirs: tuple[str, ...] = ()) -> tuple[str, str, int]:
    """(stdout, stderr, status) of a built-in run in HOME over ``files`` (relative paths)."""
    fs = MemoryFs({f"{HOME}/{p}": t for p, t in (files or {}).items()}, dirs=(HOME, *(f"{HOME}/{d}" for d in dirs)))
    call = Call(argv, stdin, fs, HOME, {})
    status = builtin(call)
    return "".join(call.stdout), "".join(call.stderr), status


def run_with_fs(builtin: Builtin, argv: list[str], files: dict[str, str]) -> tuple[str, str, int, MemoryFs]:
    fs = MemoryFs({f"{HOME}/{p}": t for p, t in files.items()}, dirs=(HOME,))
    call = Call(argv, "", fs, HOME, {})
    status = builtin(call)
    return "".join(call.stdout), "".join(call.stderr), status, fs


def real(argv: list[str], files: dict[str, str] | None = None, stdin: str = "",
         dirs: tuple[str, ...] = ()) -> tuple[str, str, int]:
    """The same through the installed GNU tool; skips the test when it is missing."""
    if shutil.which(argv[0]) is None:
        pytest.skip(f"{argv[0]} is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        for d in dirs:
            (Path(tmp) / d).mkdir(parents=True, exist_ok=True)
        for path, text in (files or {}).items():
            target = Path(tmp) / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        env = {"LC_ALL": "C", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        done = subprocess.run(argv, cwd=tmp, input=stdin, capture_output=True, text=True, env=env, timeout=10)
    return done.stdout, done.stderr, done.returncode


def lines(line: str, files: dict[str, str], dirs: tuple[str, ...] = ()) -> tuple[tuple[str, str, int], tuple[str, str, int]]:
    """(ours, bash's) (stdout, stderr, status) of one command line, run by ``Shell`` over a
    MemoryFs in HOME and by real bash over the same files in a temp dir: for tools that start
    other commands (xargs, find -exec), whose GNU behaviour only shows through a shell."""
    fs = MemoryFs({f"{HOME}/{p}": t for p, t in files.items()}, dirs=(HOME, *(f"{HOME}/{d}" for d in dirs)))
    got = Shell(fs).run(line, Session(HOME, {"HOME": HOME, "PATH": "/usr/bin:/bin"}))
    return (got.stdout, got.stderr, got.status), real(["bash", "--norc", "--noprofile", "-c", line], files, dirs=dirs)
