"""du: 1K blocks of 4 KiB per file and directory, post-order, -s -h -a -c -d; against the real
du (ext4 block counts: skipped where the temp dir's file system counts otherwise; GNU walks in
readdir order, so lines are compared as sets)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import gnu, materialise, run
from worldgen.shell.builtins.du import du
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return MemoryFs({"/a/x": "hi", "/a/b/c/deep": "d" * 5000, "/big": "z" * 10000, "/e": ""}, dirs=("/d",))


def test_directories_after_their_contents():
    assert run(du, tree(), "a") == ("12\ta/b/c\n16\ta/b\n24\ta\n", "", 0)


def test_summary_human_all_total_depth():
    assert run(du, tree(), "-sh", "big", "a") == ("12K\tbig\n24K\ta\n", "", 0)
    assert run(du, tree(), "-a", "a/b")[0] == "8\ta/b/c/deep\n12\ta/b/c\n16\ta/b\n"
    assert run(du, tree(), "-sc", "a", "d")[0] == "24\ta\n4\td\n28\ttotal\n"
    assert run(du, tree(), "-d", "1")[0] == "24\t./a\n4\t./d\n44\t.\n"


def test_complaints():
    assert run(du, tree(), "nope") == ("", "du: cannot access 'nope': No such file or directory\n", 1)
    assert run(du, tree(), "-d", "x")[1] == "du: invalid maximum depth 'x'\nTry 'du --help' for more information.\n"


def _ext4_like(root: Path) -> bool:
    probe = root / "probe"
    probe.write_text("x")
    out = gnu(root, "du", "probe")[0]
    probe.unlink()
    return out == "4\tprobe\n" and gnu(root, "du", "-s", ".")[0].startswith("4\t")


def test_huge_depths_are_refused_without_converting_them():
    assert run(du, tree(), "-d", "9" * 100_000, "a")[1].startswith("du: invalid maximum depth '999")


@pytest.mark.parametrize("args", [["-s", "-d", "1", "a"], ["-s", "-d", "0", "a"], ["-d", "99999999999999999999"], ["-d", "1e3"]], ids=" ".join)
def test_same_complaints_as_gnu_du(args: list[str], tmp_path: Path):
    materialise(tree(), tmp_path)
    out, err, status = run(du, tree(), *args)
    real = gnu(tmp_path, "du", *args)
    assert (err, status) == real[1:]


@pytest.mark.parametrize("args", [["a"], ["-a"], ["-sh", "big", "a", "e"], ["-c", "a", "d"], ["-d", "1", "."], ["nope", "a/x"],
                                  ["-b", "a"], ["-ab"], ["-sb", "big", "a", "e"], ["--bytes", "-c", "a", "d"], ["-bh", "big"]],
                         ids=" ".join)
def test_same_as_gnu_du(args: list[str], tmp_path: Path):
    if not _ext4_like(tmp_path):
        pytest.skip("the temp dir's file system does not count 4 KiB blocks like ext4")
    materialise(tree(), tmp_path)
    out, err, status = run(du, tree(), *args)
    real_out, real_err, real_status = gnu(tmp_path, "du", *args)
    # GNU du walks in readdir order: compare the lines, not their order
    assert (sorted(out.splitlines()), err, status) == (sorted(real_out.splitlines()), real_err, real_status)
