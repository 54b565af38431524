"""The source printer (``worldgen fmt``): on every scaffold the repository holds, printing keeps
the AST and the checked IR and is a fixed point; comments, blank lines and spellings survive."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import worldgen
from tests.syntax.corpus import scaffolds
from worldgen.errors import DiagnosticError, Span
from worldgen.syntax import ast
from worldgen.syntax.parser import _lark, parse
from worldgen.syntax.printer import format_source, print_world

CORPUS = scaffolds()


def shape(node: Any) -> Any:
    """The AST without source positions; a triple-quoted string by its value (its margin moves)."""
    if isinstance(node, ast.Str):
        return ("Str", node.value, node.quote, node.raw if node.quote == 1 else None)
    if isinstance(node, ast.Node):
        return (type(node).__name__, *((f.name, shape(getattr(node, f.name))) for f in fields(node)
                                       if not isinstance(getattr(node, f.name), Span)))
    if isinstance(node, list):
        return [shape(x) for x in node]
    if isinstance(node, tuple):  # hidden names: (name, span)
        return tuple(shape(x) for x in node if not hasattr(x, "col"))
    return node


def checked_ir(source: str) -> Any:
    """The checked IR without source lines, or the diagnostic codes if the scaffold does not check."""
    try:
        ir = json.loads(worldgen.loads(source).ir.to_json())
    except DiagnosticError as err:
        return sorted(d.code for d in err.diagnostics)

    def drop_lines(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: drop_lines(v) for k, v in x.items() if k != "line"}
        return [drop_lines(v) for v in x] if isinstance(x, list) else x

    return drop_lines(ir)


def test_the_corpus_holds_every_kind_of_scaffold() -> None:
    origins = {name.split("/")[0].split(":")[0] for name in CORPUS}
    assert {"scaffolds", "tests", "docs", "README.md"} <= origins
    assert len(CORPUS) > 100


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_printing_keeps_the_ast_and_the_ir_and_is_a_fixed_point(name: str) -> None:
    source = CORPUS[name]
    printed = format_source(source)
    assert shape(parse(printed)) == shape(parse(source))
    assert checked_ir(printed) == checked_ir(source)
    assert format_source(printed) == printed


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_printing_without_the_source_keeps_the_ast(name: str) -> None:
    """An AST built or edited in code prints without its source (no comments to keep then)."""
    printed = print_world(parse(CORPUS[name]))
    assert shape(parse(printed)) == shape(parse(CORPUS[name]))
    assert "#" not in printed.replace('"#', "").split("world", 1)[0]


MESSY = '''\
# header

world w {   # the world
  state { n: int in 0..3 = 0; b: bool = false }
  instruction """
      Hello {n}
        indented
      end"""
  action inc "inc" | "plus" {
    # before when
    when n < 3
    if n == 1 { do n += 1 } else if n == 2 { say "two" } else { chance(1/3) { do b = true } else { do b = false } }
    # dangling at end
  }   # after action


  action nop "nop" {}
  reward (-(1)) when b
  reward 0.5 on inc
  const big = 1_000 + 0x1f + 0o17 - (-3)^2
  observe 'n={n}'
  axis feedback { a {} b { reward 1 when n == 3  horizon 4 } }
}
# trailer
'''

CANONICAL = '''\
# header

world w {  # the world
  state {
    n: int in 0..3 = 0
    b: bool = false
  }
  instruction """
    Hello {n}
      indented
    end"""
  action inc "inc" | "plus" {
    # before when
    when n < 3
    if n == 1 {
      do n += 1
    } else if n == 2 {
      say "two"
    } else {
      chance(1 / 3) {
        do b = true
      } else {
        do b = false
      }
    }
    # dangling at end
  }  # after action

  action nop "nop" {}
  reward -1 when b
  reward 0.5 on inc
  const big = 1_000 + 0x1f + 0o17 - (-3)^2
  observe "n={n}"
  axis feedback {
    a {}
    b { reward 1 when n == 3  horizon 4 }
  }
}
# trailer
'''


def test_a_messy_scaffold_prints_in_canonical_form() -> None:
    """One construct per line, blocks opened, comments where they were, one blank line at most,
    parentheses only where precedence needs them, numbers spelled as written."""
    assert format_source(MESSY) == CANONICAL


def test_long_lines_wrap_at_operators_commas_and_else() -> None:
    source = ("world w {\n  state { n: int in 0..3 = 0 }\n"
              "  action inc \"inc\" { when n < 3 and n != 2 and n != 1 or n == 0 and n + 1 < 3 and n - 1 < 2 "
              "else \"the counter is at its top and will not go further\" do n += 1 }\n}\n")
    printed = format_source(source)
    assert printed.splitlines()[5:7] == [
        "    when (n < 3 and n != 2 and n != 1) or (n == 0 and n + 1 < 3 and n - 1 < 2)",
        "        else \"the counter is at its top and will not go further\""]
    assert max(len(line) for line in printed.splitlines()) <= 100


def test_trailing_comments_of_a_block_line_up() -> None:
    source = "world w {\n  state {\n    a: bool = false # one\n    bb: bool = true\n    ccc: bool = false   # three\n  }\n}\n"
    assert format_source(source).splitlines()[2:5] == [
        "    a: bool = false    # one", "    bb: bool = true", "    ccc: bool = false  # three"]


def test_a_file_that_does_not_parse_is_a_located_error() -> None:
    with pytest.raises(DiagnosticError) as err:
        format_source("world w {\n  reward 1 if x\n}\n", "bad.wg")
    assert str(err.value).startswith("bad.wg:2:12: error: unexpected 'if'")


@pytest.mark.parametrize("source", [
    'world w {\r\n  state { n: int in 0..3 = 0 }\r\n  action a "a" { do n += 1 }\r\n  observe """\r\n    x\r\n    y"""\r\n}\r\n',
    'world w {\n  state { n: int in 0..3 = 0 }\n  action a "a" { do n += 1 }\n  observe """\n    x  \n      \n    y"""\n}\n',
], ids=["crlf", "trailing-blanks"])
def test_the_text_of_a_triple_quoted_string_survives_odd_whitespace(source: str) -> None:
    """Line ends and trailing blanks inside a triple-quoted string are its text: kept as they were."""
    printed = format_source(source)
    assert checked_ir(printed) == checked_ir(source)
    assert format_source(printed) == printed


def _code_line_ends(source: str) -> list[int]:
    """Line numbers (1-based) whose end is code, not the inside of a multi-line string."""
    inside: set[int] = set()
    for tok in _lark().lex(source):
        if tok.type == "STRING":
            inside.update(range(tok.line, tok.end_line))
    return [n for n in range(1, source.count("\n") + 2) if n not in inside]


@st.composite
def commented_scaffold(draw: st.DrawFn) -> str:
    """A corpus scaffold with comments added at the ends of lines and on lines of their own."""
    source = CORPUS[draw(st.sampled_from(sorted(CORPUS)))]
    lines = source.split("\n")
    ends = _code_line_ends(source)
    for k, n in enumerate(sorted(draw(st.lists(st.sampled_from(ends), min_size=1, max_size=6)), reverse=True)):
        if draw(st.booleans()):
            lines[n - 1] += f"  # note {k}"
        else:  # a line of its own after line n (whose end is code, so it is not inside a string)
            lines.insert(n, f"# note {k}")
    return "\n".join(lines)


def check_comments_survive(source: str) -> None:
    printed = format_source(source)
    assert sorted(re.findall(r"# note \d+", printed)) == sorted(re.findall(r"# note \d+", source))
    assert shape(parse(printed)) == shape(parse(source))
    assert format_source(printed) == printed


@settings(max_examples=200, deadline=None, database=None, derandomize=True)
@given(source=commented_scaffold())
def test_comments_are_never_lost_and_printing_stays_a_fixed_point(source: str) -> None:
    check_comments_survive(source)


@pytest.mark.long
@settings(max_examples=10_000, deadline=None, database=None)
@given(source=commented_scaffold())
def test_comments_survive_ten_thousand_commented_scaffolds(source: str) -> None:
    check_comments_survive(source)
