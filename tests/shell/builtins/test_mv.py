"""mv: rename, move into a directory, GNU's refusals; against the real mv."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import run, same_as_gnu
from worldgen.shell.builtins.mv import mv
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return MemoryFs({"/f": "1\n", "/g": "2\n", "/d/s/k": "k\n", "/t/d/x": "x\n"}, dirs=("/e", "/t/e"))


def test_renames_a_file():
    fs = tree()
    assert run(mv, fs, "f", "h") == ("", "", 0)
    assert fs.texts["/h"] == "1\n" and "/f" not in fs.nodes


def test_moves_into_a_directory():
    fs = tree()
    assert run(mv, fs, "f", "g", "d") == ("", "", 0)
    assert (fs.texts["/d/f"], fs.texts["/d/g"]) == ("1\n", "2\n")


def test_replaces_a_file_and_an_empty_directory():
    fs = tree()
    assert run(mv, fs, "f", "g") == ("", "", 0)
    assert fs.texts["/g"] == "1\n"
    assert run(mv, fs, "e", "t") == ("", "", 0)
    assert "/t/e" in fs.nodes and "/e" not in fs.nodes


def test_no_clobber():
    fs = tree()
    assert run(mv, fs, "-n", "f", "g") == ("", "", 0)
    assert fs.texts["/g"] == "2\n"


def test_refusals():
    assert run(mv, tree(), "d", "d/s")[1] == "mv: cannot move 'd' to a subdirectory of itself, 'd/s/d'\n"
    assert run(mv, tree(), "d", "t")[1] == "mv: cannot move 'd' to 't/d': Directory not empty\n"
    assert run(mv, tree(), "f", "g", "h")[1] == "mv: target 'h': No such file or directory\n"
    assert run(mv, tree(), "f") == ("", "mv: missing destination file operand after 'f'\nTry 'mv --help' for more information.\n", 1)


@pytest.mark.parametrize(
    "argv",
    [
        ["mv", "f", "h"],
        ["mv", "f", "g", "d"],
        ["mv", "nope", "f", "e"],
        ["mv", "f", "f"],
        ["mv", "d", "d/s"],
        ["mv", "d", "t"],
        ["mv", "e", "t"],
        ["mv", "d", "f"],
        ["mv", "f", "g", "h"],
        ["mv", "f", "g", "d/s/k"],
        ["mv", "-v", "f", "e"],
        ["mv", "-n", "f", "g"],
        ["mv", "f"],
        ["mv"],
    ],
    ids=" ".join,
)
def test_same_as_gnu_mv(argv: list[str], tmp_path: Path):
    same_as_gnu(mv, tree(), tmp_path, *argv)
