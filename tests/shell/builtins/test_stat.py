"""stat: GNU's default layout with a world's fixed device/inode/times, and -c formats; the
deterministic directives are checked against the real stat."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import as_root, give_owners, gnu, host_accounts, materialise, owned_by_me, run, with_accounts
from worldgen.shell.builtins.stat import stat
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    fs = MemoryFs({"/f": "hello world\n", "/big": "z" * 5000, "/empty": ""}, dirs=("/a/b", "/a/c"))
    fs.chmod("/f", 0o4755)
    return fs


def test_default_layout():
    out, err, status = run(stat, tree(), "f")
    assert (err, status) == ("", 0)
    lines = out.splitlines()
    assert lines[0] == "  File: f"
    assert lines[1] == "  Size: 12        \tBlocks: 8          IO Block: 4096   regular file"
    assert lines[2].startswith("Device: 254,0\tInode: ") and lines[2].endswith("  Links: 1")
    assert lines[3] == "Access: (4755/-rwsr-xr-x)  Uid: (    0/    root)   Gid: (    0/    root)"
    assert lines[4:] == [f"{label}: 2026-03-03 04:12:00.000000000 +0000" for label in ("Access", "Modify", "Change", " Birth")]


def test_inode_is_stable_per_path():
    assert run(stat, tree(), "-c", "%i", "f") == run(stat, tree(), "-c", "%i", "/f")
    assert run(stat, tree(), "-c", "%i", "f") != run(stat, tree(), "-c", "%i", "big")


def test_format_directives():
    out = run(stat, tree(), "-c", "%n %s %a %A %U %G %F %Y %h", "f", "a", "empty")[0]
    assert out == (
        "f 12 4755 -rwsr-xr-x root root regular file 1772511120 1\n"
        "a 4096 755 drwxr-xr-x root root directory 1772511120 4\n"
        "empty 0 644 -rw-r--r-- root root regular empty file 1772511120 1\n"
    )
    assert run(stat, tree(), "-c", "%y|%-6s|%06s|%%|%q", "f")[0] == "2026-03-03 04:12:00.000000000 +0000|12    |000012|%|?\n"


def test_ids_come_from_the_trees_account_files():
    fs = with_accounts(tree())
    fs.chown("/f", "bob", "staff")
    assert run(stat, fs, "-c", "%u %g %U %G", "f")[0] == "1001 50 bob staff\n"
    fs.chown("/f", "33", "4343")  # recorded by number: an account's id shows its name, another is UNKNOWN
    assert run(stat, fs, "-c", "%u %g %U %G", "f")[0] == "33 4343 www-data UNKNOWN\n"
    fs.chown("/f", "carol", "²")  # a name no account has: the kernel's overflow id
    assert run(stat, fs, "-c", "%u %g %U %G", "f")[0] == "65534 65534 carol ²\n"


def test_same_as_gnu_stat_ids_over_the_same_accounts(tmp_path: Path):
    as_root()
    fs = with_accounts(tree(), host_accounts())
    fs.chown("/f", "www-data", "adm")
    fs.chown("/big", "4242", "4343")
    materialise(fs, tmp_path)
    give_owners(fs, tmp_path)
    argv = ["stat", "-c", "%n %u %g %U %G", "f", "big", "a"]
    assert run(stat, fs, *argv[1:]) == gnu(tmp_path, *argv)


def test_complaints():
    assert run(stat, tree(), "nope", "f", "-c", "%n") == ("f\n", "stat: cannot statx 'nope': No such file or directory\n", 1)
    assert run(stat, tree()) == ("", "stat: missing operand\nTry 'stat --help' for more information.\n", 1)


@pytest.mark.parametrize("fmt", ["%n %s %a %A %U %G %F", "%y %Y %x %X", "%h %b %B %o", "%-8n|%8s|%05a|%.2A|%%"])
def test_same_as_gnu_stat(fmt: str, tmp_path: Path):
    fs = owned_by_me(tree())
    materialise(fs, tmp_path)
    argv = ["stat", "-c", fmt, "f", "big", "empty", "a", "a/b", "nope"]
    assert run(stat, fs, *argv[1:]) == gnu(tmp_path, *argv)
