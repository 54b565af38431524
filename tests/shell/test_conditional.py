"""[[ ... ]]: patterns, regular expressions, arithmetic comparisons, file tests, and bash's errors."""

from __future__ import annotations

import pytest


def status(run, test: str) -> int:
    got = run(f"[[ {test} ]]")
    assert got.output == ""
    return got.status


@pytest.mark.parametrize("test, expected", [
    ("abc == a*", 0),  # an unquoted right side is a pattern
    ('abc == "a*"', 1),  # a quoted one is text
    ("abc != a?c", 1),
    ("x", 0), ('""', 1), ("$nothing", 1),  # a lone word: not empty
    ("b > a", 0), ("a<b", 0),  # strings compared, nothing redirected
    ("1+1 -eq 2", 0), ("10 -lt 9", 1), ("a -eq b", 0),  # both sides are arithmetic
    ("-f notes.txt && -d src", 0), ("! -e nope", 0), ("-s empty", 1),
    ("( a == b ) || ( -v HOME )", 0),
    ("a == b && $(echo never > ran.txt)", 1),
])
def test_tests_combine_as_bash_reads_them(run, fs, test, expected):
    assert status(run, test) == expected
    assert fs.stat("/home/user/ran.txt") is None  # && never expanded its right side


def test_a_word_with_blanks_stays_one_word(run):
    assert run('x="a b"; [[ $x == "a b" ]] && echo same').output == "same\n"


def test_regular_expressions_search_and_keep_the_match(run):
    assert run("[[ release-1.24 =~ [0-9]+\\.([0-9]+)$ ]]; echo $? $BASH_REMATCH").output == "0 1.24\n"
    assert run("[[ v1 =~ ^(a|v)[0-9]$ ]] && echo alternatives").output == "alternatives\n"
    assert status(run, 'abc =~ "a.c"') == 1  # quoted: a literal dot
    assert status(run, "abc =~ [") == 2  # a pattern that does not compile


def test_an_arithmetic_error_is_status_one_and_the_line_goes_on(run):
    got = run("[[ 08 -eq 8 ]]; echo $?")
    assert got.output == 'bash: [[: 08: value too great for base (error token is "08")\n1\n'


def test_only_where_a_command_starts(run):
    assert run("echo [[ x ]]").output == "[[ x ]]\n"
    assert run("if [[ -d src ]]; then echo dir; fi").output == "dir\n"
    assert run("! [[ a == b ]]; echo $?").output == "0\n"
