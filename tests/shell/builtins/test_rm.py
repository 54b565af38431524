"""rm: files, -r trees, -f, -d, and GNU's refusals; against the real rm."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import run, same_as_gnu
from worldgen.shell.builtins.rm import rm
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return MemoryFs({"/f": "x\n", "/d/g": "y\n", "/d/s/h": ""}, dirs=("/e",))


def test_removes_files_but_not_directories_without_r():
    fs = tree()
    assert run(rm, fs, "f", "d") == ("", "rm: cannot remove 'd': Is a directory\n", 1)
    assert "/f" not in fs.nodes and "/d/g" in fs.nodes


def test_recursive_removes_a_tree():
    fs = tree()
    assert run(rm, fs, "-r", "d") == ("", "", 0)
    assert sorted(fs.nodes) == ["/", "/e", "/f"]


def test_force_is_silent_about_missing_files():
    assert run(rm, tree(), "nope") == ("", "rm: cannot remove 'nope': No such file or directory\n", 1)
    assert run(rm, tree(), "-f", "nope") == ("", "", 0)
    assert run(rm, tree(), "-f") == ("", "", 0)


def test_dir_flag_removes_empty_directories_only():
    fs = tree()
    assert run(rm, fs, "-d", "e", "d") == ("", "rm: cannot remove 'd': Directory not empty\n", 1)
    assert "/e" not in fs.nodes


def test_root_and_dot_are_refused():
    assert run(rm, tree(), "-rf", "/") == (
        "",
        "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n",
        1,
    )
    assert run(rm, tree(), "-r", "d/..")[1] == "rm: refusing to remove '.' or '..' directory: skipping 'd/..'\n"


def test_verbose():
    assert run(rm, tree(), "-rv", "d")[0] == "removed 'd/g'\nremoved 'd/s/h'\nremoved directory 'd/s'\nremoved directory 'd'\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["rm", "f", "d", "nope", "f/x"],
        ["rm", "-r", "d", "e"],
        ["rm", "-R", "-f", "nope", "d/s"],
        ["rm", "-d", "e", "d"],
        ["rm", "-r", ".", "..", "d/..", "./"],
        ["rm", "."],
        ["rm"],
        ["rm", "-x"],
    ],
    ids=" ".join,
)
def test_same_as_gnu_rm(argv: list[str], tmp_path: Path):
    same_as_gnu(rm, tree(), tmp_path, *argv)
