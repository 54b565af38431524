"""A file hook's `matching` expression (Python syntax) meets the same risk rules as grep -E's."""

from __future__ import annotations

import re

import pytest

from worldgen.shell.builtins.regex_python import check_matching
from worldgen.shell.builtins.regex_tree import RegexError


@pytest.mark.parametrize("pattern", [
    r"port\s*[=:]\s*(?P<p>\d+)[^\n]*\n(?:#.*\n)*level\s*[=:]\s*(?P<l>\w+)",  # docs/language.md's example
    r"v=(\d+)", r"(?P<x>[a-c]{1,3})-(?P<y>\d)", r"(x)\1", r"(?i)mode\s*=\s*(?P<m>on|off)", r"(?=a)a+b",
])
def test_ordinary_expressions_pass(pattern: str) -> None:
    assert check_matching(pattern) >= 0


@pytest.mark.parametrize("pattern", [
    r"(a|aa)+b", r"(a+)+$", r"(?P<x>(?:\w+\s?)+)$", r"(?=(a+)+b)", "a?" * 30 + "a" * 30, r"(?:ab|a)+c",
])
def test_exponential_shapes_are_refused(pattern: str) -> None:
    with pytest.raises(RegexError, match="exponential time"):
        check_matching(pattern)


def test_what_does_not_compile_is_a_compile_error() -> None:
    with pytest.raises(re.error):
        check_matching("port=(")
    with pytest.raises(re.error):
        check_matching("(" * 5000 + "a" + ")" * 5000)
