"""uniq: runs of equal lines, each flag by example and side by side with GNU uniq."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run
from worldgen.shell.builtins.uniq import uniq

FILES = {"f": "a\na\nb\nA\na\nc\nc\nc", "g": "1 x\n2 x\n3 y\n", "d/e": ""}


def uniq_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(uniq, ["uniq", *argv], FILES, stdin)


def test_adjacent_runs_collapse_and_a_missing_newline_is_added():
    assert uniq_("f") == ("a\nb\nA\na\nc\n", "", 0)


def test_each_flag():
    assert uniq_("-c", "f")[0] == "      2 a\n      1 b\n      1 A\n      1 a\n      3 c\n"
    assert uniq_("-d", "f")[0] == "a\nc\n"
    assert uniq_("-u", "f")[0] == "b\nA\na\n"
    assert uniq_("-i", "f")[0] == "a\nb\nA\nc\n"
    assert uniq_("-f1", "g")[0] == "1 x\n3 y\n"
    assert uniq_("-s2", "g")[0] == "1 x\n3 y\n"


def test_stdin_and_errors():
    assert uniq_(stdin="x\nx\n")[0] == "x\n"
    assert uniq_("nope") == ("", "uniq: nope: No such file or directory\n", 1)


CASES = [["f"], ["-c", "f"], ["-d", "f"], ["-u", "f"], ["-i", "f"], ["-ic", "f"], ["-f", "1", "g"], ["-s", "2", "g"],
         ["-w", "1", "g"], ["-cd", "f"], ["nope"], ["d"], ["-Z"], ["f", "g", "h"], ["-f", "x", "g"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert uniq_(*argv) == real(["uniq", *argv], FILES)
