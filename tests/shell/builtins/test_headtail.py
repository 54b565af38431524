"""head and tail: counts, signs, the obsolete -NUM, headers between files, GNU side by side."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run
from worldgen.shell.builtins.headtail import head, tail

TEN = "".join(f"line {i}\n" for i in range(1, 13))
FILES = {"a": TEN, "b": "x\ny", "empty": "", "d/f": "in d\n"}
TOOLS = {"head": head, "tail": tail}


def sh(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(TOOLS[argv[0]], list(argv), FILES, stdin)


def test_ten_lines_by_default():
    assert sh("head", "a")[0] == "".join(f"line {i}\n" for i in range(1, 11))
    assert sh("tail", "a")[0] == "".join(f"line {i}\n" for i in range(3, 13))


def test_counts_signs_and_shorthand():
    assert sh("head", "-n", "2", "a")[0] == "line 1\nline 2\n"
    assert sh("head", "-n", "-10", "a")[0] == "line 1\nline 2\n"
    assert sh("tail", "-n", "+12", "a")[0] == "line 12\n"
    assert sh("tail", "-2", "a")[0] == "line 11\nline 12\n"
    assert sh("head", "-c", "3", "b")[0] == "x\ny"
    assert sh("tail", "-c", "+3", "b")[0] == "y"
    assert sh("head", "-c", "-1", "b")[0] == "x\n"


def test_a_missing_final_newline_is_kept_missing():
    assert sh("tail", "-n", "1", "b")[0] == "y"
    assert sh("head", "-n", "-1", "b")[0] == "x\n"


def test_headers_between_files_and_q():
    assert sh("head", "-n1", "a", "b")[0] == "==> a <==\nline 1\n\n==> b <==\nx\n"
    assert sh("head", "-q", "-n1", "a", "b")[0] == "line 1\nx\n"
    assert sh("tail", "-v", "-n1", "a")[0] == "==> a <==\nline 12\n"


def test_errors():
    assert sh("head", "nope") == ("", "head: cannot open 'nope' for reading: No such file or directory\n", 1)
    assert sh("tail", "-n", "x", "a") == ("", "tail: invalid number of lines: 'x'\n", 1)
    assert sh("head", "-Z")[2] == 1


def test_stdin():
    assert sh("tail", "-n1", stdin="a\nb\n")[0] == "b\n"


CASES = [
    ["head", "a"], ["tail", "a"], ["head", "-n", "3", "a", "b"], ["tail", "-n", "1", "b", "a", "empty"],
    ["head", "-n", "-3", "b"], ["head", "-n", "-0", "a"], ["tail", "-n", "+2", "b"], ["tail", "-n", "0", "a"],
    ["head", "-c", "5", "a"], ["tail", "-c", "4", "a"], ["tail", "-c", "+5", "b"], ["head", "-c", "-3", "a"],
    ["tail", "-3", "a"], ["head", "-2", "a"], ["head", "nope", "a"], ["tail", "-q", "-n1", "a", "b"],
    ["head", "--lines=2", "a"], ["tail", "-n", "x", "a"], ["head", "-c", "x", "a"], ["head", "-Z"],
    ["head", "-n", "100000000", "b"], ["tail", "-n", "+100", "a"], ["tail", "-n1", "a", "d", "b"],
    ["tail", "-n"],
]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert sh(*argv) == real(argv, FILES)
