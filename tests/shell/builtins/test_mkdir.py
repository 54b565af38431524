"""mkdir: -p, -m, GNU's complaints; against the real mkdir."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import run, same_as_gnu
from worldgen.shell.builtins.mkdir import mkdir
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return MemoryFs({"/f": "x\n"}, dirs=("/a/b",))


def test_makes_a_directory_with_the_default_mode():
    fs = tree()
    assert run(mkdir, fs, "new") == ("", "", 0)
    assert fs.nodes["/new"].is_dir and fs.nodes["/new"].mode == 0o755


def test_existing_and_missing_parents_are_errors_without_p():
    assert run(mkdir, tree(), "a", "q/r", "f/x") == (
        "",
        "mkdir: cannot create directory 'a': File exists\n"
        "mkdir: cannot create directory 'q/r': No such file or directory\n"
        "mkdir: cannot create directory 'f/x': Not a directory\n",
        1,
    )


def test_parents_makes_the_missing_ones_and_accepts_existing():
    fs = tree()
    assert run(mkdir, fs, "-p", "a/b", "x/y/z") == ("", "", 0)
    assert fs.nodes["/x/y/z"].is_dir


def test_mode_applies_to_the_last_directory_only():
    fs = tree()
    assert run(mkdir, fs, "-pm", "700", "p/q") == ("", "", 0)
    assert (fs.nodes["/p"].mode, fs.nodes["/p/q"].mode) == (0o755, 0o700)
    assert run(mkdir, fs, "-m", "u=rwx,go=", "s") == ("", "", 0)
    assert fs.nodes["/s"].mode == 0o700


def test_bad_mode_and_missing_operand():
    assert run(mkdir, tree(), "-m", "9", "x") == ("", "mkdir: invalid mode '9'\n", 1)
    assert run(mkdir, tree()) == ("", "mkdir: missing operand\nTry 'mkdir --help' for more information.\n", 1)


@pytest.mark.parametrize(
    "argv",
    [
        ["mkdir", "new", "a", "q/r", "f/x"],
        ["mkdir", "-p", "a/b/c", "./n/m", "a/f/../g"],
        ["mkdir", "-p", "f/x/y"],
        ["mkdir", "-p", "f"],
        ["mkdir", "-m", "700", "m"],
        ["mkdir", "-m", "u+s,g+s", "m"],
        ["mkdir", "-m", "+t", "m"],
        ["mkdir", "-m", "go-rx", "m"],
        ["mkdir", "-v", "-p", "v/w"],
        ["mkdir", "-m", "9", "m"],
        ["mkdir", "a/"],
        ["mkdir"],
    ],
    ids=" ".join,
)
def test_same_as_gnu_mkdir(argv: list[str], tmp_path: Path):
    same_as_gnu(mkdir, tree(), tmp_path, *argv)
