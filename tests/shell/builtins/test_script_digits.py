"""Digits of other scripts ('٣', '²') are text to every tool, as to GNU's: never a number, a
width, a field or a repeat count (Python's ``\\d`` and ``str.isdigit`` would take them)."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import lines

FILES = {"a.log": "x\n"}

CASES = [
    "echo ٣ 2 | awk '{print $1+1, $2+1}'",
    "printf '٣\\n1\\n2\\n' | sort -n",
    "printf '1\\n٣\\n0\\n' | sort -k1n",
    "printf 'a:b:c\\n' | cut -d: -f ٣ 2>/dev/null; echo $?",  # (GNU's C locale escapes the digit in its message)
    "echo aaa | tr a '[b*٣]' 2>/dev/null; echo $?",
    "echo aaa | tr a '[b*x]'; echo $?",
    "echo aaa | tr a '[b*08]'; echo $?",
    "echo aaa | tr a '[b*03]'; echo $?",
    "echo aaa | grep -E 'a{٣}'; echo $?",
]


@pytest.mark.parametrize("line", CASES)
def test_same_as_gnu(line: str):
    ours, gnus = lines(line, FILES)
    assert ours == gnus
