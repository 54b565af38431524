"""$((...)): bash's 64-bit integer arithmetic, read by a parser of its own (no eval)."""

from __future__ import annotations

import pytest

from worldgen.shell.arith import ArithError, evaluate, wrap

VARS = {"X": "3", "E": "1+2", "SELF": "SELF"}


@pytest.mark.parametrize("expression, value", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("2 ** 3 ** 2", 512), ("-7 / 2", -3), ("-7 % 2", -1), ("7 % -2", 1),
    ("0x1f + 010", 39), ("X * X", 9), ("E * 2", 6), ("UNSET + 1", 1), ("1 < 2 && 2 < 1", 0), ("0 || 5", 1),
    ("X ? 10 : 20", 10), ("!X", 0), ("~0", -1), ("0 && 1/0", 0), ("1 || 1/0", 1), ("1 ? 2 : 1/0", 2), ("1 << 62 << 1", -(2**63)), ("2 ** 64", 0), ("-2 >> 1", -1), ("", 0),
    ("10#08", 8), ("16#ff", 255), ("36#Zz", 1295), ("64#@_", 4031), ("62#Zz", 3817),
])
def test_values_as_bash_computes_them(expression: str, value: int) -> None:
    assert evaluate(expression, VARS.get) == value


def test_results_wrap_at_64_bits() -> None:
    assert wrap(2**63) == -(2**63) and wrap(-(2**63) - 1) == 2**63 - 1


@pytest.mark.parametrize("expression, value, after", [
    ("x = 5", 5, {"x": "5"}), ("X += 2", 5, {"X": "5"}), ("X++", 3, {"X": "4"}), ("++X", 4, {"X": "4"}),
    ("X--, X", 2, {"X": "2"}), ("a = b = 7", 7, {"a": "7", "b": "7"}), ("X <<= 2", 12, {"X": "12"}),
    ("0 && (y = 1)", 0, {}), ("1 ? (y = 4) : (z = 5)", 4, {"y": "4"}), ("1--1", 2, {}), ("--X", 2, {"X": "2"}),
    ("E = E * 2", 6, {"E": "6"}),  # the variable's text is an expression, read before it is replaced
])
def test_assignments_write_through_store_unless_skipped(expression: str, value: int, after: dict[str, str]) -> None:
    vars = dict(VARS)
    assert evaluate(expression, vars.get, store=vars.__setitem__) == value
    assert {k: v for k, v in vars.items() if VARS.get(k) != v} == after


@pytest.mark.parametrize("expression, message", [
    ("1/0", 'bash: 1/0: division by 0 (error token is "0")'),
    ("1+", 'bash: 1+: syntax error: operand expected (error token is "+")'),
    ("09", 'bash: 09: value too great for base (error token is "09")'),
    ("2 ** -1", 'bash: 2 ** -1: exponent less than 0 (error token is "1")'),
    ("5 = 3", 'bash: 5 = 3: attempted assignment to non-variable (error token is "= 3")'),
    ("8#9", 'bash: 8#9: value too great for base (error token is "8#9")'),
    ("65#1", 'bash: 65#1: invalid arithmetic base (error token is "65#1")'),
    ("x **= 2", 'bash: x **= 2: syntax error: operand expected (error token is "= 2")'),
    ("SELF + 1", "bash: SELF: expression recursion level exceeded"),
    ("1 # 2", 'bash: 1 # 2: syntax error: invalid arithmetic operator (error token is "# 2")'),
])
def test_errors_say_what_bash_says(expression: str, message: str) -> None:
    with pytest.raises(ArithError) as err:
        evaluate(expression, VARS.get)
    assert err.value.message == message
