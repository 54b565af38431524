"""Source text -> AST. One cached LALR parser (the tree becomes AST in transform.py); syntax errors
become located diagnostics."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from worldgen.datafiles import data_folder
from worldgen.errors import DiagnosticSink, Span
from worldgen.syntax import ast
from worldgen.syntax.chains import balance_chains
from worldgen.syntax.hints import hint
from worldgen.syntax.limits import check_source_size, check_tree
from worldgen.syntax.parser_cache import cached_lark
from worldgen.syntax.transform import TRANSFORMER as _TRANSFORMER
from worldgen.syntax.unfinished import unfinished


def grammar_text() -> str:
    return data_folder("grammars").joinpath("worldgen.lark").read_text("utf-8")


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return cached_lark(
        grammar_text(),
        start=["start", "expr", "decl"],  # decl: one declaration re-parsed alone (syntax/reparse.py)
        propagate_positions=True,
        maybe_placeholders=True,
        strict=False,
    )


_FRIENDLY = {
    "RBRACE": "'}'",
    "LBRACE": "'{'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COLON": "':'",
    "COMMA": "','",
    "SEMICOLON": "';'",
    "EQUAL": "'='",
    "NAME": "a name",
    "STRING": "a string",
    "INT": "an integer",
    "NUMBER": "a number",
    "$END": "end of file",
}


def _describe_expected(expected: set[str]) -> str:
    names = sorted({_FRIENDLY.get(e, e.lower().strip("_") if not e.startswith("__") else e) for e in expected})
    readable = [n for n in names if not n.startswith("__")]
    if not readable:
        return ""
    if len(readable) > 8:
        return ""
    return "; expected " + ", ".join(readable)


def _token_text(tok: Token) -> str:
    if tok.type == "$END":
        return "end of file"
    return repr(str(tok))


def _syntax_error(err: UnexpectedInput, sink: DiagnosticSink, text: str, line_offset: Span | None = None) -> None:
    """Report a Lark error; ``text`` is what was parsed (the file, or a template hole)."""
    line, col = err.line, err.column
    if isinstance(err, UnexpectedToken):
        tok = err.token
        if tok.type == "$END":  # point just past the last thing written
            lines = text.rstrip().split("\n")
            line, col = len(lines), len(lines[-1]) + 1
            what = "end of file" if line_offset is None else "end of '{...}'"
            missing = "; a closing '}' is missing" if "RBRACE" in err.expected and line_offset is None else ""
            message = f"unexpected {what}" + (missing or _expected_keywords(err))
        elif tok.type == "STRING" and "VBAR" in err.expected:
            message = f"unexpected {_token_text(tok)}; separate a command's phrasings with |"
        elif (left := unfinished(text, line, col)) is not None:
            (line, col), message = (left[0].line, left[0].col), left[1]
        else:
            slip = hint(tok, set(err.expected), text.split("\n")[line - 1], _keyword_of)
            message = f"unexpected {_token_text(tok)}" + (f"; {slip}" if slip else _expected_keywords(err))
    elif isinstance(err, UnexpectedCharacters):
        char = text.split("\n")[line - 1][col - 1]  # Lark counts lines by "\n" alone, not "\v" or "\u2028"
        message = f"unexpected character {char!r}"
        if char in "\"'":  # a quote the lexer could not close on its line
            message = ("this string is not closed on its line; a string cannot span lines: write \\n for a "
                       "line break, or use triple quotes (\"\"\"...\"\"\") for text over several lines")
        elif char == "\ufeff":  # some Windows editors start a UTF-8 file with one
            message += "; the file starts with a byte-order mark: save it as UTF-8 without BOM"
    elif isinstance(err, UnexpectedEOF):  # pragma: no cover - LALR reports UnexpectedToken($END)
        message = "unexpected end of file"
    else:  # pragma: no cover - lark has no other UnexpectedInput kinds
        message = "syntax error"
    if line_offset is not None:  # error inside a template hole: map back into the source
        col = line_offset.col + (col - 1) if line == 1 else col
        line = line_offset.line + line - 1
    sink.error("WG101", message, Span(line, col))


def _expected_keywords(err: UnexpectedToken) -> str:
    expected = set(err.expected)
    keywords = sorted(
        t for t in (_keyword_of(e) for e in expected) if t is not None
    )
    if keywords and len(keywords) <= 10:
        return "; expected " + ", ".join(keywords)
    return _describe_expected(expected)


@cache
def _keyword_map() -> dict[str, str]:
    out: dict[str, str] = {}
    for term in _lark().terminals:
        pattern = term.pattern
        if pattern.type == "str":
            out[term.name] = repr(pattern.value)
    return out


def keywords() -> frozenset[str]:
    """The grammar's reserved words (its alphabetic string terminals), for editors."""
    return frozenset(v.strip("'") for v in _keyword_map().values() if v.strip("'").isidentifier())


def _keyword_of(terminal: str) -> str | None:
    if terminal in _FRIENDLY:
        return _FRIENDLY[terminal]
    return _keyword_map().get(terminal)


def parse(source: str, filename: str = "<string>") -> ast.World:
    """Parse a scaffold; raises DiagnosticError with a located WG1xx diagnostic on bad syntax."""
    return to_ast(parse_tree(source, filename))


def parse_tree(source: str, filename: str = "<string>") -> Tree:
    """The checked parse tree of a scaffold (``parse`` without the AST); raises DiagnosticError."""
    sink = DiagnosticSink(filename, source)
    check_source_size(source, sink)
    sink.raise_if_any()
    try:
        tree = balance_chains(_lark().parse(source, start="start"))
    except UnexpectedInput as err:
        _syntax_error(err, sink, source)
        sink.raise_if_any()
        raise  # unreachable: raise_if_any raised
    check_tree(tree, sink)
    sink.raise_if_any()
    return tree


def to_ast(tree: Tree) -> Any:
    """The AST of a parse tree: a scaffold's (``start``) or one declaration's."""
    return _TRANSFORMER.transform(tree)


@lru_cache(maxsize=4096)
def _hole_tree(text: str) -> Tree:
    """A template hole's parse tree, by its text: a check parses every hole of the file, and a
    file being edited keeps nearly all of them (the tree is read, never changed)."""
    return balance_chains(_lark().parse(text, start="expr"))


@lru_cache(maxsize=4096)
def _hole_ast(text: str, at: Span) -> ast.Expr | None:
    """A hole's AST placed at ``at``, or None when its tree is too deep or holds an over-long
    string. Shared by every check of the same hole at the same place: the checker only reads the
    AST (callers that move it copy it first)."""
    tree = _hole_tree(text)
    probe = DiagnosticSink("", text)
    check_tree(tree, probe, at)
    if probe.diagnostics:
        return None
    node = _TRANSFORMER.transform(tree)
    shift_spans(node, at)
    return node


def parse_expr(text: str, at: Span, sink: DiagnosticSink) -> ast.Expr | None:
    """Parse a template hole. ``at`` is where ``text`` starts in the source, so diagnostics and
    node spans point into the scaffold file."""
    try:
        tree = _hole_tree(text)
    except UnexpectedInput as err:
        _syntax_error(err, sink, text, at)
        return None
    node = _hole_ast(text, at)
    if node is None:
        check_tree(tree, sink, at)  # says why, in the caller's file
    return node


def shift_spans(node: object, at: Span) -> None:
    """Move spans of a hole's nodes (relative to the hole) to absolute source positions."""
    if isinstance(node, ast.Node):
        s = node.span
        col = at.col + s.col - 1 if s.line == 1 else s.col
        end_col = None
        if s.end_col is not None:
            end_col = at.col + s.end_col - 1 if (s.end_line or 1) == 1 else s.end_col
        node.span = Span(at.line + s.line - 1, col, at.line + (s.end_line or 1) - 1, end_col)
        for value in vars(node).values():
            shift_spans(value, at)
    elif isinstance(node, (list, tuple)):
        for item in node:
            shift_spans(item, at)
