"""wc: each count, GNU's column widths and totals, side by side with GNU wc."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run
from worldgen.shell.builtins.wc import wc

FILES = {"a": "1 2\n3\n", "big": "".join(f"{i}\n" for i in range(1, 1001)), "nonl": "x y", "d/f": "",
         "utf": "h\u00e9llo w\u00f6rld\n"}


def wc_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(wc, ["wc", *argv], FILES, stdin)


def test_default_counts_lines_words_bytes():
    assert wc_("a") == ("2 3 6 a\n", "", 0)


def test_each_flag():
    assert wc_("-l", "a")[0] == "2 a\n"
    assert wc_("-w", "nonl")[0] == "2 nonl\n"
    assert wc_("-c", "utf")[0] == "14 utf\n"
    assert wc_("-m", "utf")[0] == "12 utf\n"  # characters, as in a UTF-8 locale (GNU in C: bytes)
    assert wc_("-l", "nonl")[0] == "0 nonl\n"  # newlines are counted, not lines


def test_widths_follow_the_total_size_and_stdin_pads_to_7():
    assert wc_("-l", "a", "big")[0] == "   2 a\n1000 big\n1002 total\n"
    assert wc_(stdin="hi\n")[0] == "      1       1       3\n"
    assert wc_("-l", stdin="hi\n")[0] == "1\n"


def test_errors_keep_going_and_exit_1():
    assert wc_("a", "nope") == ("2 3 6 a\n2 3 6 total\n", "wc: nope: No such file or directory\n", 1)
    assert wc_("d") == ("      0       0       0 d\n", "wc: d: Is a directory\n", 1)


CASES = [["a"], ["-l", "a"], ["a", "big"], ["-l", "a", "big"], ["-lc", "a", "nonl"], ["-wm", "a"],
         ["-c", "utf", "a"], ["a", "nope"], ["d"], ["-lwcm", "a"], ["--lines", "big"], ["-x"], ["nonl", "a", "d"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert wc_(*argv) == real(["wc", *argv], FILES)


@pytest.mark.parametrize("argv", [[], ["-l"], ["-lc"]], ids=" ".join)
def test_matches_gnu_on_a_pipe(argv: list[str]):
    assert wc_(*argv, stdin="a b\nc\n") == real(["wc", *argv], FILES, stdin="a b\nc\n")
