"""basename, dirname, realpath: GNU's string rules, checked against the real tools."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import gnu, materialise, run
from worldgen.shell.builtins.paths import basename, dirname, realpath
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return MemoryFs({"/w/a/x": "", "/w/f": ""})


def test_basename():
    assert run(basename, tree(), "a/b/c.txt", ".txt")[0] == "c\n"
    assert run(basename, tree(), "-s", ".c", "a.c", "b/.c")[0] == "a\n.c\n"
    assert run(basename, tree(), "-a", "x/y/", "/")[0] == "y\n/\n"
    assert run(basename, tree(), "a", "b", "c") == ("", "basename: extra operand 'c'\nTry 'basename --help' for more information.\n", 1)


def test_dirname():
    assert run(dirname, tree(), "a/b/", "/x", "a", "//", "a//b")[0] == "a\n/\n.\n/\na\n"


def test_realpath_needs_all_but_the_last_component():
    assert run(realpath, tree(), ".", "a/../f", "a/nope", cwd="/w") == ("/w\n/w/f\n/w/a/nope\n", "", 0)
    assert run(realpath, tree(), "nope/x", cwd="/w") == ("", "realpath: nope/x: No such file or directory\n", 1)
    assert run(realpath, tree(), "-e", "a/nope", cwd="/w")[2] == 1
    assert run(realpath, tree(), "-m", "nope/x", cwd="/w")[0] == "/w/nope/x\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["basename", "a/b/c.txt", ".txt"],
        ["basename", "c.txt", "c.txt"],
        ["basename", ""],
        ["basename", "-a", "x/y", "z//", "///"],
        ["basename", "-s", ".log", "/var/log/api.log", "x.log.log"],
        ["basename"],
        ["basename", "a", "b", "c"],
        ["dirname", "a/b/", "/x", "a", "//", "", "a//b//", "/a/b"],
        ["dirname"],
    ],
    ids=" ".join,
)
def test_same_as_gnu_string_tools(argv: list[str], tmp_path: Path):
    command = basename if argv[0] == "basename" else dirname
    assert run(command, tree(), *argv[1:]) == gnu(tmp_path, *argv)


@pytest.mark.parametrize("args", [["a/x", "a/../f", "nope", "nope/x", "f/x"], ["-e", "a", "a/nope"], ["-m", "nope/x/../y"], ["-q", "nope/x"]], ids=" ".join)
def test_same_as_gnu_realpath(args: list[str], tmp_path: Path):
    materialise(tree(), tmp_path)
    out, err, status = gnu(tmp_path / "w", "realpath", *args)
    real_root = str(tmp_path / "w")
    assert run(realpath, tree(), *args, cwd="/w") == (out.replace(real_root, "/w"), err, status)
