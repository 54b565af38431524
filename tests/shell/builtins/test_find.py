"""find: tests, operators, depth limits and GNU's complaints; against the real find (whose
readdir order is made sorted here by comparing sorted outputs where a directory holds more than
one entry)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import as_root, give_owners, gnu, host_accounts, materialise, run, with_accounts
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


def test_thousands_of_nots_are_counted_and_deep_parentheses_refused():
    assert run(find, tree(), "a", *["!"] * 5000, "-name", "x")[0] == run(find, tree(), "a", "-name", "x")[0]
    assert run(find, tree(), "a", *["-not"] * 5001, "-type", "d")[0] == "a/b/c/deep.log\na/x\n"
    assert run(find, tree(), "a", *["("] * 101, "-name", "x", *[")"] * 101) == (
        "", "find: invalid expression; more than 100 nested parentheses\n", 1)


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
    ["find", ".", "-type", "f", "-printf", "%s %p\\n"],
    ["find", "a", "-printf", "%f|%h|%P|%y\\n"],
    ["find", ".", "-name", "*.log", "-printf", "%-12f%5s%%\\t%m\\n"],
    ["find", "a/x", "-printf", "%p\\0"],
    ["find", "./a", "-printf", "[%P]\\n"],
    ["find", ".", "-printf"],
]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_same_as_gnu_find(argv: list[str], tmp_path: Path):
    materialise(tree(), tmp_path)
    out, err, status = run(find, tree(), *argv[1:])
    real_out, real_err, real_status = gnu(tmp_path, *argv)
    assert (sorted(out.splitlines()), status) == (sorted(real_out.splitlines()), real_status)
    assert err == real_err


# ----------------------------------------------------------------------------- actions that run or delete, and the newer tests
from tests.shell.builtins.gnu import lines  # noqa: E402


FILES = {"a/x.log": "hi\n", "a/b/deep.log": "d" * 1500, "f": "12", "e0": "", "s p.txt": "sp\n"}

LINE_CASES = [
    "find . -name '*.log' -exec wc -c {} \\;",
    "find . -type f -exec echo x{}y \\;",
    "find . -name '*.log' -exec cat {} +",
    "find a -exec echo {} +; echo $?",
    "find . -type f -exec grep -q d {} \\; -print",
    "find . -exec nope {} \\; ; echo $?",
    "find . -exec nope {} + ; echo $?",
    "find . -type f -exec false {} +; echo $?",
    "find . -exec echo {} ; echo $?",
    "find . -exec \\; ; echo $?",
    "find . -exec echo {} x + ; echo $?",
    "find . -exec echo x{} + ; echo $?",
    "find . -exec echo {} {} + ; echo $?",
    "find . -name f -print -exec echo found {} \\; -print",
    "find a -delete -print; echo $?; ls",
    "find . -name '*.log' -delete; find . | sort",
    "find a -name b -delete; echo $?",
    "find . -delete; ls -A; echo $?",
    "find a -depth",
    "find . -type f -print0 | xargs -0 -n1 echo",
    "chmod 640 f; chmod 4755 a; chmod 600 e0; find . -perm 640",
    "chmod 640 f; chmod 4755 a; find . -perm -640 -type f",
    "chmod 640 f; chmod 4755 a; chmod 600 e0; find . -mindepth 1 -perm /o+r",
    "chmod 4755 a; find . -perm -4000",
    "chmod 4755 a; find . -perm -u+s,g=x",
    "chmod 640 f; find . -perm u=rw,g=r",
    "chmod 600 e0; find . -perm -u=rw -type f",
    "find . -perm -+w -type f",
    "find . -perm -0 -type f",
    "find . -perm x; echo $?",
    "find . -perm +640; echo $?",
    "find . -type f -size 1",
    "find . -type f -size -1",
    "find . -type f -size +1",
    "find . -type f -size 3",
    "find . -type f -size -2k",
    "find . -type f -size 1500c",
    "find . -type f -size +1499c",
    "find . -type f -size -1M",
    "find . -size x; echo $?",
    "find . -size 1q; echo $?",
]


@pytest.mark.parametrize("line", LINE_CASES)
def test_exec_delete_perm_size_same_as_gnu(line: str):
    """Lines compared as sets where GNU's readdir order shows: a directory's entries."""
    (out, err, status), (real_out, real_err, real_status) = lines(line, FILES)
    assert (sorted(out.splitlines()), err, status) == (sorted(real_out.splitlines()), real_err, real_status)


def test_user_and_group_match_by_id_from_the_trees_account_files():
    fs = with_accounts(tree())
    fs.chown("/f", "alice", "adm")
    fs.chown("/e0", "33", "4")  # an id is the account that has it
    assert run(find, fs, ".", "-user", "alice")[0] == "./f\n"
    assert run(find, fs, ".", "-user", "1000")[0] == "./f\n"
    assert run(find, fs, ".", "-group", "adm")[0] == "./e0\n./f\n"
    assert run(find, fs, ".", "-user", "www-data", "-group", "4")[0] == "./e0\n"
    assert run(find, fs, "a", "-user", "root", "-type", "f")[0] == "a/b/c/deep.log\na/x\n"
    assert run(find, fs, ".", "-user", "carol") == ("", "find: 'carol' is not the name of a known user\n", 1)
    assert run(find, fs, ".", "-group", "wheel") == ("", "find: 'wheel' is not the name of an existing group\n", 1)


@pytest.mark.parametrize("expression", [
    ["-user", "www-data"], ["-user", "33"], ["-group", "adm", "-o", "-user", "daemon"], ["-user", "4242"], ["-group", "4343"],
    ["-user", "nosuch"], ["-group", "nosuch"], ["!", "-user", "root"],
], ids=" ".join)
def test_same_as_gnu_find_user_and_group_over_the_same_accounts(expression: list[str], tmp_path: Path):
    as_root()
    fs = with_accounts(tree(), host_accounts())
    fs.chown("/f", "www-data", "adm")
    fs.chown("/e0", "daemon", "4343")
    fs.chown("/a/x", "4242", "root")
    materialise(fs, tmp_path)
    give_owners(fs, tmp_path)
    argv = ["find", "a", "f", "e0", *expression]
    assert run(find, fs, *argv[1:]) == gnu(tmp_path, *argv)


def test_exec_without_a_shell_finds_no_command():
    out, err, status = run(find, tree(), "f", "-exec", "echo", "{}", ";")
    assert (out, err, status) == ("", "find: 'echo': No such file or directory\n", 0)


def test_printf_directives_outside_the_subset_say_so():
    assert run(find, tree(), ".", "-printf", "%t\\n") == (
        "", "find: the -printf directive %t is not supported in this world\n", 1)
