"""Comments inside a wrapped expression stay on the line of the code they were written beside (a
comment once moved to the end of the whole expression), and formatting stays idempotent."""

from __future__ import annotations

from tests.syntax.test_printer import shape
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source


def world(body: str) -> str:
    return "world w {\n  state {\n    x: int in 0..9 = 0\n  }\n" + body + "}\n"


def formatted(body: str) -> list[str]:
    """The formatted lines after the state block; checks idempotence and that the AST is kept."""
    source = world(body)
    once = format_source(source)
    assert format_source(once) == once
    assert shape(parse(once)) == shape(parse(source))
    return once.splitlines()[4:-1]


def test_a_comment_after_an_operand_of_a_chain_stays_on_that_operands_line():
    assert formatted('  action a "a" {\n    when x == 1  # one\n      or x == 2  # two\n      or x == 3 else "no"\n'
                     "    do x = 0\n  }\n") == [
        '  action a "a" {',
        "    when x == 1  # one",
        "        or x == 2  # two",
        "        or x == 3",
        '        else "no"',
        "    do x = 0",
        "  }",
    ]


def test_a_comment_after_an_operator_ends_the_line_of_the_code_before_it():
    assert formatted("  done when x == 9 and # nine\n    x != 8\n") == [
        "  done when",
        "      x == 9  # nine",
        "          and x != 8",
    ]


def test_a_comment_on_the_last_line_of_a_wrapped_expression_ends_that_line():
    assert formatted("  done when (x == 9 and # nine\n    x != 8)  # eight\n") == [
        "  done when",
        "      x == 9  # nine",
        "          and x != 8  # eight",
    ]


def test_closing_punctuation_stays_before_the_comment():
    assert formatted("  done when x in {1, # one\n    2}\n") == [
        "  done when",
        "      x in {",
        "          1,  # one",
        "          2}",
    ]


def test_a_comment_on_its_own_line_inside_an_expression_stays_between_its_operands():
    assert formatted("  done when x == 1\n    # the other way out\n    or x == 2\n") == [
        "  done when",
        "      x == 1",
        "          # the other way out",
        "          or x == 2",
    ]


def test_comments_around_an_expression_on_one_line_are_not_inside_it():
    assert formatted("  # why done\n  done when x == 1 or x == 2  # two ways\n") == [
        "  # why done",
        "  done when x == 1 or x == 2  # two ways",
    ]


def test_a_comment_between_a_condition_and_its_message_stays_on_the_conditions_line():
    assert formatted('  action a "a" {\n    when x == 0  # from empty\n      or x == 1  # or from one\n'
                     '      else "Full."  do x += 1\n  }\n') == [
        '  action a "a" {',
        "    when x == 0  # from empty",
        "        or x == 1  # or from one",
        '        else "Full."',
        "    do x += 1",
        "  }",
    ]


def test_a_comment_between_the_phrasings_of_a_command_is_kept():
    lines = formatted('  action a "a" | # the short one first\n    "again" {\n    do x = 0\n  }\n')
    assert sum(line.count("# the short one first") for line in lines) == 1
