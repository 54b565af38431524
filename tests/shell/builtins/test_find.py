"""find: tests, operators, depth limits and GNU's complaints; against the real find (whose
readdir order is made sorted here by comparing sorted outputs where a directory holds more than
one entry)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import gnu, materialise, run
from worldgen.shell.builtins.find import find
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return MemoryFs({"/a/x": "hi", "/a/b/c/deep.log": "d", "/f": "12", "/.hid": "", "/Big.LOG": "z", "/e0": ""}, dirs=("/d",))


def test_pre_order_walk_in_sorted_order():
    assert run(find, tree())[0] == ".\n./.hid\n./Big.LOG\n./a\n./a/b\n./a/b/c\n./a/b/c/deep.log\n./a/x\n./d\n./e0\n./f\n"


def test_name_iname_and_type():
    assert run(find, tree(), ".", "-name", "*.log")[0] == "./a/b/c/deep.log\n"
    assert run(find, tree(), ".", "-iname", "*.log")[0] == "./Big.LOG\n./a/b/c/deep.log\n"
    assert run(find, tree(), "a", "-type", "d")[0] == "a\na/b\na/b/c\n"
    assert run(find, tree(), "/a", "-type", "f")[0] == "/a/b/c/deep.log\n/a/x\n"


def test_path_and_depth_limits():
    assert run(find, tree(), ".", "-path", "./a/*", "-type", "f")[0] == "./a/b/c/deep.log\n./a/x\n"
    assert run(find, tree(), "a", "-maxdepth", "1")[0] == "a\na/b\na/x\n"
    assert run(find, tree(), "a", "-mindepth", "2")[0] == "a/b/c\na/b/c/deep.log\n"


def test_operators():
    assert run(find, tree(), "a", "-name", "b", "-o", "-name", "x")[0] == "a/b\na/x\n"
    assert run(find, tree(), "a", "!", "-type", "d")[0] == "a/b/c/deep.log\na/x\n"
    assert run(find, tree(), "a", "-not", "(", "-name", "b", "-o", "-name", "c", ")", "-type", "d")[0] == "a\n"
    assert run(find, tree(), "-maxdepth", "1", "-empty")[0] == "./.hid\n./d\n./e0\n"


def test_print_limits_output_to_where_it_is_reached():
    assert run(find, tree(), "a", "-name", "x", "-print", "-o", "-name", "b")[0] == "a/x\n"


def test_a_megabyte_of_digits_is_out_of_range_at_once():
    assert run(find, tree(), ".", "-maxdepth", "7" * 1_000_000)[2] == 1


def test_complaints():
    assert run(find, tree(), "nope", "a", "-name", "x") == ("a/x\n", "find: 'nope': No such file or directory\n", 1)
    assert run(find, tree(), "-bogus") == ("", "find: unknown predicate `-bogus'\n", 1)
    assert run(find, tree(), ".", "-type", "q") == ("", "find: Unknown argument to -type: q\n", 1)
    assert run(find, tree(), ".", "-name") == ("", "find: missing argument to `-name'\n", 1)
    assert run(find, tree(), ".", "-maxdepth", "²") == ("", "find: Expected a positive decimal integer argument to -maxdepth, but got '²'\n", 1)


CASES = [
    ["find", "a/b"],
    ["find", "a", "-type", "f", "-name", "*.log"],
    ["find", ".", "-maxdepth", "1", "-name", "[^a-c]*"],
    ["find", "a/", "-mindepth", "1", "-maxdepth", "2"],
    ["find", "nope", "a/b", "-type", "d"],
    ["find", ".", "-o", "-name", "x"],
    ["find", ".", "(", "-name", "x"],
    ["find", ".", "-name", "x", ")"],
    ["find", ".", "-not"],
    ["find", "-name", "x", "."],
    ["find", ".", "-maxdepth", "x"],
    ["find", ".", "-maxdepth"],
    ["find", ".", "-type", "q"],
    ["find", ".", "-badopt"],
    ["find", "f", "f/x"],
    ["find", ")"],
    ["find", ".", ")"],
    ["find", ".", "("],
    ["find", ".", "(", ")"],
    ["find", ".", "!", ")"],
    ["find", ".", "-name", "x", "-o"],
    ["find", ".", "-name", "x", "-o", "-o", "-name", "y"],
    ["find", ".", "-name", "x", "-a", "-o", "-name", "y"],
    ["find", ".", "-not", "-o", "-name", "x"],
    ["find", ".", "(", "-name", "x", "-o", ")"],
    ["find", ".", "-maxdepth", "99999999999999999999"],
    ["find", ".", "-maxdepth", "2147483648"],
    ["find", ".", "-maxdepth", "1e3"],
    ["find", ".", "-mindepth", "+1"],
]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_same_as_gnu_find(argv: list[str], tmp_path: Path):
    materialise(tree(), tmp_path)
    out, err, status = run(find, tree(), *argv[1:])
    real_out, real_err, real_status = gnu(tmp_path, *argv)
    assert (sorted(out.splitlines()), status) == (sorted(real_out.splitlines()), real_status)
    assert err == real_err
