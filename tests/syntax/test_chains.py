"""`or`/`and` chains: a flat chain is not deep (long ones are balanced trees), short ones keep the
grammar's left-leaning shape, and the printer prints any cluster flat, so formatting keeps it."""

from __future__ import annotations

from tests.syntax.test_printer import shape
from worldgen.syntax import ast
from worldgen.syntax.chains import LEFT_CHAIN
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source


def condition(text: str) -> ast.Expr:
    world = parse("world w {\n  state { x: int in 0..9 = 0 }\n  done when " + text + "\n}\n")
    return next(d.cond for d in world.decls if isinstance(d, ast.DoneDecl))


def depth(e: ast.Expr) -> int:
    return 1 + max(depth(e.left), depth(e.right)) if isinstance(e, ast.Binary) and e.op in ("or", "and") else 0


def terms(e: ast.Expr) -> list[str]:
    if isinstance(e, ast.Binary) and e.op in ("or", "and"):
        return terms(e.left) + terms(e.right)
    assert isinstance(e, ast.Binary) and isinstance(e.right, ast.Num)
    return [str(e.right.value)]


def test_a_chain_of_four_hundred_terms_is_nine_deep_with_its_terms_in_order():
    e = condition(" or ".join(f"x == {i}" for i in range(400)))
    assert depth(e) == 9  # ceil(log2(400))
    assert terms(e) == [str(i) for i in range(400)]


def test_a_short_chain_keeps_the_grammars_left_leaning_shape_and_parentheses_do_not_change_it():
    written = " and ".join(f"x == {i}" for i in range(LEFT_CHAIN))
    e = condition(written)
    assert depth(e) == LEFT_CHAIN - 1 and isinstance(e, ast.Binary) and e.left.op == "and"
    assert shape(condition("x == 1 and (x == 2 and x == 3)")) == shape(condition("x == 1 and x == 2 and x == 3"))


def test_a_long_chain_is_printed_flat_and_formats_to_itself():
    source = "world w {\n  state {\n    x: int in 0..9 = 0\n  }\n  done when " + " or ".join(
        f"x == {i % 10}" for i in range(400)) + "\n}\n"
    once = format_source(source)
    assert "(" not in once and once.count(" or ") + once.count("\n      or ") == 399
    assert format_source(once) == once
    assert shape(parse(once)) == shape(parse(source))
