"""Names and values in GNU's messages are quoted as the real tools quote them: file names
shell-escaped where the shell would need it (``cat: 'a b': ...``), other values in the locale's
quotation marks (``‘x’`` in C.UTF-8, the session's locale; ``'x'`` in C). Each line runs through
real bash and the emulator, as in test_bash_compare."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.test_bash_compare import materialise, ours, real_bash
from worldgen.shell.quoting import shell_quote


NAMES = ["cat 'no such'", "cat a:b", "cat 'x?y' 'x*' 'it'\"'\"'s'", "cat '#x' 'a#b' '~x' 'a=b'", "cat \"x'y z\"",
         "cat $'a\\tb'", "wc -l 'a b'", "ls 'a b' nope", "grep x 'a b' 'n*'", "find 'a b'", "head -c 3 'a b'"]
VALUES = ["head -n x a.txt", "tail -c 'a b' a.txt", "tr a", "tr a b c", "uniq a.txt b.txt c", "chmod 644",
          "chmod zz a.txt", "mkdir -m zz d", "mkdir nope/d", "nl -b x a.txt", "du --max-depth=x a.txt", "basename a b c"]


@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
@pytest.mark.parametrize("line", NAMES + VALUES)
def test_messages_quote_as_gnu_does(tmp_path: Path, line: str, locale: str) -> None:
    materialise(tmp_path)
    assert ours(line, locale) == real_bash(tmp_path, line, locale)


def test_a_plain_name_is_left_bare_and_an_empty_one_is_two_quotes() -> None:
    assert shell_quote("a.txt") == "a.txt"
    assert shell_quote("") == "''"
    assert shell_quote("a.txt", always=True) == "'a.txt'"
