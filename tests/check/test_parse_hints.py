"""Parse errors for the common slips say what to write instead (worldgen/syntax/hints.py)."""

from __future__ import annotations

import pytest

import worldgen

WORLD = 'world w {{\n  state {{ credit: int in 0..9 = 5 }}\n  {line}\n  observe "{{credit}}"\n}}\n'


def first_error(line: str) -> str:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(WORLD.format(line=line), "w.wg")
    return err.value.diagnostics[0].format()


def test_a_single_equals_in_a_condition_suggests_double_equals():
    assert first_error('action pay "pay" { when credit = 5  do credit -= 1 }') == (
        "w.wg:3:34: error: unexpected '='; use == to compare (a single = only gives a value: `do x = v`, or a "
        "declaration's `= initial`) [WG101]\n"
        '  action pay "pay" { when credit = 5  do credit -= 1 }\n'
        "                                 ^")
    assert "use == to compare" in first_error("done when credit = 0")


def test_an_equals_where_no_comparison_fits_gets_no_such_hint():
    assert "use ==" not in first_error("param n: int in 1..3 = 2")


def test_an_effect_without_do_suggests_the_do_line():
    assert first_error('action pay "pay" { when credit > 0  credit -= 1 }').splitlines()[0] == (
        "w.wg:3:39: error: unexpected 'credit'; an effect starts with `do`: `do credit -= 1` [WG101]")


def test_then_without_if_says_where_then_belongs():
    message = first_error('action pay "pay" { when credit > 0  then credit -= 1 }').splitlines()[0]
    assert message == ("w.wg:3:39: error: unexpected 'then'; `then` belongs to an `if` expression (`if C then A else B`); "
                       "an action's condition is `when C` followed by `do ...`, or `if C { do ... }` [WG101]")


def test_a_then_inside_an_if_expression_is_fine():
    worldgen.loads(WORLD.format(line='action pay "pay" { do credit = if credit > 0 then credit - 1 else 0 }'), "w.wg")
