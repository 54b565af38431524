"""sort: keys, separators, numeric/folded/reversed/unique orders, GNU side by side."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run, run_with_fs
from worldgen.shell.builtins.sort import sort

FILES = {"s": "b 2\na 10\nB 1\na 2\n  c 3\n", "csv": "x:3:q\ny:10:p\nz:3:a\nw:-1.5:b\n",
         "sizes": "1K a\n512 b\n2M c\n1.5K d\n", "nonl": "z\ny", "dup": "a\nA\nb\na\n", "d/f": ""}


def sort_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(sort, ["sort", *argv], FILES, stdin)


def test_byte_order_with_last_resort():
    assert sort_("s")[0] == "  c 3\nB 1\na 10\na 2\nb 2\n"


def test_each_flag():
    assert sort_("-n", "-k2", "s")[0] == "B 1\na 2\nb 2\n  c 3\na 10\n"
    assert sort_("-r", "s")[0] == "b 2\na 2\na 10\nB 1\n  c 3\n"
    assert sort_("-f", "dup")[0] == "A\na\na\nb\n"
    assert sort_("-u", "dup")[0] == "A\na\nb\n"
    assert sort_("-t:", "-k2,2n", "csv")[0] == "w:-1.5:b\nx:3:q\nz:3:a\ny:10:p\n"
    assert sort_("-t:", "-k2,2nr", "-k3", "csv")[0] == "y:10:p\nz:3:a\nx:3:q\nw:-1.5:b\n"
    assert sort_("-h", "sizes")[0] == "512 b\n1K a\n1.5K d\n2M c\n"
    assert sort_("-s", "-k1,1", "s")[0] == "  c 3\nB 1\na 10\na 2\nb 2\n"


def test_a_last_line_without_newline_gets_one():
    assert sort_("nonl")[0] == "y\nz\n"


def test_output_file():
    out, err, status, fs = run_with_fs(sort, ["sort", "-o", "s", "s"], FILES)
    assert (out, status) == ("", 0) and fs.read("/home/agent/s") == "  c 3\nB 1\na 10\na 2\nb 2\n"


def test_errors_exit_2():
    assert sort_("nope") == ("", "sort: cannot read: nope: No such file or directory\n", 2)
    assert sort_("-k0", "s")[2] == 2


CASES = [["s"], ["-r", "s"], ["-n", "s"], ["-k2n", "s"], ["-k2,2n", "-r", "s"], ["-f", "dup"], ["-u", "dup"],
         ["-uf", "dup"], ["-t:", "-k2n", "csv"], ["-t:", "-k3", "csv"], ["-t:", "-k2,2nr", "-k1,1", "csv"],
         ["-b", "-k1,1", "s"], ["-k1.2", "s"], ["-k1,1", "-u", "s"], ["-h", "sizes"], ["-n", "sizes"],
         ["nonl", "dup"], ["nope"], ["d"], ["-k0", "s"], ["-t", "ab", "s"], ["-k", "1.0", "s"], ["-k", "x", "s"],
         ["-Q"], ["-s", "-k2,2", "s"], ["-rn", "csv"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert sort_(*argv) == real(["sort", *argv], FILES)
