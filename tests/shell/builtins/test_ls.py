"""ls: GNU's non-terminal output over a MemoryFs, and the real ls over the same tree."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.shell.builtins.helpers import as_root, give_owners, gnu, host_accounts, materialise, owned_by_me, run, with_accounts
from worldgen.shell.builtins import ls as ls_module
from worldgen.shell.builtins.ls import format_date, ls
from worldgen.shell.fs import EPOCH
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    fs = MemoryFs({"/a/x": "hi\n", "/big": "z" * 5000, "/f": "hello world\n", "/.hid": "", "/B": "upper"}, dirs=("/a/b/c", "/d"))
    fs.chmod("/f", 0o4755)
    return fs


def test_one_name_per_line_in_byte_order_without_dot_files():
    assert run(ls, tree()) == ("B\na\nbig\nd\nf\n", "", 0)


def test_all_and_almost_all():
    assert run(ls, tree(), "-a")[0] == ".\n..\n.hid\nB\na\nbig\nd\nf\n"
    assert run(ls, tree(), "-A")[0] == ".hid\nB\na\nbig\nd\nf\n"


def test_long_listing_counts_4k_blocks_and_aligns_columns():
    out, _, status = run(ls, tree(), "-l")
    assert status == 0
    assert out == (
        "total 24\n"
        "-rw-r--r-- 1 root root    5 Mar  3 04:12 B\n"
        "drwxr-xr-x 3 root root 4096 Mar  3 04:12 a\n"
        "-rw-r--r-- 1 root root 5000 Mar  3 04:12 big\n"
        "drwxr-xr-x 2 root root 4096 Mar  3 04:12 d\n"
        "-rwsr-xr-x 1 root root   12 Mar  3 04:12 f\n"
    )


def test_owner_and_group_columns_are_left_aligned():
    fs = tree()
    fs.chown("/B", "alice", "staff")
    out = run(ls, fs, "-l", "B", "f")[0]
    assert out == "-rw-r--r-- 1 alice staff  5 Mar  3 04:12 B\n-rwsr-xr-x 1 root  root  12 Mar  3 04:12 f\n"


def test_numeric_ids_come_from_the_trees_account_files_and_align_right():
    fs = with_accounts(tree())
    fs.chown("/B", "alice", "staff")
    fs.chown("/f", "4242", "root")
    assert run(ls, fs, "-n", "B", "f")[0] == "-rw-r--r-- 1 1000 50  5 Mar  3 04:12 B\n-rwsr-xr-x 1 4242  0 12 Mar  3 04:12 f\n"
    assert run(ls, fs, "-l", "B", "f")[0] == "-rw-r--r-- 1 alice staff  5 Mar  3 04:12 B\n-rwsr-xr-x 1  4242 root  12 Mar  3 04:12 f\n"
    assert run(ls, fs, "-n1", "B")[0] == "B\n"


@pytest.mark.parametrize("argv", [["ls", "-n", "B", "f", "big"], ["ls", "-l", "B", "f", "big"], ["ls", "-ln", "a"], ["ls", "-lR", "a"]], ids=" ".join)
def test_same_as_gnu_ls_owners_over_the_same_accounts(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    as_root()
    fs = with_accounts(tree(), host_accounts())
    fs.chown("/B", "www-data", "adm")
    fs.chown("/f", "4242", "4343")
    fs.chown("/a/b", "daemon", "nogroup")
    fs.chown("/a/x", "4242", "users")
    materialise(fs, tmp_path)
    give_owners(fs, tmp_path)
    monkeypatch.setattr(ls_module, "NOW", int(time.time()))
    assert run(ls, fs, *argv[1:]) == gnu(tmp_path, *argv)


def test_dates_older_than_six_months_or_in_the_future_show_the_year():
    assert format_date(EPOCH) == "Mar  3 04:12"
    assert format_date(EPOCH - 200 * 86400) == "Aug 15  2025"
    assert format_date(EPOCH + 2 * 86400) == "Mar  5  2026"


def test_human_sizes_round_up():
    fs = MemoryFs({"/m": "x" * 1234567, "/k": "x" * 1025, "/s": "x" * 10})
    out = run(ls, fs, "-lh")[0].splitlines()
    assert out[0] == "total 1.2M"
    assert [line.split()[4] for line in out[1:]] == ["1.1K", "1.2M", "10"]


def test_time_order_newest_first_and_reverse():
    fs = MemoryFs({"/old": "", "/new": ""})
    fs.clock += 60
    fs.touch("/old")
    fs.touch("/zz")
    assert run(ls, fs, "-t")[0] == "old\nzz\nnew\n"
    assert run(ls, fs, "-tr")[0] == "new\nzz\nold\n"
    assert run(ls, fs, "-r")[0] == "zz\nold\nnew\n"


def test_directory_flag_lists_the_directory_itself():
    assert run(ls, tree(), "-d", "a", "f")[0] == "a\nf\n"
    assert run(ls, tree(), "-ld", "a")[0] == "drwxr-xr-x 3 root root 4096 Mar  3 04:12 a\n"


def test_classify_marks_directories_and_executables():
    assert run(ls, tree(), "-F")[0] == "B\na/\nbig\nd/\nf*\n"


def test_files_first_then_each_directory_block():
    out, err, status = run(ls, tree(), "nope", "a", "f", "d")
    assert (out, err, status) == ("f\n\na:\nb\nx\n\nd:\n", "ls: cannot access 'nope': No such file or directory\n", 2)


def test_recursive_blocks():
    assert run(ls, tree(), "-R", "a/")[0] == "a/:\nb\nx\n\na/b:\nc\n\na/b/c:\n"


def test_a_file_used_as_a_directory_is_not_a_directory():
    assert run(ls, tree(), "f/x")[1] == "ls: cannot access 'f/x': Not a directory\n"


def test_bad_options_are_usage_errors():
    assert run(ls, tree(), "-Z") == ("", "ls: invalid option -- 'Z'\nTry 'ls --help' for more information.\n", 2)
    assert run(ls, tree(), "--recursive", "--all", "a")[0].startswith("a:\n.\n..\nb\nx\n")


def test_paths_resolve_against_the_working_directory():
    assert run(ls, tree(), "..", cwd="/a/b")[0] == "b\nx\n"


# ----------------------------------------------------------------------------- real GNU ls
CASES = [
    ["ls"],
    ["ls", "-a"],
    ["ls", "-A1"],
    ["ls", "-l"],
    ["ls", "-la", "a"],
    ["ls", "-lh"],
    ["ls", "-lR"],
    ["ls", "-R", "a/"],
    ["ls", "-F"],
    ["ls", "-lF", "a", "f", "big"],
    ["ls", "-ld", "a", "d", "nope"],
    ["ls", "-d", "."],
    ["ls", "-ltr"],
    ["ls", "-t"],
    ["ls", "-S"],
    ["ls", "-lSr"],
    ["ls", "-lSh", "a", "f", "big"],
    ["ls", "-St"],
    ["ls", "-tS", "a"],
    ["ls", "nope", "a", "f", "f/x"],
    ["ls", "-Z"],
    ["ls", "--bogus"],
]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_same_as_gnu_ls(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    fs = owned_by_me(tree())
    fs.clock = EPOCH - 400 * 86400
    fs.touch("/a/b")
    fs.clock = EPOCH + 3600
    fs.touch("/big")
    fs.chmod("/d", 0o1777)
    fs.chmod("/a/x", 0o2640)
    materialise(fs, tmp_path)
    monkeypatch.setattr(ls_module, "NOW", int(time.time()))
    if argv == ["ls", "-Z"]:
        argv = ["ls", "-Y"]  # -Z is SELinux context in GNU ls
    assert run(ls, fs, *argv[1:]) == gnu(tmp_path, *argv)
