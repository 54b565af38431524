"""diff: each format and flag by example, side by side with GNU diff, and a seeded fuzz of random
file pairs that must come out byte for byte as GNU's (bench/fuzz_diff.py runs tens of thousands)."""

from __future__ import annotations

import os
import random
from itertools import islice
from pathlib import Path

import pytest

from tests.shell.builtins.diff_cases import DIFF, GNU_DIFF, cases, gnu_and_ours
from tests.shell.builtins.gnu import real, run
from worldgen.shell.budget import Meter, OverBudget
from worldgen.shell.builtins.diff_script import Change, edit_script

FILES = {
    "a": "one\ntwo\nthree\nfour\n", "b": "one\n2\nthree\nfour\nfive", "same": "one\ntwo\nthree\nfour\n",
    "empty": "", "case": "ONE\ntwo  \nthree\n\tfour\n", "blanks": "one\n\ntwo\nthree\n\nfour\n", "bin": "x\0y\n",
    "d1/a": "one\n", "d1/only": "1\n", "d1/sub/s": "s\n", "d1/kind": "k\n",
    "d2/a": "uno\n", "d2/new": "n\n", "d2/sub/s": "t\n", "d2/kind/x": "x\n", "d2/same": "", "d1/same": "",
    "d1/od/deep/f": "x\n", "d1/c/e": "", "d2/c/onlyf": "z\n",
}
STAMP = "2026-03-03 04:12:00.000000000 +0000"  # the MemoryFs clock, as -u prints it


def diff_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(DIFF, ["diff", *argv], FILES, stdin)


def test_normal_format_says_where_and_what():
    out, err, status = diff_("a", "b")
    assert (out, err, status) == ("2c2\n< two\n---\n> 2\n4a5\n> five\n\\ No newline at end of file\n", "", 1)


def test_unified_and_context_headers_carry_the_mtime():
    out = diff_("-u", "a", "b")[0]
    assert out.startswith(f"--- a\t{STAMP}\n+++ b\t{STAMP}\n@@ -1,4 +1,5 @@\n one\n-two\n+2\n")
    assert diff_("-c", "a", "b")[0].startswith("*** a\tTue Mar  3 04:12:00 2026\n--- b\tTue Mar  3 04:12:00 2026\n")
    assert diff_("--label", "old", "--label", "new", "-U0", "a", "b")[0].startswith("--- old\n+++ new\n@@ -2 +2 @@\n")


def test_side_by_side_cuts_each_half_and_marks_the_gutter():
    assert diff_("-y", "-W", "30", "a", "b")[0] == (  # halves of 13 columns, the right from column 16
        "one\t\tone\ntwo\t      |\t2\nthree\t\tthree\nfour\t\tfour\n\t      >\tfive")
    assert diff_("-y", "--suppress-common-lines", "-W", "30", "a", "same") == ("", "", 0)


def test_same_files_say_nothing_unless_asked():
    assert diff_("a", "same") == ("", "", 0)
    assert diff_("-s", "a", "same") == ("Files a and same are identical\n", "", 0)
    assert diff_("-q", "a", "b") == ("Files a and b differ\n", "", 1)
    assert diff_("bin", "a") == ("Binary files bin and a differ\n", "", 1)


def test_ignoring_case_space_and_blank_lines():
    assert diff_("-i", "-b", "a", "case")[2] == 1  # a tab is white space, but not no space
    assert diff_("-iw", "a", "case") == ("", "", 0)
    assert diff_("-B", "a", "blanks") == ("", "", 0)


def test_missing_files_stdin_and_directories():
    assert diff_("a", "nope") == ("", "diff: nope: No such file or directory\n", 2)
    assert diff_("-N", "nope", "empty") == ("", "", 0)
    assert diff_("-", "a", stdin=FILES["a"]) == ("", "", 0)
    assert diff_("a", "d2")[0] == "1,4c1\n< one\n< two\n< three\n< four\n---\n> uno\n"
    out = diff_("-r", "d1", "d2")[0]
    assert "diff -r d1/a d2/a\n1c1\n" in out and "Only in d1: only\n" in out and "Common" not in out


def test_the_edit_script_slides_changes_down_and_lines_them_up():
    assert edit_script(list("abcab"), list("ab")) == [Change(2, 2, 3, 0)]
    assert edit_script(list("xaay"), list("xay")) == [Change(2, 2, 1, 0)]


def test_two_large_different_files_stop_at_the_budget_not_later():
    numbers = list(range(100_000))
    a = "".join(f"{k}\n" for k in numbers)
    random.Random(1).shuffle(numbers)  # every line in both, in another order: the search's worst case
    b = "".join(f"{k}\n" for k in numbers)
    with pytest.raises(OverBudget), Meter():
        run(DIFF, ["diff", "a", "b"], {"a": a, "b": b})


CASES = [["a", "b"], ["-u", "--label", "A", "--label", "B", "a", "b"], ["-C1", "--label=A", "--label=B", "a", "b"],
         ["-q", "a", "b"], ["-s", "a", "same"], ["-i", "a", "case"], ["-w", "a", "case"], ["-b", "a", "case"],
         ["-B", "a", "blanks"], ["-B", "-u", "--label", "x", "--label", "y", "blanks", "b"], ["-a", "bin", "a"],
         ["bin", "a"], ["nope", "a"], ["a"], ["a", "b", "c"], ["-c", "-u", "a", "b"], ["-U", "x", "a", "b"],
         ["-N", "nope", "a"], ["-N", "nope", "nope2"], ["d1", "d2"], ["-r", "d1", "d2"], ["-rq", "d1", "d2"],
         ["-rs", "d1", "d2"], ["-rN", "d1", "d2"], ["a", "d2"], ["d2", "a"], ["-", "d1"], ["-k", "a", "b"],
         ["--brief", "--recursive", "d1", "d2"],
         ["-N", "d1", "d2"], ["-r", "d1/", "d2//"], ["-U", "1", "-rN", "--label", "x", "--label", "y", "d1", "d2"],
         ["-u", "-U1", "--label=x", "--label=y", "a", "b"], ["-y", "a", "b"], ["-ry", "-W", "20", "d1", "d2"],
         ["-W", "0", "-y", "a", "b"], ["d1", "nope"], ["nope", "d1"], ["-N", "d1", "nope"], ["-rN", "nope", "d1"], ["-y", "-u", "a", "b"], ["--width=40", "--side-by-side", "-i", "a", "case"], ["-C", "1", "-c", "--label=x", "--label=y", "a", "b"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    ours = diff_(*argv, stdin="one\n")
    if "-u" in argv or "-ru" in argv:  # the temp files' mtimes are now, not the MemoryFs clock
        ours = (ours[0].replace(f"\t{STAMP}", ""), *ours[1:])
    theirs = real(["diff", *argv], FILES, stdin="one\n")
    assert ours == (_untimed(theirs[0]), *theirs[1:])


def _untimed(out: str) -> str:
    return "".join(line.split("\t")[0] + "\n" if line.startswith(("--- ", "+++ ")) and "\t" in line else line
                   for line in out.splitlines(keepends=True))


@pytest.mark.skipif(not os.path.exists(GNU_DIFF), reason="GNU diff is not installed")
@pytest.mark.parametrize("options", [[], ["-u"], ["-c"], ["-U1"], ["-iw"], ["-B", "-u"], ["-y"], ["-yW50", "--left-column"],
                                     ["-yB", "-W", "60"]],
                         ids=" ".join)
def test_random_pairs_match_gnu_byte_for_byte(options: list[str], tmp_path: Path):
    for a, b in islice(cases(seed=7), 150):
        theirs, ours = gnu_and_ours(a, b, options, tmp_path)
        assert ours == theirs, (a, b)
