"""Tagged unions in the syntax: `type NAME = tag(TYPE) | tag` and `x is tag` parse to their nodes,
`type` and `is` stay names where no union is meant, and `worldgen fmt` prints both back."""

from __future__ import annotations

from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source
from worldgen.syntax.unions_ast import IsTest, UnionDecl, VariantDecl

SOURCE = """\
world w {
  entity room[2]
  type place = floor(room) | carried
  state { is: bool = false  at: place = carried  type: int in 0..2 = 0 }
  action a "a" { when not at is floor and type < 2  do type += 1 }
}
"""


def test_a_union_declaration_lists_its_tags_and_payloads_with_positions() -> None:
    [union] = [d for d in parse(SOURCE, "w.wg").decls if isinstance(d, UnionDecl)]
    assert (union.head, union.name, union.span, union.head_span) == ("type", "place", Span(3, 8, 3, 13), Span(3, 3, 3, 7))
    assert union.variants == [VariantDecl(Span(3, 16, 3, 27), "floor", "room", Span(3, 22, 3, 26)),
                              VariantDecl(Span(3, 30, 3, 37), "carried", None)]


def test_is_binds_like_a_comparison_under_not_and_over_arithmetic() -> None:
    done = next(d for d in parse("world w { done when not at + 1 is floor and ok }", "w.wg").decls)
    e = done.cond
    assert isinstance(e, ast.Binary) and e.op == "and"
    assert isinstance(e.left, ast.Unary) and isinstance(e.left.operand, IsTest)
    test = e.left.operand
    assert test.tag == "floor" and isinstance(test.operand, ast.Binary) and test.operand.op == "+"


def test_type_and_is_remain_names_of_variables() -> None:
    state = next(d for d in parse(SOURCE, "w.wg").decls if isinstance(d, ast.StateDecl))
    assert [v.name for v in state.vars] == ["is", "at", "type"]


def test_fmt_prints_unions_and_is_tests_and_is_a_fixed_point() -> None:
    long = SOURCE.replace("floor(room) | carried", "floor(room) | inside_the_great_wardrobe(room) | carried_in_the_left_hand | lost_somewhere_in_the_house_for_ever"
                          " | lent_to_the_neighbour")
    once = format_source(long)
    assert ("  type place = floor(room)\n      | inside_the_great_wardrobe(room)\n      | carried_in_the_left_hand\n"
            "      | lost_somewhere_in_the_house_for_ever\n      | lent_to_the_neighbour\n") in once
    assert "when not at is floor and type < 2" in once
    assert format_source(once) == once
