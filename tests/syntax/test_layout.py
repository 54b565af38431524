"""The layout engine: a group is one line when it fits, else every break in it is a newline at
its nesting; a group is judged with the text that follows it up to the next break."""

from __future__ import annotations

from worldgen.syntax.layout import Break, Text, group, nest, render

CALL = group("f(", nest(4, Break(""), "alpha,", Break(), "beta"), ")")


def test_a_group_that_fits_stays_on_one_line() -> None:
    assert render(CALL, 20) == ["f(alpha, beta)"]


def test_a_group_that_does_not_fit_breaks_every_break_at_its_nesting() -> None:
    assert render(CALL, 10, indent=2) == ["  f(", "      alpha,", "      beta)"]


def test_inner_groups_fit_on_their_own_once_the_outer_one_broke() -> None:
    doc = group("xyz =", nest(4, Break(), CALL))
    assert render(doc, 18) == ["xyz =", "    f(alpha, beta)"]


def test_text_after_a_group_counts_only_up_to_the_next_break() -> None:
    doc = group(CALL, nest(4, Break(), "else 'a long message that never fits'"))
    assert render(doc, 20) == ["f(alpha, beta)", "    else 'a long message that never fits'"]


def test_a_triple_quoted_string_keeps_its_lines_under_the_statement() -> None:
    doc = group("say ", Text(('"""', "  one", "  two" + '"""')))
    assert render(doc, 80, indent=4) == ['    say """', "      one", '      two"""']
