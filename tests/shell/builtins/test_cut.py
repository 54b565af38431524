"""cut: lists of characters and fields, delimiters, GNU's errors, side by side with GNU cut."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run
from worldgen.shell.builtins.cut import _merged, cut

FILES = {"p": "root:x:0:0:root:/root:/bin/bash\nnobody:x:65534\nplain line\n", "t": "a\tb\tc\nabcdef", "d/e": ""}


def cut_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(cut, ["cut", *argv], FILES, stdin)


def test_fields_with_a_delimiter():
    assert cut_("-d:", "-f1,3", "p")[0] == "root:0\nnobody:65534\nplain line\n"
    assert cut_("-d:", "-f6-", "-s", "p")[0] == "/root:/bin/bash\n\n"
    assert cut_("-d", ":", "-f", "1", "--output-delimiter=|", "-f", "1,2", "p")[2] == 1  # two lists


def test_characters_ranges_and_complement():
    assert cut_("-c1-3,5", "t")[0] == "a\tbc\nabce\n"
    assert cut_("-c", "-2", "t")[0] == "a\t\nab\n"
    assert cut_("--complement", "-c2-", "t")[0] == "a\na\n"


def test_tab_is_the_default_delimiter():
    assert cut_("-f2", "t")[0] == "b\nabcdef\n"


def test_errors():
    assert cut_("p") == ("", "cut: you must specify a list of bytes, characters, or fields\n"
                             "Try 'cut --help' for more information.\n", 1)
    assert cut_("-f0", "p")[1].startswith("cut: fields are numbered from 1\n")
    assert cut_("-c1", "nope", "t") == ("a\na\n", "cut: nope: No such file or directory\n", 1)


CASES = [["-d:", "-f1", "p"], ["-d:", "-f2-4", "p"], ["-d:", "-f-2,5", "p"], ["-d:", "-s", "-f1", "p"],
         ["-f2", "t"], ["-c2", "t"], ["-b1-2", "t"], ["-c3-", "t"], ["--complement", "-d:", "-f1", "p"],
         ["-d:", "-f1,3", "--output-delimiter=--", "p"], ["p"], ["-f0", "p"], ["-f", "x", "p"], ["-f", "3-1", "p"],
         ["-d", "ab", "-f1", "p"], ["-d:", "-c1", "p"], ["-s", "-c1", "p"], ["-f1", "-c1", "p"], ["-f", "-", "p"],
         ["-c1", "nope", "t"], ["-c1", "d"], ["-Z"], ["-f"], ["-c", "1,1,2", "t"], ["-d:", "-f3,1", "p"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert cut_(*argv) == real(["cut", *argv], FILES)


def test_overlapping_ranges_are_merged_so_a_line_is_walked_once():
    assert _merged([(1, None)] * 2000) == [(1, None)]
    assert _merged([(5, 6), (1, 2), (3, 3), (9, None), (10, 12)]) == [(1, 3), (5, 6), (9, None)]
