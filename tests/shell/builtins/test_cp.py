"""cp: files, -r trees, into directories, -p, GNU's refusals; against the real cp."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import run, same_as_gnu
from worldgen.shell.builtins.cp import cp
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    fs = MemoryFs({"/f": "1\n", "/g": "2\n", "/d/s/k": "k\n", "/x/d/old": "o\n"}, dirs=("/e",))
    fs.chmod("/g", 0o777)
    fs.chmod("/d/s", 0o700)
    return fs


def test_copies_a_file_and_into_a_directory():
    fs = tree()
    assert run(cp, fs, "f", "h") == ("", "", 0)
    assert run(cp, fs, "f", "g", "e") == ("", "", 0)
    assert (fs.texts["/h"], fs.texts["/e/f"], fs.texts["/e/g"]) == ("1\n", "1\n", "2\n")


def test_new_copies_take_the_source_mode_less_the_umask_unless_preserved():
    fs = tree()
    fs.chown("/g", "alice", "staff")
    run(cp, fs, "g", "h")
    run(cp, fs, "-p", "g", "p")
    assert (fs.nodes["/h"].mode, fs.nodes["/h"].owner) == (0o755, "root")
    assert (fs.nodes["/p"].mode, fs.nodes["/p"].owner, fs.nodes["/p"].group) == (0o777, "alice", "staff")


def test_directories_need_r_and_merge_into_existing_ones():
    fs = tree()
    assert run(cp, fs, "d", "y") == ("", "cp: -r not specified; omitting directory 'd'\n", 1)
    assert run(cp, fs, "-r", "d", "x") == ("", "", 0)
    assert sorted(p for p in fs.nodes if p.startswith("/x/")) == ["/x/d", "/x/d/old", "/x/d/s", "/x/d/s/k"]


def test_refusals():
    assert run(cp, tree(), "f", "f")[1] == "cp: 'f' and 'f' are the same file\n"
    assert run(cp, tree(), "-r", "d", "d/s")[1] == "cp: cannot copy a directory, 'd', into itself, 'd/s/d'\n"
    assert run(cp, tree(), "-r", "d", "f")[1] == "cp: cannot overwrite non-directory 'f' with directory 'd'\n"
    assert run(cp, tree(), "f", "nope/x")[1] == "cp: cannot create regular file 'nope/x': No such file or directory\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["cp", "f", "h"],
        ["cp", "f", "g", "e"],
        ["cp", "g", "f"],
        ["cp", "d", "y"],
        ["cp", "-r", "d", "y"],
        ["cp", "-R", "d", "x"],
        ["cp", "-rp", "d", "g", "e"],
        ["cp", "-a", "d", "y"],
        ["cp", "f", "f"],
        ["cp", "-r", "d", "f"],
        ["cp", "-n", "f", "g"],
        ["cp", "-v", "f", "e"],
        ["cp", "f", "nope/x"],
        ["cp", "-r", "d", "nope/x"],
        ["cp", "f", "g", "h"],
        ["cp", "f", "g", "f"],
        ["cp", "nope", "f", "e"],
        ["cp", "f"],
    ],
    ids=" ".join,
)
def test_same_as_gnu_cp(argv: list[str], tmp_path: Path):
    same_as_gnu(cp, tree(), tmp_path, *argv)
