"""paste: lines side by side or in series, each flag by example and side by side with GNU paste."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run
from worldgen.shell.builtins.paste import COMMANDS

PASTE = COMMANDS["paste"]  # as the shell runs it: on bytes (bytewise.py)

FILES = {"abc": "a\nb\nc\n", "12": "1\n2\n", "x": "x", "empty": "", "d/e": "e\n"}


def paste_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(PASTE, ["paste", *argv], FILES, stdin)


def test_lines_side_by_side_a_short_file_gives_empty_fields():
    assert paste_("abc", "12") == ("a\t1\nb\t2\nc\t\n", "", 0)


def test_delimiters_are_used_in_turn_with_escapes():
    assert paste_("-d", ",;", "abc", "12", "abc")[0] == "a,1;a\nb,2;b\nc,;c\n"
    assert paste_("-d", "\\n", "abc", "12")[0] == "a\n1\nb\n2\nc\n\n"
    assert paste_("-d", "\\0", "abc", "12")[0] == "a1\nb2\nc\n"
    assert paste_("-d", "a\\", "abc") == ("", "paste: delimiter list ends with an unescaped backslash: a\\\n", 1)


def test_a_delimiter_is_a_byte_so_a_two_byte_letter_is_two_of_them():
    out = paste_("-d", "\u00e9,", "abc", "12", "abc")[0]
    assert out.encode("utf-8", "surrogateescape") == b"a\xc31\xa9a\nb\xc32\xa9b\nc\xc3\xa9c\n"


def test_serial_puts_each_file_on_one_line():
    assert paste_("-s", "abc", "x", "empty")[0] == "a\tb\tc\nx\n\n"


def test_each_dash_reads_the_next_line_of_stdin():
    assert paste_("-", "-", stdin="1\n2\n3\n")[0] == "1\t2\n3\t\n"


def test_a_missing_file_stops_it_before_any_output():
    assert paste_("abc", "nope") == ("", "paste: nope: No such file or directory\n", 1)


CASES = [["abc", "12"], ["-d,", "abc", "12", "x"], ["-s", "abc", "12"], ["-d", "", "abc", "12"], ["-s", "-d", ",\\n", "abc"],
         ["-", "-"], ["abc", "-", "12", "-"], ["-s", "-"], ["-s", "-", "-"], ["nope", "abc"], ["-sd:", "abc", "nope"],
         ["-d", "\\\\", "abc", "12"], ["-d", "\\0", "abc", "12"], ["-d", "a\\tb", "abc", "12", "abc", "abc"], ["x", "x"],
         ["-s", "x", "abc"], [], ["-z", "abc"], ["-d"], ["-d", "\\", "abc"], ["-x"], ["--serial", "--delimiters=:", "abc"],
         ["empty", "abc"], ["-s", "empty", "abc"], ["d"], ["-d", "\\b\\f\\v\\q", "abc", "12", "abc", "abc", "abc", "abc"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert paste_(*argv, stdin="s1\ns2\ns3\n") == real(["paste", *argv], FILES, stdin="s1\ns2\ns3\n")
