"""A small tree for the shell's tests: a home with files and dot-files, logs, /etc."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from worldgen.shell.interp import Outcome, Session, Shell
from worldgen.shell.memfs import MemoryFs

FILES = {
    "/home/user/notes.txt": "alpha\nbeta\ngamma\n",
    "/home/user/todo.md": "- ship\n",
    "/home/user/.profile": "export X=1\n",
    "/home/user/src/main.py": "print('hi')\n",
    "/var/log/api.log": "INFO up\nERROR down\n",
    "/var/log/db.log": "INFO ok\n",
    "/var/log/nginx/access.log": "GET /\n",
    "/var/log/nginx/error.log": "boom\n",
    "/etc/hostname": "world\n",
}


def new_session() -> Session:
    return Session("/home/user", {"HOME": "/home/user", "PWD": "/home/user", "USER": "user", "PATH": "/usr/local/bin:/usr/bin:/bin"})


@pytest.fixture
def fs() -> MemoryFs:
    return MemoryFs(dict(FILES), dirs=("/tmp", "/home/user/empty"))


@pytest.fixture
def session() -> Session:
    return new_session()


@pytest.fixture
def run(fs: MemoryFs, session: Session) -> Callable[[str], Outcome]:
    """Run a line in one shell and session over ``fs`` (state carries from line to line)."""
    shell = Shell(fs)
    return lambda line: shell.run(line, session)
