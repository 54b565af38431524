"""A line left unfinished while typing is named, not the correct line after it."""

from __future__ import annotations

import pytest

from worldgen.errors import DiagnosticError
from worldgen.syntax.parser import parse

ACTION = 'world w {{\n  state {{ n: int in 0..3 = 0 }}\n  action inc "inc" {{\n{body}\n  }}\n}}\n'


def first_error(body: str) -> str:
    with pytest.raises(DiagnosticError) as err:
        parse(ACTION.format(body=body), "w.wg")
    d = err.value.diagnostics[0]
    return f"{d.span.line}:{d.span.col} {d.message}"


@pytest.mark.parametrize(("body", "expected"), [
    ("    do n =\n    do n = 1", "4:11 this line ends before its expression does: something must follow '='"),
    ("    when n <\n    do n = 1", "4:13 this line ends before its expression does: something must follow '<'"),
    ("    when n > 0 and  # more to come\n\n    do n = 1", "4:19 this line ends before its expression does: something must follow 'and'"),
    ('    do n =\n    say "hi"', "4:11 this line ends before its expression does: something must follow '='"),
])
def test_the_unfinished_line_is_named_where_it_ends(body: str, expected: str) -> None:
    assert first_error(body) == expected


def test_other_slips_keep_their_own_hints() -> None:
    assert first_error("    n = 1").startswith("4:5 unexpected 'n'; an effect starts with `do`")
    assert parse(ACTION.format(body="    do n =\n      if n > 1 then 0 else 1"), "w.wg")  # a continued line is fine
