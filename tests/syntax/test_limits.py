"""Source size limits: a huge file, a huge string or deep nesting is a located WG103, never a
RecursionError or gigabytes of memory."""

from __future__ import annotations

import time

import pytest

import worldgen
from worldgen.errors import SHOWN
from worldgen.cli.main import main
from worldgen.syntax.limits import MAX_NESTING, MAX_INTEGER_CHARS, MAX_SOURCE_CHARS, MAX_STRING_CHARS

WORLD = """world w {{
  state {{ n: int in 0..9 = 0 }}
  action add "add" {{ do n = {value} }}
  observe {observe}
}}
"""


def first_error(source: str) -> str:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    return err.value.diagnostics[0].format().splitlines()[0]


def test_a_chain_of_three_hundred_additions_is_a_diagnostic_not_a_recursion_error():
    # arithmetic is not regrouped (text + and real sums depend on the order): its chains nest
    head = first_error(WORLD.format(value="1" + " + 1" * 300, observe='""'))
    assert head.startswith("w.wg:3:")
    assert head.endswith(f"this is nested more than {MAX_NESTING} levels deep; split the expression with 'let' or a 'def' [WG103]")


@pytest.mark.parametrize("op", ["or", "and"])
def test_a_flat_chain_of_four_hundred_conditions_is_not_deep(op: str):
    cond = f" {op} ".join(f"n == {i % 10}" for i in range(400))
    scaffold = worldgen.loads(WORLD.format(value=f"if {cond} then 1 else 2", observe='""'))
    env = scaffold.instantiate({}, seed=0).env()
    env.reset()
    env.step("add")
    assert env.state()["n"] == (1 if op == "or" else 2)  # n == 0 holds; n == 1 does not


def test_ten_thousand_nested_parentheses_are_refused_where_they_get_too_deep():
    value = "-(" * 10_000 + "1" + ")" * 10_000
    start = time.perf_counter()
    head = first_error(WORLD.format(value=value, observe='""'))
    assert head.startswith("w.wg:3:") and head.endswith("[WG103]")
    assert time.perf_counter() - start < 10


def test_nesting_inside_a_template_hole_points_into_the_file():
    head = first_error(WORLD.format(value="0", observe='"{' + "1 + " * 300 + '1}"'))
    assert head.startswith("w.wg:4:") and head.endswith("[WG103]")


def test_expressions_as_deep_as_the_limit_allows_still_check():
    worldgen.loads(WORLD.format(value="(" + "0 + " * (MAX_NESTING - 20) + "1) % 10", observe='""'))


def test_parentheses_alone_do_not_nest():
    worldgen.loads(WORLD.format(value="(" * 500 + "1" + ")" * 500, observe='""'))


def test_a_string_longer_than_the_limit_is_refused_where_it_starts():
    head = first_error(WORLD.format(value="0", observe='"' + "x" * MAX_STRING_CHARS + '"'))
    assert head == (f"w.wg:4:11: error: this string has {MAX_STRING_CHARS + 2:_} characters; a string may have at most "
                    f"{MAX_STRING_CHARS:_} [WG103]")


HUGE = "1" + "0" * 5000  # past Python's 4,300-digit int-to-text limit


def test_a_five_thousand_digit_horizon_is_located_by_check(tmp_path, capsys):
    path = tmp_path / "w.wg"
    path.write_text(f"world w {{\n  state {{ n: int in 0..9 = 0 }}\n  horizon {HUGE}\n}}\n")
    assert main(["check", str(path)]) == 1
    head, shown, caret = capsys.readouterr().err.splitlines()[:3]
    assert head == (f"{path}:3:11: error: this integer has 5_001 characters; an integer may have at most "
                    f"{MAX_INTEGER_CHARS} (integers must fit in 64 bits) [WG103]")
    assert shown.startswith("  horizon 1000") and caret == " " * 10 + "^"


@pytest.mark.parametrize(("value", "observe", "where"), [
    (HUGE, '""', "3:29"),  # an expression
    ("0x" + "f" * 5000, '""', "3:29"),  # hex has no digit limit in Python: the length is still refused
    ("0", '"{n + ' + HUGE + '}"', "4:17"),  # inside a template hole
])
def test_an_integer_literal_over_the_limit_is_refused_where_it_starts(value, observe, where):
    assert first_error(WORLD.format(value=value, observe=observe)).startswith(f"w.wg:{where}: error: this integer has ")


def test_a_huge_range_bound_is_refused_too():
    source = WORLD.format(value="0", observe='""').replace("0..9", f"0..{HUGE}")
    assert first_error(source).startswith("w.wg:2:24: error: this integer has 5_001 characters")


def test_a_file_over_the_limit_is_refused_before_it_is_parsed():
    source = WORLD.format(value="0", observe='""') + "#" * MAX_SOURCE_CHARS
    head = first_error(source)
    assert head.endswith(f"error: the file has more than {MAX_SOURCE_CHARS:_} characters; a scaffold may have at most "
                         f"{MAX_SOURCE_CHARS:_} [WG103]")


def test_a_huge_line_is_shown_cut_around_the_caret():
    source = WORLD.format(value="0", observe='"' + "x" * (2 * MAX_SOURCE_CHARS) + '"')
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    head, shown, caret = err.value.diagnostics[0].format().splitlines()
    assert shown == "..." + "x" * SHOWN + "..."
    assert caret == " " * (caret.index("^")) + "^" and len(caret) < len(shown)


def test_control_characters_in_a_shown_line_are_question_marks():
    source = WORLD.format(value="0 \x1b[2J", observe='""')
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    head, shown, caret = err.value.diagnostics[0].format().splitlines()
    assert head == "w.wg:3:31: error: unexpected character '\\x1b' [WG101]"
    assert shown == '  action add "add" { do n = 0 ?[2J }'
    assert caret.index("^") == shown.index("?")


def test_an_unclosed_triple_quoted_string_over_many_lines_is_reported_at_once():
    # the string pattern once had two ways to match a line break: an unclosed string then took
    # 2^lines steps to give up (found by the long fuzz run: `check` hung on a mutated scaffold)
    source = WORLD.format(value="1", observe='"""\n' + "  a line of text {n}\n" * 80)
    assert first_error(source) == ("w.wg:4:13: error: this string is not closed on its line; a string cannot span lines: "
                                   'write \\n for a line break, or use triple quotes ("""...""") for text over several '
                                   "lines [WG101]")
