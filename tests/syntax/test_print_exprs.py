"""Expressions print so that they parse back to themselves: random expression trees over every
kind of node and operator (hypothesis), printed and parsed again, give the same tree; parentheses
appear only where the grammar's precedence needs them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.syntax.test_printer import shape
from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.parser import parse
from worldgen.syntax.print_exprs import number
from worldgen.syntax.printer import print_world

AT = Span(0, 0)
NAMES = st.sampled_from(["a", "b", "xs", "room", "n_2"])
OPS = ["or", "and", "==", "!=", "<", "<=", ">", ">=", "in", "notin", "+", "-", "*", "/", "%", "^"]

leaves = st.one_of(
    st.integers(0, 10**12).map(lambda v: ast.Num(AT, v)),
    st.integers(1, 10**6).map(lambda v: ast.Num(AT, -v)),  # how the parser folds `-5`
    st.floats(0, 1e6, allow_nan=False).map(lambda v: ast.Num(AT, v)),
    st.booleans().map(lambda v: ast.Bool(AT, v)),
    NAMES.map(lambda n: ast.Name(AT, n)),
    st.from_regex(r"[a-z ]{0,6}", fullmatch=True).map(lambda s: ast.Str(AT, s, s)),
)


def _composite(inner: st.SearchStrategy[ast.Expr]) -> st.SearchStrategy[ast.Expr]:
    not_num = inner.filter(lambda e: not isinstance(e, ast.Num))  # `-5` is a number, not a negation
    domain = st.one_of(inner, st.builds(lambda lo, hi: ast.IntRange(AT, lo, hi), inner, inner))
    return st.one_of(
        st.builds(lambda op, l, r: ast.Binary(AT, op, l, r), st.sampled_from(OPS), inner, inner),
        st.builds(lambda e: ast.Unary(AT, "not", e), inner),
        st.builds(lambda e: ast.Unary(AT, "-", e), not_num),
        st.builds(lambda c, a, b: ast.Cond(AT, c, a, b), inner, inner, inner),
        st.builds(lambda n, v, b: ast.Let(AT, n, v, b), NAMES, inner, inner),
        st.builds(lambda f, args: ast.Call(AT, f, args), NAMES, st.lists(inner, max_size=3)),
        st.builds(lambda f, v, d, b, x: ast.Quantifier(AT, f, v, d, b, x), NAMES, NAMES, domain, inner,
                  st.none() | inner),
        st.builds(lambda o, i: ast.Index(AT, o, i), inner, inner),
        st.builds(lambda o, lo, hi: ast.Slice(AT, o, lo, hi), inner, st.none() | inner, st.none() | inner),
        st.builds(lambda o, n: ast.Field(AT, o, n), inner, NAMES),
        st.lists(inner, max_size=3).map(lambda items: ast.SetLit(AT, items)),
        st.lists(inner, max_size=3).map(lambda items: ast.ListLit(AT, items)),
        st.lists(st.tuples(inner, inner), min_size=1, max_size=3).map(lambda items: ast.MapLit(AT, items)),
    )


expressions = st.recursive(leaves, _composite, max_leaves=12)


def world_with(*decls: ast.Decl) -> ast.World:
    return ast.World(AT, "w", list(decls))


def check_round_trip(e: ast.Expr, cond: ast.Expr, domain: ast.Expr) -> None:
    """``e``, ``cond`` and ``domain`` in every expression position of a world, printed and parsed."""
    body = [ast.When(AT, cond, ast.Str(AT, "no", "no")), ast.Do(AT, [ast.Effect(AT, ast.Index(AT, e, cond), "+=", e)]),
            ast.For(AT, "x", ast.IntRange(AT, e, domain), [ast.LetClause(AT, "y", domain)])]
    world = world_with(
        ast.ConstDecl(AT, "c", e),
        ast.ActionDecl(AT, "act", [], [ast.Str(AT, "go", "go")], body),
        ast.RewardDecl(AT, e, "each", cond=cond, var="x", domain=domain),
        ast.HorizonDecl(AT, e),
    )
    printed = print_world(world)
    assert shape(parse(printed)) == shape(world), printed


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(e=expressions, cond=expressions, domain=expressions)
def test_random_expressions_print_and_parse_back_to_themselves(e: ast.Expr, cond: ast.Expr, domain: ast.Expr) -> None:
    check_round_trip(e, cond, domain)


@pytest.mark.long
@settings(max_examples=20_000, deadline=None, database=None)
@given(e=expressions, cond=expressions, domain=expressions)
def test_twenty_thousand_random_expressions_print_and_parse_back(e: ast.Expr, cond: ast.Expr, domain: ast.Expr) -> None:
    check_round_trip(e, cond, domain)


@pytest.mark.parametrize(("value", "spelled", "printed"), [
    (1000, "1_000", "1_000"), (31, "0x1f", "0x1f"), (15, "0o17", "0o17"), (-3, "- 3", "-3"),
    (1000, None, "1000"), (0.25, None, "0.25"), (1e-07, None, "0.0000001"), (1e22, None, "10000000000000000000000.0"),
    (5, "0x1f", "5"),  # a spelling that no longer means the value is dropped
])
def test_numbers_keep_their_spelling_while_it_means_their_value(value: float, spelled: str | None, printed: str) -> None:
    assert number(value, spelled) == printed
