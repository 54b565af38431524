"""Text functions in the checker: each has a type, and each misuse is one WG diagnostic naming
the argument, as the other built-ins do."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.check.textfuncs import SIGNATURES, TEXT_BUILTINS
from worldgen.ir import types as T
from worldgen.ir.models import Expr

WORLD = """\
world t {{
  enum colour {{ red, blue }}
  state {{ n: int in 0..99 = 5  c: colour = red }}
  def line0(t: text) = {expr}
  action wait "wait" {{ }}
}}
"""


def body(expr: str) -> Expr:
    ir = worldgen.loads(WORLD.format(expr=expr), "t.wg").ir
    return ir.functions[0].body


def diagnostics(expr: str) -> list[str]:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(WORLD.format(expr=expr), "t.wg")
    return [f"{d.code} {d.message}" for d in err.value.diagnostics]


def test_every_function_has_a_signature_and_a_description() -> None:
    assert set(SIGNATURES) == set(TEXT_BUILTINS)


@pytest.mark.parametrize(("expr", "result"), [
    ("upper(t)", T.STR), ("lower(t)", T.STR), ("trim(t)", T.STR), ("replace(t, 'a', 'b')", T.STR),
    ("split(t)", T.list_of(T.STR)), ("split(t, ':')", T.list_of(T.STR)), ("lines(t)", T.list_of(T.STR)),
    ("starts(t, 'a')", T.BOOL), ("ends(t, 'a')", T.BOOL), ("contains(t, 'a')", T.BOOL),
    ("pad(t, 5)", T.STR), ("lpad(n, 5)", T.STR), ("zpad(n, 2)", T.STR), ("octal(n)", T.STR), ("human(n)", T.STR),
    ("len(t)", T.INT), ("t[0]", T.STR), ("t[1..-1]", T.STR), ("t[..2]", T.STR),
    ("split(t)[0]", T.STR), ("len(lines(t))", T.INT), ("join(split(t), '-')", T.STR),
    ("count(w: split(t), starts(w, '-'))", T.INT), ("'x' in split(t)", T.BOOL),
])
def test_text_functions_have_types(expr: str, result: T.Type) -> None:
    assert body(expr).type.same(result)


def test_pad_shows_any_value_as_a_template_would() -> None:
    e = body("lpad(c, 6) + pad(n, 3) + pad(split(t), 9)")
    assert e.type == T.STR


@pytest.mark.parametrize(("expr", "message"), [
    ("upper(n)", "WG301 the argument of upper must be text, but this is an int"),
    ("replace(t, 'a', 1)", "WG301 the third argument of replace must be text, but this is an int"),
    ("starts(c, 'r')", "WG301 the first argument of starts must be text, but this is a colour value"),
    ("pad(t, 'wide')", "WG301 the second argument of pad must be an int, but this is text"),
    ("zpad(t, 2)", "WG301 the first argument of zpad must be an int, but this is text"),
    ("human(t)", "WG301 the argument of human must be an int, but this is text"),
    ("upper(t, t)", "WG303 upper takes 1 argument, not 2: upper(t): t in capital letters"),
    ("split()", "WG303 split takes 1 or 2 arguments, not 0: split(t) or split(t, sep): the words of t "
                "(between runs of blanks), or the fields between each sep, as a list of text"),
    ("len(n)", "WG301 len needs a list or text, not an int: len(xs): how many items a list holds "
               "(or characters a text has)"),
    ("t[c]", "WG301 a text index must be an int, but this is a colour value"),
    ("t[0..c]", "WG301 a slice bound must be an int, but this is a colour value"),
    ("n[0..1]", "WG301 only an entity, an enum, a list or text can be sliced, as in room[1..], room[..-1] or xs[1..]"),
    ("contans(t, 'a')", "WG206 unknown function 'contans'; did you mean 'contains'?"),
    ("split(t) + 1", "WG301 the left side of '+' must be an int, but this is a list of text"),
])
def test_misuse_is_one_diagnostic(expr: str, message: str) -> None:
    assert diagnostics(expr) == [message]


def test_a_list_of_text_is_named_in_diagnostics() -> None:
    assert diagnostics("split(t) + [red]") == ["WG301 cannot join a list of text and a list of colour"]


def test_a_def_named_like_a_text_function_is_called_instead() -> None:
    ir = worldgen.loads("""\
world t {
  state { n: int in 0..511 = 420 }
  def octal(m: int in 0..511) = "{m / 64}{m / 8 % 8}{m % 8}"
  action wait "wait" { }
  observe "{octal(n)}"
}
""", "t.wg").ir
    (hole,) = [p.expr for p in ir.observe.parts if p.expr is not None]
    assert hole.op == "fn" and hole.name == "octal"
