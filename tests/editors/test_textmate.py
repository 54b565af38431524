"""The VS Code TextMate grammar agrees with the Lark grammar on every shipped scaffold: each
keyword the parser reads is highlighted as a keyword, each string as a string (holes included),
each comment as a comment, each number as a number, and no other name as a keyword."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from lark import Lark, Token

from tests.editors.textmate import Grammar, Scopes
from worldgen.syntax.parser import grammar_text, keywords

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scaffolds").glob("*.wg"))
LITERALS = {"true", "false"}  # keywords of the grammar that are values: highlighted as constants


@cache
def textmate() -> Grammar:
    return Grammar(json.loads((ROOT / "editors" / "vscode" / "syntaxes" / "worldgen.tmLanguage.json").read_text()))


@cache
def lark() -> Lark:
    """The scaffold grammar, keeping the keyword tokens the AST drops."""
    return Lark(grammar_text(), parser="lalr", start="start", keep_all_tokens=True, propagate_positions=True)


def tokens(text: str) -> list[Token]:
    """Every token the parser reads (keywords included)."""
    return list(lark().parse(text).scan_values(lambda v: isinstance(v, Token)))


def scope_of(scopes: list[list[Scopes]], token: Token) -> list[Scopes]:
    """The scope stacks of a token's characters."""
    out: list[Scopes] = []
    line, col = token.line - 1, token.column - 1
    for ch in str(token):
        if ch == "\n":
            line, col = line + 1, 0
            continue
        out.append(scopes[line][col])
        col += 1
    return out


def has(stack: Scopes, prefix: str) -> bool:
    return any(s.startswith(prefix) for s in stack)


def test_every_keyword_of_the_lark_grammar_is_highlighted_as_one():
    for word in sorted(keywords()):
        [line] = textmate().tokenize(word)
        wanted = "constant.language." if word in LITERALS else "keyword."
        assert all(has(s, wanted) for s in line), word


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_textmate_grammar_scopes_what_the_parser_reads(path):
    text = path.read_text()
    scopes = textmate().tokenize(text)
    words = keywords()
    seen = set()
    for token in tokens(text):
        chars = scope_of(scopes, token)
        if token.type == "STRING":
            assert all(has(s, "string.") for s in chars), (token.line, str(token))
        elif token.type in ("NUMBER", "INT"):
            assert all(has(s, "constant.numeric.") for s in chars), (token.line, str(token))
        elif str(token) in words and token.type != "NAME":
            seen.add(str(token))
            wanted = "constant.language." if str(token) in LITERALS else "keyword."
            assert all(has(s, wanted) for s in chars), (token.line, str(token))
        elif token.type == "NAME" and str(token) not in words:
            assert not any(has(s, "keyword.") for s in chars), (token.line, str(token))
    assert seen  # the scaffold's keywords were checked


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_comments_are_scoped_as_comments(path):
    text = path.read_text()
    scopes = textmate().tokenize(text)
    comments: list[Token] = []
    Lark(grammar_text(), parser="lalr", start="start", lexer_callbacks={"COMMENT": comments.append}).parse(text)
    assert comments or "#" not in text
    for token in comments:
        assert all(has(s, "comment.") for s in scope_of(scopes, token)), (token.line, str(token))


def test_a_template_hole_is_an_expression_inside_the_string():
    [line] = textmate().tokenize('say "a {count(x: s, x in t)} b {{c}}"')
    at = 'say "a {count(x: s, x in t)} b {{c}}"'.index
    assert has(line[at("count")], "meta.template.expression.") and has(line[at("count")], "entity.name.function.call.")
    assert has(line[at(" in ")+1], "keyword.operator.word.")
    assert not has(line[at("{{c")], "meta.template.expression.")
