"""$((...)): bash's 64-bit integer arithmetic, read by a parser of its own (no eval)."""

from __future__ import annotations

import pytest

from worldgen.shell.arith import ArithError, evaluate, wrap

VARS = {"X": "3", "E": "1+2", "SELF": "SELF"}


@pytest.mark.parametrize("expression, value", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("2 ** 3 ** 2", 512), ("-7 / 2", -3), ("-7 % 2", -1), ("7 % -2", 1),
    ("0x1f + 010", 39), ("X * X", 9), ("E * 2", 6), ("UNSET + 1", 1), ("1 < 2 && 2 < 1", 0), ("0 || 5", 1),
    ("X ? 10 : 20", 10), ("!X", 0), ("~0", -1), ("0 && 1/0", 0), ("1 || 1/0", 1), ("1 ? 2 : 1/0", 2), ("1 << 62 << 1", -(2**63)), ("2 ** 64", 0), ("-2 >> 1", -1), ("", 0),
])
def test_values_as_bash_computes_them(expression: str, value: int) -> None:
    assert evaluate(expression, VARS.get) == value


def test_results_wrap_at_64_bits() -> None:
    assert wrap(2**63) == -(2**63) and wrap(-(2**63) - 1) == 2**63 - 1


@pytest.mark.parametrize("expression, message", [
    ("1/0", 'bash: 1/0: division by 0 (error token is "0")'),
    ("1+", 'bash: 1+: syntax error: operand expected (error token is "+")'),
    ("09", 'bash: 09: value too great for base (error token is "09")'),
    ("2 ** -1", 'bash: 2 ** -1: exponent less than 0 (error token is "1")'),
    ("i++", "bash: i++: '++' is not supported in this world's $((...)) (no assignments)"),
    ("x = 1", "bash: x = 1: '=' is not supported in this world's $((...)) (no assignments)"),
    ("SELF + 1", "bash: SELF: expression recursion level exceeded"),
    ("1 # 2", 'bash: 1 # 2: syntax error: invalid arithmetic operator (error token is "# 2")'),
])
def test_errors_say_what_bash_says(expression: str, message: str) -> None:
    with pytest.raises(ArithError) as err:
        evaluate(expression, VARS.get)
    assert err.value.message == message
