"""tr: translation, deletion, squeezing, sets and classes, side by side with GNU tr."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run
from worldgen.shell.builtins.tr import tr

TEXT = "Hello,  World!\taabbcc 123\n"


def tr_(*argv: str, stdin: str = TEXT) -> tuple[str, str, int]:
    return run(tr, ["tr", *argv], stdin=stdin)


def test_translate_delete_squeeze():
    assert tr_("a-z", "A-Z")[0] == "HELLO,  WORLD!\tAABBCC 123\n"
    assert tr_("-d", "lo")[0] == "He,  Wrd!\taabbcc 123\n"
    assert tr_("-s", " ab")[0] == "Hello, World!\tabcc 123\n"
    assert tr_("-c", "a-zA-Z\\n", "_")[0] == "Hello___World__aabbcc____\n"
    assert tr_("-cd", "[:alpha:]\\n")[0] == "HelloWorldaabbcc\n"
    assert tr_("[:lower:]", "[:upper:]")[0] == "HELLO,  WORLD!\tAABBCC 123\n"
    assert tr_("\\t", "\\n")[0] == "Hello,  World!\naabbcc 123\n"
    assert tr_("abc", "x")[0] == "Hello,  World!\txxxxxx 123\n"


def test_errors():
    assert tr_() == ("", "tr: missing operand\nTry 'tr --help' for more information.\n", 1)
    assert tr_("z-a", "x") == ("", "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n", 1)


CASES = [["a-z", "A-Z"], ["-d", "a-c"], ["-s", "a"], ["-ds", "a", "b"], ["-c", "a-z", "\\n"], ["[:lower:]", "[:upper:]"],
         ["-d", "[:digit:]"], ["z-a", "x"], ["a"], [], ["-d", "a", "b"], ["a", "b", "c"], ["abc", "x"], ["[:upper:]", "x"],
         ["a\\n", "."], ["-s", "[:space:]"], ["a", "[:upper:]"], ["-cs", "[:alnum:]", "\\n"], ["lo", "[x*]"],
         ["a-f", "[1*3]xy"], ["\\101", "b"], ["-s", "l", "L"], ["-Z"], ["-d", "\\\\"], ["[:punct:]", "_"], ["[:foo:]", "x"],
         ["-t", "abc", "xy"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert tr_(*argv) == real(["tr", *argv], stdin=TEXT)
