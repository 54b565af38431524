"""What the AST does not keep but a printer wants back from the source text: comments, blank lines,
where blocks close, and how numbers were spelled.

The source is lexed again with the grammar's own lexer (comments are tokens there, only ignored by
the parser), so a ``#`` inside a string is never taken for a comment."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, fields

from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.parser import _lark

Pos = tuple[int, int]  # (line, column), 1-based, as in Span


@dataclass(frozen=True)
class Comment:
    pos: Pos
    text: str
    own_line: bool  # nothing but blanks before it on its line (else it ends a line of code)


class SourceMap:
    """Comments, blank lines and braces of one source text (which must parse)."""

    def __init__(self, source: str) -> None:
        self.lines = source.split("\n")
        self.comments: list[Comment] = []
        self._braces: dict[Pos, Pos] = {}  # each '{' -> its '}'
        self._opens: list[Pos] = []
        stack: list[Pos] = []
        code_on: set[int] = set()  # lines that hold a token before the current one
        for tok in _lark().lex(source, dont_ignore=True):
            pos = (tok.line, tok.column)
            if tok.type == "COMMENT":
                self.comments.append(Comment(pos, str(tok).rstrip(), tok.line not in code_on))
            elif tok.type != "WS":
                code_on.update(range(tok.line, (tok.end_line or tok.line) + 1))
                if tok.type == "LBRACE":
                    stack.append(pos)
                    self._opens.append(pos)
                elif tok.type == "RBRACE" and stack:
                    self._braces[stack.pop()] = pos

    def spelling(self, span: Span) -> str | None:
        """The text ``span`` covers, if it is on one line."""
        if span.end_line != span.line or span.end_col is None or not 0 < span.line <= len(self.lines):
            return None
        return self.lines[span.line - 1][span.col - 1 : span.end_col - 1]

    def block_after(self, pos: Pos) -> tuple[Pos, Pos] | None:
        """The first ``{ ... }`` opening at or after ``pos``: where it opens and where it closes."""
        i = bisect_left(self._opens, pos)
        if i == len(self._opens):
            return None
        opening = self._opens[i]
        closing = self._braces.get(opening)
        return (opening, closing) if closing else None

    def blank_between(self, after_line: int, before_line: int) -> bool:
        """Whether a blank line separates two source lines."""
        return any(not self.lines[i - 1].strip() for i in range(after_line + 1, before_line) if 0 < i <= len(self.lines))


def start(span: Span) -> Pos:
    return (span.line, span.col)


def end(span: Span) -> Pos:
    return (span.end_line or span.line, span.end_col or span.col)


def end_of(node: object) -> Pos:
    """The furthest source position any span inside ``node`` (an AST node or a list of them) reaches."""
    if isinstance(node, ast.Node):
        return max([end(node.span)] + [end_of(getattr(node, f.name)) for f in fields(node) if f.name != "span"])
    if isinstance(node, (list, tuple)):
        return max((end_of(x) for x in node), default=(0, 0))
    return (0, 0)
