"""The BRE/ERE translation: which characters are operators, bracket classes, GNU's errors,
and the refusal of patterns that would backtrack without end."""

from __future__ import annotations

import re

import pytest

from worldgen.shell.builtins.regex import RegexError, compile_posix


def matches(pattern: str, text: str, **flags: bool) -> bool:
    rx = compile_posix(pattern, **flags)
    return rx.rx.search(rx.subject(text)) is not None


def test_bre_escaped_operators_and_bare_literals():
    assert matches("a\\{2\\}", "xaa") and not matches("a\\{2\\}", "a{2}")
    assert matches("a{2}", "a{2}") and matches("(x)", "(x)") and matches("a|b", "a|b")
    assert matches("\\(ab\\)\\1", "abab") and matches("x\\+", "xx") and matches("^*", "*")


def test_ere_operators():
    assert matches("^(ab)+$", "abab", extended=True) and matches("a|z", "z", extended=True)
    assert matches("a{1", "a{1", extended=True)  # not an interval: a literal brace


def test_bracket_classes_and_literal_backslash():
    assert matches("[[:digit:]][[:space:]]", "1 ") and not matches("[[:upper:]]", "abc")
    assert matches("[\\n]", "\\") and matches("[]a]", "]")
    assert not matches("[^a]", "a\n"[0])


def test_case_folding_keeps_spans_and_classes():
    assert matches("ERROR", "an error", icase=True) and matches("[A-C]x", "bX", icase=True)


@pytest.mark.parametrize("pattern, message", [
    ("\\(", "Unmatched ( or \\("), ("\\)", "Unmatched ) or \\)"), ("[a", "Unmatched [, [^, [:, [., or [="),
    ("a\\{1", "Unmatched \\{"), ("\\1", "Invalid back reference"), ("[z-a]", "Invalid range end"),
    ("[[:nope:]]", "Invalid character class name"), ("a\\", "Trailing backslash"),
    ("[:space:]", "character class syntax is [[:space:]], not [:space:]"),
])
def test_gnu_errors(pattern: str, message: str):
    with pytest.raises(RegexError, match=f"^{re.escape(message)}$"):
        compile_posix(pattern)


@pytest.mark.parametrize("pattern", ["(a+)+$", "(a|a)*", "(\\w+\\s?)+$", "(a*a*b)+", "((ab)*)*",
                                     "a?" * 30 + "a" * 30, "[ab]{0,3}" * 8 + "b"])
def test_exponential_shapes_are_refused(pattern: str):
    with pytest.raises(RegexError, match="refused"):
        compile_posix(pattern, extended=True)


@pytest.mark.parametrize("pattern", ["(foo|bar)+", "([a-z]+,)*", "[0-9]{1,3}(\\.[0-9]{1,3}){3}", "a**",
                                     "[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}", "-?[0-9]+(\\.[0-9]{0,2})?",
                                     "a?" * 12 + "b"])
def test_common_repetitions_are_allowed(pattern: str):
    compile_posix(pattern, extended=True)


def test_overlapping_wildcards_are_budgeted_by_line_length():
    rx = compile_posix(".*a.*b")
    assert not rx.too_costly(20_000, 100) and rx.too_costly(1_000_000, 1_000_000)
    assert compile_posix("error").degree == 0


@pytest.mark.parametrize("pattern, extended, degree", [
    (".*a.*b", False, 2),
    (".*\\[\\(.*\\)\\].*", False, 2),  # a trailing .* always matches: it never backtracks
    (".*\\[([^]]+)\\].*$", True, 2),
    ("^[^[]*\\[([^]]*)\\].*$", True, 1),  # ^: only line starts are tried
    ("^.*x", False, 0),
    ("x(a.*)", True, 0),
    (".*a*", False, 2),  # a trailing repeat that can fail still fights
    ("x(a|.*)", True, 1),
])
def test_the_degree_counts_the_wildcards_that_can_fight_less_what_the_ends_rule_out(pattern: str, extended: bool,
                                                                                     degree: int):
    assert compile_posix(pattern, extended=extended).degree == degree


def test_long_patterns_are_refused():
    with pytest.raises(RegexError, match="longer than 4096"):
        compile_posix("a" * 5000)


@pytest.mark.parametrize("open_, close, extended", [("\\(", "\\)", False), ("(", ")", True)])
def test_groups_nest_a_hundred_deep_and_deeper_is_refused(open_: str, close: str, extended: bool):
    """The fuzz run's `sed 's/port=\\(=\\(=...'`: 200 nested groups were a RecursionError."""
    assert matches(open_ * 100 + "a" + close * 100, "a", extended=extended)
    with pytest.raises(RegexError, match="^pattern refused: groups nested deeper than 100$"):
        compile_posix(open_ * 400 + "a" + close * 400, extended=extended)
